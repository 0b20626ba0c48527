package io.liveharness.router.dataset;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tells whether a message is a near-copy of one of a fixed set of messages: the Jaccard
 * similarity of their character bigrams (letters only, lower case, with start and end marks, so
 * emoji, punctuation and the numbers a slot puts in do not hide a copy) is {@link #THRESHOLD} or
 * more. An inverted index from bigram to message keeps a check at a few microseconds.
 */
public final class NearCopies {
    static final double THRESHOLD = 0.6;

    private final List<String> messages;
    private final Map<String, List<Integer>> index = new HashMap<>();
    private final int[] sizes;
    private final int[] overlap;

    public NearCopies(List<String> messages) {
        this.messages = List.copyOf(messages);
        sizes = new int[messages.size()];
        overlap = new int[messages.size()];
        for (int i = 0; i < messages.size(); i++) {
            Set<String> grams = bigrams(messages.get(i));
            sizes[i] = grams.size();
            for (String g : grams) index.computeIfAbsent(g, k -> new ArrayList<>()).add(i);
        }
    }

    /** The eval's messages nothing may be trained on: the dev set's, the held-out cases' and the held-out questions' texts. */
    public static final List<java.nio.file.Path> EVAL_FILES = List.of(java.nio.file.Path.of("eval/dev/demo.jsonl"),
            java.nio.file.Path.of("eval/heldout/cases.jsonl"), java.nio.file.Path.of("eval/heldout/asks.jsonl"));

    /** Near-copies of any message of {@link #EVAL_FILES} (each line's {@code text}). */
    public static NearCopies ofEvalMessages() throws java.io.IOException {
        List<String> texts = new ArrayList<>();
        for (java.nio.file.Path f : EVAL_FILES) {
            for (String line : java.nio.file.Files.readAllLines(f, java.nio.charset.StandardCharsets.UTF_8)) {
                if (!line.isBlank()) texts.add(io.liveharness.config.Json.MAPPER.readTree(line).path("text").asText());
            }
        }
        return new NearCopies(texts);
    }

    public boolean isNearCopy(String text) { return nearCopyOf(text).isPresent(); }

    /** The message the text is a near-copy of (the most similar one), if any. */
    public Optional<String> nearCopyOf(String text) {
        Set<String> grams = bigrams(text);
        List<Integer> touched = new ArrayList<>();
        for (String g : grams) {
            for (int i : index.getOrDefault(g, List.of())) {
                if (overlap[i]++ == 0) touched.add(i);
            }
        }
        int nearest = -1;
        double best = THRESHOLD;
        for (int i : touched) {
            double jaccard = overlap[i] / (double) (grams.size() + sizes[i] - overlap[i]);
            if (jaccard >= best) {
                best = jaccard;
                nearest = i;
            }
            overlap[i] = 0;
        }
        return nearest < 0 ? Optional.empty() : Optional.of(messages.get(nearest));
    }

    static Set<String> bigrams(String text) {
        StringBuilder letters = new StringBuilder("^");
        text.toLowerCase().codePoints().filter(Character::isLetter).forEach(letters::appendCodePoint);
        letters.append('$');
        int[] cps = letters.codePoints().toArray();
        Set<String> grams = new HashSet<>();
        for (int i = 0; i + 1 < cps.length; i++) grams.add(new String(cps, i, 2));
        return grams;
    }
}
