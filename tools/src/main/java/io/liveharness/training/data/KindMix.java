package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * How often each kind of viewer message is drawn ({@code data/training/mix.yaml}): the open sessions'
 * {@code kinds}, and the product sessions' {@code productSessions}. Each map keeps the file's order,
 * so that a seed draws the same cases.
 *
 * @param weights      the kinds of an open session
 * @param productShare the share of sessions that stay on the product on stage
 * @param productTurns the kinds of a product session's turns before its last
 * @param lastTurns    the kinds of a product session's last turn
 */
public record KindMix(Map<String, Integer> weights, double productShare, Map<String, Integer> productTurns, Map<String, Integer> lastTurns) {
    public static final Path DEFAULT_FILE = Path.of("data/training/mix.yaml");
    /** Kinds drawn from somewhere other than the phrasings: the router's training messages. */
    private static final String ROUTER = "router";

    public KindMix {
        weights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weights));
        productTurns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(productTurns));
        lastTurns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(lastTurns));
    }

    /** Draws one kind of a map: each by its weight, walked in the map's order. */
    public static String draw(Map<String, Integer> weights, Random random) {
        int r = random.nextInt(weights.values().stream().mapToInt(Integer::intValue).sum());
        for (var e : weights.entrySet()) {
            r -= e.getValue();
            if (r < 0) return e.getKey();
        }
        throw new IllegalStateException("weights " + weights);
    }

    /** Reads the mix and checks every kind against the phrasings, so a typo fails here and not as a missing draw. */
    public static KindMix load(Path file, Phrasings phrasings) {
        JsonNode root;
        try {
            root = Json.YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        JsonNode product = root.path("productSessions");
        JsonNode share = product.path("share");
        if (!share.isNumber() || share.asDouble() < 0 || share.asDouble() > 1) {
            throw new IllegalArgumentException(file + ": productSessions.share must be a number from 0 to 1, not " + share);
        }
        return new KindMix(weights(file, "kinds", root.path("kinds"), phrasings, true), share.asDouble(),
                weights(file, "productSessions.turns", product.path("turns"), phrasings, false),
                weights(file, "productSessions.last", product.path("last"), phrasings, false));
    }

    private static Map<String, Integer> weights(Path file, String where, JsonNode kinds, Phrasings phrasings, boolean routerAllowed) {
        if (!kinds.isObject() || kinds.isEmpty()) throw new IllegalArgumentException(file + ": no '" + where + "' map of kind to weight");
        Map<String, Integer> out = new LinkedHashMap<>();
        for (var e : kinds.properties()) {
            String kind = e.getKey();
            boolean known = phrasings.byKind().containsKey(kind) || routerAllowed && kind.equals(ROUTER);
            if (!known) {
                throw new IllegalArgumentException(file + ": " + where + ": kind '" + kind + "' has no phrasings in " + Phrasings.DEFAULT_FILE
                        + " (known: " + phrasings.byKind().keySet() + (routerAllowed ? ", " + ROUTER : "") + ")");
            }
            if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0 || !e.getValue().isIntegralNumber()) {
                throw new IllegalArgumentException(file + ": " + where + ": weight of '" + kind + "' must be a whole number ≥ 0, not " + e.getValue());
            }
            out.put(kind, e.getValue().asInt());
        }
        if (out.values().stream().mapToInt(Integer::intValue).sum() == 0) throw new IllegalArgumentException(file + ": " + where + ": every weight is 0");
        return out;
    }
}
