package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.type.TypeReference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Viewer-message templates per kind and language ({@code data/training/phrasings.yaml}). */
public record Phrasings(Map<String, Map<String, List<String>>> byKind) {
    public static final Path DEFAULT_FILE = Path.of("data/training/phrasings.yaml");

    public static Phrasings load(Path file) {
        try {
            return new Phrasings(Json.YAML.readValue(file.toFile(), new TypeReference<>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public List<String> of(String kind, String lang) {
        List<String> out = byKind.getOrDefault(kind, Map.of()).get(lang);
        if (out == null || out.isEmpty()) throw new IllegalArgumentException("no phrasings for " + kind + "/" + lang);
        return out;
    }
}
