package io.liveharness.room;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Near-duplicate detection for viewer questions: Jaccard similarity of character bigrams after
 * dropping case, spaces, punctuation and emoji. Works for Chinese without word segmentation.
 */
public final class TextSimilarity {

    public static String normalize(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.toLowerCase(Locale.ROOT).codePoints()
                .filter(Character::isLetterOrDigit)
                .forEach(out::appendCodePoint);
        return out.toString();
    }

    public static double jaccard(String normalizedA, String normalizedB) {
        if (normalizedA.equals(normalizedB)) return 1.0;
        Set<String> a = bigrams(normalizedA);
        Set<String> b = bigrams(normalizedB);
        if (a.isEmpty() || b.isEmpty()) return 0.0;
        int common = 0;
        for (String g : a) if (b.contains(g)) common++;
        return (double) common / (a.size() + b.size() - common);
    }

    private static Set<String> bigrams(String s) {
        Set<String> grams = new HashSet<>();
        int[] cps = s.codePoints().toArray();
        if (cps.length == 1) grams.add(new String(cps, 0, 1));
        for (int i = 0; i + 1 < cps.length; i++) grams.add(new String(cps, i, 2));
        return grams;
    }

    private TextSimilarity() { }
}
