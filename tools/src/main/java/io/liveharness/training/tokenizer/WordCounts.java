package io.liveharness.training.tokenizer;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** How often each piece of a pre-token ({@link MergeBoundaries}) occurs in a corpus: all that BPE learning needs to see of it. */
public final class WordCounts {
    private final Map<String, long[]> counts = new HashMap<>();
    private long bytes, texts;

    public void add(String text) {
        texts++;
        bytes += text.getBytes(StandardCharsets.UTF_8).length;
        for (String segment : SpecialTokens.segments(text)) {
            for (String word : Qwen2PreTokenizer.split(segment)) {
                for (String piece : MergeBoundaries.pieces(word)) counts.computeIfAbsent(piece, w -> new long[1])[0]++;
            }
        }
    }

    public long bytes() { return bytes; }

    public long texts() { return texts; }

    public int distinct() { return counts.size(); }

    /** The words and their counts in string order, so learning does not depend on hash order. */
    public TreeMap<String, Long> sorted() {
        TreeMap<String, Long> out = new TreeMap<>();
        counts.forEach((w, c) -> out.put(w, c[0]));
        return out;
    }

    static byte[] utf8(String word) { return word.getBytes(StandardCharsets.UTF_8); }
}
