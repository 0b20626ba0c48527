package io.liveharness.eval.rubric;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The word lists the checks read negations and refusals by, from {@code reply-words.yaml} beside
 * this class: words are data an evaluator tunes, the reading rules are code.
 */
public record ReplyWords(Negation negation, Refusal refusal) {
    private static final String RESOURCE = "io/liveharness/eval/rubric/reply-words.yaml";

    /** Words that deny what follows them within {@code maxGap} tokens, and look-alikes that do not. */
    public record Negation(int maxGap, List<String> words, List<String> notNegations) { }

    /** Phrases that decline, conditions that make a clause decline nothing, and redirects that decline by handing over. */
    public record Refusal(List<String> phrases, List<String> conditions, List<String> redirects) { }

    public static final ReplyWords DEFAULT = load();

    private static ReplyWords load() {
        ObjectMapper yaml = Json.YAML;
        try (InputStream in = ReplyWords.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            return yaml.readValue(in, ReplyWords.class);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " does not parse", e);
        }
    }
}
