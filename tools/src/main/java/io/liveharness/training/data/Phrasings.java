package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Viewer-message templates per kind and language ({@code data/training/phrasings.yaml}), and under
 * its {@code slots} key the values a template's slot takes when the room's data does not give it
 * (a region, a colour or size the product lacks), per language.
 */
public record Phrasings(Map<String, Map<String, List<String>>> byKind, Map<String, Map<String, List<String>>> slots) {
    public static final Path DEFAULT_FILE = Path.of("data/training/phrasings.yaml");
    private static final TypeReference<Map<String, Map<String, List<String>>>> SHAPE = new TypeReference<>() { };

    public static Phrasings load(Path file) {
        JsonNode tree;
        try {
            tree = Json.YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!(tree instanceof ObjectNode kinds)) throw new IllegalArgumentException(file + ": not a mapping of kinds to phrasings per language");
        JsonNode slots = kinds.remove("slots");
        try {
            return new Phrasings(Json.YAML.convertValue(kinds, SHAPE), slots == null ? Map.of() : Json.YAML.convertValue(slots, SHAPE));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": each kind and slot is a mapping of language to a list of texts: " + e.getMessage(), e);
        }
    }

    /** The values slot {@code name} takes in {@code lang}. */
    public List<String> slot(String name, String lang) {
        List<String> out = slots.getOrDefault(name, Map.of()).get(lang);
        if (out == null || out.isEmpty()) throw new IllegalArgumentException("no values for slot " + name + "/" + lang + " (phrasings' slots)");
        return out;
    }

    public List<String> of(String kind, String lang) {
        List<String> out = byKind.getOrDefault(kind, Map.of()).get(lang);
        if (out == null || out.isEmpty()) throw new IllegalArgumentException("no phrasings for " + kind + "/" + lang);
        return out;
    }
}
