package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scenario's {@code slo:} block: figures of the run's {@code summary.json}, each by its dotted
 * path, with the bound it must keep, e.g. {@code headline.answeredLatencyMs.p95: {max: 8000}}.
 * `loadtest` exits 1 when one is missed, so a pipeline can fail on it.
 */
public record Slo(Map<String, Bound> bounds) {
    public static final Slo NONE = new Slo(Map.of());

    /** {@code min} and/or {@code max}, inclusive; null where not given. */
    public record Bound(Double min, Double max) {
        String describe() {
            return min != null && max != null ? "in [" + min + ", " + max + "]" : min != null ? ">= " + min : "<= " + max;
        }
    }

    /** The {@code slo:} block of a scenario file; {@link #NONE} without one. Bad entries name file and figure. */
    public static Slo load(Path file) {
        JsonNode n;
        try {
            n = Json.YAML.readTree(file.toFile()).path("slo");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
        if (n.isMissingNode() || n.isNull()) return NONE;
        if (!n.isObject()) throw new IllegalArgumentException(file + ": slo must map each figure of summary.json to {min: X} and/or {max: Y}");
        Map<String, Bound> bounds = new LinkedHashMap<>();
        for (var e : n.properties()) {
            JsonNode b = e.getValue();
            if (!b.isObject() || b.isEmpty() || !Set.of("min", "max").containsAll(iterable(b))
                    || (b.has("min") && !b.get("min").isNumber()) || (b.has("max") && !b.get("max").isNumber())) {
                throw new IllegalArgumentException(file + ": slo." + e.getKey() + " must be {min: X} and/or {max: Y} with numbers");
            }
            bounds.put(e.getKey(), new Bound(b.has("min") ? b.get("min").asDouble() : null, b.has("max") ? b.get("max").asDouble() : null));
        }
        return new Slo(bounds);
    }

    private static List<String> iterable(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Each bound the summary misses, said as a line; none when all are kept. A figure the summary lacks is a miss. */
    public List<String> misses(JsonNode summary) {
        List<String> misses = new ArrayList<>();
        bounds.forEach((figure, bound) -> {
            JsonNode v = summary.at("/" + figure.replace(".", "/"));
            if (!v.isNumber()) {
                misses.add(figure + ": not in the summary (the bound was " + bound.describe() + ")");
            } else if ((bound.min() != null && v.asDouble() < bound.min()) || (bound.max() != null && v.asDouble() > bound.max())) {
                misses.add(figure + " = " + v.asText() + ", not " + bound.describe());
            }
        });
        return misses;
    }
}
