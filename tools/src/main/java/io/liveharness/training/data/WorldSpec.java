package io.liveharness.training.data;

import io.liveharness.config.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The archetypes training rooms and products are drawn from ({@code data/training/world.yaml}). */
public record WorldSpec(List<String> hosts, List<String> personasZh, List<String> personasEn, List<String> titles,
                        List<List<String>> shipping, List<List<String>> returns, List<Category> categories,
                        List<List<String>> colors, List<String> noColors, List<List<String>> modifiers,
                        List<String> brandSyllables, List<String> brandSuffixes, Draws draws) {
    public static final Path DEFAULT_FILE = Path.of("data/training/world.yaml");

    /** One kind of product: its names, sizes, materials (each a [Chinese, English] pair) and price range. */
    public record Category(String zh, String en, List<Integer> price, List<List<String>> sizes, List<List<String>> names,
                           List<List<String>> materials) { }

    /**
     * How often a product departs from its category's archetype, each a probability: a brand, one
     * modifier and then a second, a name made of its material and category word, a material from
     * any category, a material written in English only; an id made of the category's name rather
     * than a word of its own.
     */
    public record Draws(double brand, double modifier, double secondModifier, double materialName,
                        double foreignMaterial, double englishOnlyMaterial, double categoryId) { }

    public static WorldSpec load(Path file) {
        try {
            return Json.YAML.readValue(file.toFile(), WorldSpec.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
