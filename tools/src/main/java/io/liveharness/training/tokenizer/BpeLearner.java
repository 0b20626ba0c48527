package io.liveharness.training.tokenizer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Learns byte-level BPE merges from word counts: repeatedly merges the most frequent adjacent pair
 * until the vocabulary has {@code size} tokens. Pair counts are kept up to date incrementally:
 * a merge only revisits the words that hold its pair (each pair knows its words), and a heap with
 * stale entries skipped finds the next best pair, so a few MB learn in seconds, not hours.
 * Ties go to the pair of lower token ids, so the same corpus always learns the same merges.
 */
public final class BpeLearner {
    /** A pair seen once is noise, not a token worth its embedding row. */
    public static final long MIN_PAIR_COUNT = 2;

    private final int[][] words; // each word as token ids
    private final int[] lengths;
    private final long[] freq;
    private final Map<Long, Pair> pairs = new HashMap<>();
    private final PriorityQueue<Candidate> heap = new PriorityQueue<>();
    private final List<byte[]> tokens = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>(); // token bytes (as Latin-1) -> id
    private final int[] seen; // per word: the merge that last visited it
    private int merge;

    /** Occurrences of one pair and the words that may hold it (stale entries are skipped). */
    private static final class Pair {
        long count;
        int[] words = new int[4];
        int n;

        void addWord(int w) {
            if (n == words.length) words = Arrays.copyOf(words, n * 2);
            words[n++] = w;
        }
    }

    private record Candidate(long count, int left, int right) implements Comparable<Candidate> {
        @Override
        public int compareTo(Candidate o) {
            if (count != o.count) return Long.compare(o.count, count);
            if (left != o.left) return Integer.compare(left, o.left);
            return Integer.compare(right, o.right);
        }
    }

    private BpeLearner(WordCounts counts) {
        var sorted = counts.sorted();
        words = new int[sorted.size()][];
        lengths = new int[sorted.size()];
        freq = new long[sorted.size()];
        seen = new int[sorted.size()];
        for (int b = 0; b < 256; b++) addToken(new byte[]{(byte) b});
        int w = 0;
        for (var e : sorted.entrySet()) {
            byte[] bytes = WordCounts.utf8(e.getKey());
            words[w] = new int[bytes.length];
            for (int i = 0; i < bytes.length; i++) words[w][i] = bytes[i] & 0xFF;
            lengths[w] = bytes.length;
            freq[w] = e.getValue();
            w++;
        }
        for (w = 0; w < words.length; w++) {
            for (int i = 0; i + 1 < lengths[w]; i++) {
                Pair p = pair(words[w][i], words[w][i + 1]);
                p.count += freq[w];
                if (p.n == 0 || p.words[p.n - 1] != w) p.addWord(w);
            }
        }
        pairs.forEach((k, p) -> heap.add(new Candidate(p.count, (int) (k >>> 32), (int) (long) k)));
    }

    /**
     * Learns merges until the vocabulary holds {@code size} tokens (bytes included) or no pair is
     * seen {@link #MIN_PAIR_COUNT} times; {@code progress} hears about it now and then.
     */
    public static BpeVocabulary learn(WordCounts counts, int size, Consumer<String> progress) {
        if (size < 256) throw new IllegalArgumentException("a byte-level vocabulary needs at least 256 tokens, not " + size);
        return new BpeLearner(counts).run(size, counts.bytes(), progress);
    }

    private BpeVocabulary run(int size, long corpusBytes, Consumer<String> progress) {
        List<BpeVocabulary.Merge> merges = new ArrayList<>();
        while (tokens.size() < size) {
            Candidate best = best();
            if (best == null) break;
            merge++;
            byte[] a = tokens.get(best.left()), b = tokens.get(best.right());
            byte[] joined = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, joined, a.length, b.length);
            // two merge paths can spell the same bytes ("ab"+"c", "a"+"bc"): one token, two merges
            Integer existing = ids.get(latin1(joined));
            int result = existing != null ? existing : addToken(joined);
            merges.add(new BpeVocabulary.Merge(best.left(), best.right(), result));
            apply(best.left(), best.right(), result);
            if (merges.size() % 1000 == 0) {
                progress.accept(String.format("%,d merges, %,d tokens; last '%s' seen %,d times",
                        merges.size(), tokens.size(), ByteSymbols.spell(joined), best.count()));
            }
        }
        long corpusTokens = 0;
        for (int w = 0; w < words.length; w++) corpusTokens += lengths[w] * freq[w];
        return new BpeVocabulary(tokens, merges, corpusBytes, corpusTokens);
    }

    private Candidate best() {
        while (!heap.isEmpty()) {
            Candidate c = heap.poll();
            Pair p = pairs.get(key(c.left(), c.right()));
            if (p == null || p.count != c.count()) continue; // stale: the count changed since it was queued
            return c.count() >= MIN_PAIR_COUNT ? c : null;
        }
        return null;
    }

    /** Replaces left,right by result in every word that holds the pair, keeping the pair counts exact. */
    private void apply(int left, int right, int result) {
        Pair merged = pairs.remove(key(left, right));
        Set<Long> touched = new HashSet<>();
        for (int k = 0; k < merged.n; k++) {
            int w = merged.words[k];
            if (seen[w] == merge) continue;
            seen[w] = merge;
            int[] s = words[w];
            int n = lengths[w];
            if (!holds(s, n, left, right)) continue;
            count(w, -1, touched);
            int out = 0;
            for (int i = 0; i < n; i++) {
                if (i + 1 < n && s[i] == left && s[i + 1] == right) {
                    s[out++] = result;
                    i++;
                } else {
                    s[out++] = s[i];
                }
            }
            lengths[w] = out;
            count(w, +1, touched);
            for (int i = 0; i + 1 < out; i++) {
                if (s[i] == result || s[i + 1] == result) pair(s[i], s[i + 1]).addWord(w); // the only new pairs here
            }
        }
        for (long k : touched) {
            Pair p = pairs.get(k);
            if (p == null) continue;
            if (p.count <= 0) pairs.remove(k);
            else heap.add(new Candidate(p.count, (int) (k >>> 32), (int) k));
        }
    }

    private void count(int w, int sign, Set<Long> touched) {
        int[] s = words[w];
        for (int i = 0; i + 1 < lengths[w]; i++) {
            long k = key(s[i], s[i + 1]);
            Pair p = pairs.get(k);
            if (p == null) {
                if (sign < 0) continue; // the merged pair itself, already removed
                p = pair(s[i], s[i + 1]);
            }
            p.count += sign * freq[w];
            touched.add(k);
        }
    }

    private static boolean holds(int[] s, int n, int left, int right) {
        for (int i = 0; i + 1 < n; i++) if (s[i] == left && s[i + 1] == right) return true;
        return false;
    }

    private Pair pair(int left, int right) { return pairs.computeIfAbsent(key(left, right), k -> new Pair()); }

    private static long key(int left, int right) { return ((long) left << 32) | (right & 0xFFFFFFFFL); }

    private int addToken(byte[] bytes) {
        tokens.add(bytes);
        ids.put(latin1(bytes), tokens.size() - 1);
        return tokens.size() - 1;
    }

    private static String latin1(byte[] b) { return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1); }
}
