package io.liveharness.training.data;

import io.liveharness.config.Json;
import io.liveharness.room.RoomManifest.FaqEntry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The archetypes training rooms and products are drawn from ({@code data/training/world.yaml}); {@code faqs} by category (English name). */
public record WorldSpec(List<String> hosts, List<String> personasZh, List<String> personasEn, List<String> titles,
                        List<List<String>> shipping, List<List<String>> returns, List<Category> categories,
                        List<List<String>> colors, List<String> noColors, List<List<String>> modifiers,
                        List<String> brandSyllables, List<String> brandSuffixes, ShelfLife shelfLife,
                        Map<String, List<FaqEntry>> faqs, Draws draws) {
    public WorldSpec {
        faqs = faqs == null ? Map.of() : faqs;
        for (String kind : faqs.keySet()) {
            if (categories.stream().noneMatch(c -> c.en().equals(kind))) throw new IllegalArgumentException("faqs: " + kind + " is no category's English name");
        }
    }

    public static final Path DEFAULT_FILE = Path.of("data/training/world.yaml");

    /**
     * One kind of product: its names, sizes, materials (each a [Chinese, English] pair) and price
     * range; for goods that keep, the range of months a shelf life is drawn from, and for goods sold
     * by the pack, how a pack count is named (both absent otherwise).
     */
    public record Category(String zh, String en, List<Integer> price, List<List<String>> sizes, List<List<String>> names,
                           List<List<String>> materials, List<Integer> shelfLifeMonths, Pack pack) {
        public Category {
            // an unquoted "cashew, almond" in a YAML list is two entries: the English would be cut to "cashew"
            for (List<List<String>> pairs : List.of(names, materials)) {
                for (List<String> pair : pairs) {
                    if (pair.size() != 2) throw new IllegalArgumentException("category " + en + ": " + pair + " is not a [Chinese, English] pair (quote an English part that has a comma)");
                }
            }
            if (pack != null && (pack.counts() == null || pack.counts().size() != 2 || pack.counts().get(0) < 2 || pack.counts().get(1) < pack.counts().get(0))) {
                throw new IllegalArgumentException("category " + en + ": pack counts " + (pack.counts()) + " is not a range [low, high] from 2");
            }
            if (shelfLifeMonths != null && (shelfLifeMonths.size() != 2 || shelfLifeMonths.get(0) < 1 || shelfLifeMonths.get(1) < shelfLifeMonths.get(0))) {
                throw new IllegalArgumentException("category " + en + ": shelfLifeMonths " + shelfLifeMonths + " is not a range [low, high] of months");
            }
        }
    }

    /** A pack count in a product's name, "每日坚果礼盒 30袋 daily mixed nuts gift box (30 packs)": its unit in each language and the range drawn from. */
    public record Pack(String zh, String en, List<Integer> counts) { }

    /** How a material states a shelf life, each a [Chinese, English] pair with {n} for the number. */
    public record ShelfLife(List<String> months, List<String> years) { }

    /**
     * How often a product departs from its category's archetype, each a probability: a brand, one
     * modifier and then a second, a name made of its material and category word, a material from
     * any category, a material written in English only; an id made of the category's name rather
     * than a word of its own; a shelf life stated (goods that keep), in each language's material; of a room,
     * one product of a second kind beside its own (as the demo's tech room sells a power bank); a
     * pack count in the name of goods sold by the pack (a number beside the shelf life's, as the
     * demo's nuts have: 30 packs, 9 months); of a room, some of its kind's FAQ (as every demo room has).
     */
    public record Draws(double brand, double modifier, double secondModifier, double materialName,
                        double foreignMaterial, double englishOnlyMaterial, double categoryId,
                        double shelfLife, double secondCategory, double packCount, double soldOut,
                        double faq) { }

    public static WorldSpec load(Path file) {
        try {
            return Json.YAML.readValue(file.toFile(), WorldSpec.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
