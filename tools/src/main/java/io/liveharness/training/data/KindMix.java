package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** How often each kind of viewer message is drawn ({@code data/training/mix.yaml}), in the file's order. */
public record KindMix(Map<String, Integer> weights) {
    public static final Path DEFAULT_FILE = Path.of("data/training/mix.yaml");
    /** Kinds drawn from somewhere other than the phrasings: the router's training messages. */
    private static final String ROUTER = "router";

    public KindMix {
        weights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weights));
    }

    /** Reads the mix and checks every kind against the phrasings, so a typo fails here and not as a missing draw. */
    public static KindMix load(Path file, Phrasings phrasings) {
        JsonNode kinds;
        try {
            kinds = Json.YAML.readTree(file.toFile()).path("kinds");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!kinds.isObject() || kinds.isEmpty()) throw new IllegalArgumentException(file + ": no 'kinds' map of kind to weight");
        Map<String, Integer> out = new LinkedHashMap<>();
        for (var e : kinds.properties()) {
            String kind = e.getKey();
            if (!kind.equals(ROUTER) && !phrasings.byKind().containsKey(kind)) {
                throw new IllegalArgumentException(file + ": kind '" + kind + "' has no phrasings in " + Phrasings.DEFAULT_FILE
                        + " (known: " + phrasings.byKind().keySet() + ", " + ROUTER + ")");
            }
            if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0 || !e.getValue().isIntegralNumber()) {
                throw new IllegalArgumentException(file + ": weight of '" + kind + "' must be a whole number ≥ 0, not " + e.getValue());
            }
            out.put(kind, e.getValue().asInt());
        }
        if (out.values().stream().mapToInt(Integer::intValue).sum() == 0) throw new IllegalArgumentException(file + ": every weight is 0");
        return new KindMix(out);
    }
}
