package io.liveharness.training.tokenizer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tokenizes text with a learned vocabulary the way llama.cpp's BPE does (pre-tokenize, then in each
 * piece merge the lowest-ranked pair first), so the learner can report token counts on held-out
 * text without loading llama.cpp. Special tokens are not recognised: this is for plain text.
 */
public final class BpeEncoder {
    private final Map<Long, int[]> ranks = new HashMap<>(); // pair -> {rank, result}

    public BpeEncoder(BpeVocabulary vocab) {
        for (int r = 0; r < vocab.merges().size(); r++) {
            BpeVocabulary.Merge m = vocab.merges().get(r);
            ranks.putIfAbsent(key(m.left(), m.right()), new int[]{r, m.result()});
        }
    }

    public List<Integer> encode(String text) {
        List<Integer> out = new ArrayList<>();
        for (String word : Qwen2PreTokenizer.split(text)) {
            for (int t : encodeWord(WordCounts.utf8(word))) out.add(t);
        }
        return out;
    }

    public int count(String text) {
        int n = 0;
        for (String word : Qwen2PreTokenizer.split(text)) n += encodeWord(WordCounts.utf8(word)).length;
        return n;
    }

    private int[] encodeWord(byte[] bytes) {
        int[] s = new int[bytes.length];
        for (int i = 0; i < s.length; i++) s[i] = bytes[i] & 0xFF;
        int n = s.length;
        while (n > 1) {
            int bestAt = -1, bestRank = Integer.MAX_VALUE, bestResult = -1;
            for (int i = 0; i + 1 < n; i++) {
                int[] r = ranks.get(key(s[i], s[i + 1]));
                if (r != null && r[0] < bestRank) { bestRank = r[0]; bestAt = i; bestResult = r[1]; }
            }
            if (bestAt < 0) break;
            s[bestAt] = bestResult;
            System.arraycopy(s, bestAt + 2, s, bestAt + 1, n - bestAt - 2);
            n--;
        }
        return Arrays.copyOf(s, n);
    }

    private static long key(int left, int right) { return ((long) left << 32) | (right & 0xFFFFFFFFL); }
}
