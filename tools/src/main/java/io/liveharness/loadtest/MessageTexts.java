package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Viewer texts drawn from the router's labelled data set ({@code data/router/test.jsonl}) in the
 * scenario's intent mix: first the intent by its share, then a text of that label. "other" stands
 * for every label the mix does not name.
 */
public final class MessageTexts {
    public static final Path DEFAULT_DATA = Path.of("data/router/test.jsonl");

    private final String[] intents;
    private final double[] cumulative;
    private final List<List<String>> texts;
    /** Each text's label in the data set (the first, should a text be labelled twice). */
    private final Map<String, String> labels = new java.util.HashMap<>();

    public MessageTexts(Path data, Map<String, Double> mix) {
        Map<String, List<String>> byLabel = new LinkedHashMap<>();
        ObjectMapper json = Json.MAPPER;
        try {
            for (String line : Files.readAllLines(data)) {
                if (line.isBlank()) continue;
                JsonNode n = json.readTree(line);
                byLabel.computeIfAbsent(n.path("label").asText(), k -> new ArrayList<>()).add(n.path("text").asText());
                labels.putIfAbsent(n.path("text").asText(), n.path("label").asText());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + data, e);
        }
        intents = new String[mix.size()];
        cumulative = new double[mix.size()];
        texts = new ArrayList<>();
        double sum = 0;
        int i = 0;
        for (var e : mix.entrySet()) {
            List<String> pool;
            if (e.getKey().equals("other")) {
                pool = new ArrayList<>();
                for (var l : byLabel.entrySet()) if (!mix.containsKey(l.getKey())) pool.addAll(l.getValue());
            } else {
                pool = byLabel.get(e.getKey());
            }
            if (pool == null || pool.isEmpty()) throw new IllegalArgumentException("no texts labelled '" + e.getKey() + "' in " + data);
            sum += e.getValue();
            intents[i] = e.getKey();
            cumulative[i++] = sum;
            texts.add(pool);
        }
    }

    /** The index of an intent drawn by the mix. */
    public int drawIntent(SplittableRandom random) {
        double x = random.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length; i++) if (x < cumulative[i]) return i;
        return cumulative.length - 1;
    }

    public String text(int intent, SplittableRandom random) {
        List<String> pool = texts.get(intent);
        return pool.get(random.nextInt(pool.size()));
    }

    public String intent(int index) { return intents[index]; }

    /** The data set's label of {@code text} (a text drawn for "other" has its own), or "" for a text not in it. */
    public String labelOf(String text) { return labels.getOrDefault(text, ""); }
}
