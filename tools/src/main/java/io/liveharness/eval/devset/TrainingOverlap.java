package io.liveharness.eval.devset;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.config.YamlFiles;
import io.liveharness.router.dataset.NearCopies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which cases of a held-out set come near the material training and tuning read: a viewer
 * message (the case's text, or its previous question) that is a {@link NearCopies near-copy} of
 * any message or phrasing there, as written or with the catalog's product words left out (a
 * phrasing's {name} slot is left out too, so "耳机现在卖多少" is "{name}现在卖多少"). Held-out cases measure reading only while no model has seen
 * their words, so a near-copy is an error to rewrite, not a warning.
 */
public final class TrainingOverlap {
    /**
     * What training and tuning read, relative to the project root: the training phrasings and
     * worlds, the router's templates, cues and data set, the expert's lexicon and replies, and the
     * dev set, which earlier stages were tuned on. A folder stands for its YAML and JSON Lines files.
     */
    public static final List<String> SOURCES = List.of("data/training", "data/router", "data/expert", "eval/dev/demo.jsonl");

    /** A held-out message that is a near-copy of a training message, and where that message is. */
    public record Copy(String caseId, String text, String trainingText, String source) { }

    private final NearCopies near;
    private final Map<String, String> sourceOf;
    private final Pattern productWords;

    private TrainingOverlap(Map<String, String> sourceOf, Pattern productWords) {
        this.sourceOf = sourceOf;
        this.productWords = productWords;
        this.near = new NearCopies(List.copyOf(sourceOf.keySet()));
    }

    /** Reads every source under the project root, and the product words of its catalog. */
    public static TrainingOverlap of(Path root) {
        Map<String, String> sourceOf = new LinkedHashMap<>();
        for (String s : SOURCES) {
            for (Path file : files(root.resolve(s))) {
                String name = root.relativize(file).toString();
                for (String text : texts(file)) if (!text.isBlank()) sourceOf.putIfAbsent(text, name);
            }
        }
        List<String> keywords = new ArrayList<>();
        YamlFiles.read(root.resolve("catalog/products.yaml"), JsonNode.class).path("products")
                .forEach(p -> p.path("keywords").forEach(k -> keywords.add(k.asText())));
        List<String> words = keywords.stream().distinct().sorted(Comparator.comparingInt(String::length).reversed())
                .map(w -> w.matches("[A-Za-z ]+") ? "\\b" + Pattern.quote(w) + "\\b" : Pattern.quote(w)).toList();
        return new TrainingOverlap(sourceOf, Pattern.compile(String.join("|", words), Pattern.CASE_INSENSITIVE));
    }

    /** Every training text a case's viewer messages come near; empty when the set is clean. */
    public List<Copy> copies(List<DevCase> cases) {
        List<Copy> out = new ArrayList<>();
        for (DevCase c : cases) {
            List<String> viewer = new ArrayList<>(List.of(c.text()));
            if (c.previous() != null && c.previous().question() != null) viewer.add(c.previous().question());
            for (String text : viewer) {
                near.nearCopyOf(text).or(() -> near.nearCopyOf(productWords.matcher(text).replaceAll("")))
                        .ifPresent(t -> out.add(new Copy(c.id(), text, t, sourceOf.get(t))));
            }
        }
        return out;
    }

    public int size() { return sourceOf.size(); }

    private static List<Path> files(Path path) {
        if (!Files.isDirectory(path)) {
            if (!Files.isRegularFile(path)) throw new IllegalArgumentException(path + ": training material not found");
            return List.of(path);
        }
        try (Stream<Path> s = Files.list(path)) {
            return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".jsonl")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(path + ": cannot list", e);
        }
    }

    /** A JSON Lines file gives each line's {@code text}; a YAML file every string in it, slots ({p}, {name}) left out. */
    private static List<String> texts(Path file) {
        List<String> out = new ArrayList<>();
        if (file.toString().endsWith(".jsonl")) {
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) continue;
                    JsonNode n = Json.MAPPER.readTree(line);
                    if (n.path("text").isTextual()) out.add(n.get("text").asText());
                    if (n.path("previous").path("question").isTextual()) out.add(n.get("previous").get("question").asText());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot read", e);
            }
        } else {
            strings(YamlFiles.read(file, JsonNode.class), out);
        }
        return out;
    }

    private static void strings(JsonNode n, List<String> out) {
        if (n == null) return;
        if (n.isTextual()) out.add(n.asText().replaceAll("\\{[A-Za-z0-9_]+}", ""));
        else n.forEach(child -> strings(child, out));
    }
}
