package io.liveharness.pipeline;

import io.liveharness.room.RoomManifest.FaqEntry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BM25 ranking of a room's FAQ entries against a viewer's question. Terms are character bigrams
 * of Chinese (no word segmentation needed) and lower-cased words of other scripts, so "M码有吗"
 * finds "有没有M码" and "size M" finds "sizes S-XL". Built once per room; immutable.
 */
public final class FaqIndex {
    static final double K1 = 1.2;
    static final double B = 0.75;

    private final List<FaqEntry> entries;
    private final List<Map<String, Integer>> termFreqs = new ArrayList<>();
    private final Map<String, Integer> docFreq = new HashMap<>();
    private final double avgLength;

    public FaqIndex(List<FaqEntry> entries) {
        this.entries = List.copyOf(entries);
        long total = 0;
        for (FaqEntry e : this.entries) {
            Map<String, Integer> tf = new HashMap<>();
            for (String t : terms(e.q() + " " + e.a())) tf.merge(t, 1, Integer::sum);
            termFreqs.add(tf);
            tf.keySet().forEach(t -> docFreq.merge(t, 1, Integer::sum));
            total += tf.values().stream().mapToInt(Integer::intValue).sum();
        }
        avgLength = this.entries.isEmpty() ? 1 : (double) total / this.entries.size();
    }

    /** The best {@code k} entries with a positive score, best first. */
    public List<FaqEntry> top(String question, int k) {
        List<String> query = terms(question).stream().distinct().toList();
        List<double[]> scored = new ArrayList<>();
        for (int d = 0; d < entries.size(); d++) {
            double s = score(query, d);
            if (s > 0) scored.add(new double[] {s, d});
        }
        scored.sort(Comparator.comparingDouble((double[] x) -> -x[0]).thenComparingDouble(x -> x[1]));
        return scored.stream().limit(k).map(x -> entries.get((int) x[1])).toList();
    }

    double score(List<String> query, int doc) {
        Map<String, Integer> tf = termFreqs.get(doc);
        double length = tf.values().stream().mapToInt(Integer::intValue).sum();
        double n = entries.size();
        double s = 0;
        for (String t : query) {
            Integer f = tf.get(t);
            if (f == null) continue;
            int df = docFreq.get(t);
            double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
            s += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * length / avgLength));
        }
        return s;
    }

    /** Character bigrams within runs of Han characters, whole lower-cased words elsewhere. */
    static List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        StringBuilder han = new StringBuilder();
        StringBuilder word = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(cp -> {
            if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
                flushWord(word, terms);
                han.appendCodePoint(cp);
            } else {
                flushHan(han, terms);
                if (Character.isLetterOrDigit(cp)) word.appendCodePoint(cp); else flushWord(word, terms);
            }
        });
        flushHan(han, terms);
        flushWord(word, terms);
        return terms;
    }

    private static void flushHan(StringBuilder han, List<String> terms) {
        int[] cps = han.codePoints().toArray();
        if (cps.length == 1) terms.add(new String(cps, 0, 1));
        for (int i = 0; i + 1 < cps.length; i++) terms.add(new String(cps, i, 2));
        han.setLength(0);
    }

    private static void flushWord(StringBuilder word, List<String> terms) {
        if (!word.isEmpty()) terms.add(word.toString());
        word.setLength(0);
    }
}
