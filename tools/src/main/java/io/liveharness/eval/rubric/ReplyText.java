package io.liveharness.eval.rubric;

import io.liveharness.claims.ClaimVocabulary;
import io.liveharness.claims.Declines;

import java.util.Locale;
import java.util.regex.Pattern;

/** How the checks read a reply: facts with alternatives, numbers as numbers, negated phrases, script; refusals as the claim reader reads them. */
public final class ReplyText {
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final Pattern TOKEN = Pattern.compile("\\p{IsHan}|[a-z0-9']+");
    /** Where a clause ends: punctuation, or a full stop that is not inside a number. */
    private static final Pattern CLAUSE_BREAK = Pattern.compile("[,，。!！?？;；:：\\n]|\\.(?!\\d)");
    private static final ClaimVocabulary.Negation NEGATION = ClaimVocabulary.DEFAULT.negation();

    /** True when {@code alternatives} ({@code a|b|c}) has one the text says. */
    public static boolean says(String text, String alternatives) {
        if (text == null) return false;
        String lower = text.toLowerCase(Locale.ROOT);
        for (String alt : alternatives.split("\\|")) {
            String a = alt.strip().toLowerCase(Locale.ROOT);
            if (a.isEmpty()) continue;
            if (NUMBER.matcher(a).matches()) {
                String n = new java.math.BigDecimal(a).stripTrailingZeros().toPlainString();
                String re = "(?<![\\d.])" + Pattern.quote(n) + (n.contains(".") ? "0*" : "(?:\\.0+)?") + "(?!\\d|\\.\\d)";
                if (Pattern.compile(re).matcher(lower).find()) return true;
            } else if (a.matches("[a-z0-9 -]+")) {
                // a Latin word matches as a word: size "s" is not in "stories"
                if (Pattern.compile("(?<![a-z0-9])" + Pattern.quote(a) + "(?![a-z0-9])").matcher(lower).find()) return true;
            } else if (lower.contains(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the text says the phrase and does not deny it: an occurrence a negation comes
     * just before, in the same clause ("不能治腰疼", "never cures"), is not a claim.
     */
    public static boolean claims(String text, String phrase) {
        if (text == null || phrase == null || phrase.isBlank()) return false;
        String t = normal(text), p = normal(phrase);
        for (int i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1)) {
            if (!negated(t, i)) return true;
        }
        return false;
    }

    /** True when the reply declines, as the service's claim reader reads it ({@link Declines}). */
    public static boolean refuses(String text) { return Declines.DEFAULT.in(text); }

    /** Whether a negation word ends at most maxGap tokens before {@code start}, within its clause. */
    private static boolean negated(String t, int start) {
        int from = 0;
        var m = CLAUSE_BREAK.matcher(t.substring(0, start));
        while (m.find()) from = m.end();
        String clause = t.substring(from, start);
        for (String word : NEGATION.before()) {
            for (int i : at(clause, normal(word))) {
                String rest = clause.substring(i);
                if (NEGATION.notNegations().stream().anyMatch(n -> rest.startsWith(normal(n)))) continue;
                if (tokens(clause.substring(i + normal(word).length())) <= NEGATION.maxGap()) return true;
            }
        }
        return false;
    }

    /** Where a word occurs: a Latin word as a whole word ("no" is not in "know"), a Chinese one anywhere. */
    private static java.util.List<Integer> at(String text, String word) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        if (word.isEmpty()) return out;
        boolean latin = word.matches("[a-z0-9' -]+");
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
            int end = i + word.length();
            if (latin && ((i > 0 && wordChar(text.charAt(i - 1))) || (end < text.length() && wordChar(text.charAt(end))))) continue;
            out.add(i);
        }
        return out;
    }

    private static boolean wordChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\''; }

    private static int tokens(String s) {
        int n = 0;
        for (var m = TOKEN.matcher(s); m.find(); ) n++;
        return n;
    }

    private static String normal(String s) { return s.toLowerCase(Locale.ROOT).replace('\u2019', '\''); }

    /** True when the text is in the language: Chinese has Han characters; English has more Latin letters than Han. */
    public static boolean inLanguage(String text, String lang) {
        if (text == null || lang == null) return true;
        long han = text.codePoints().filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN).count();
        long latin = text.codePoints().filter(c -> c < 128 && Character.isLetter(c)).count();
        return switch (lang) {
            case "zh" -> han > 0;
            case "en" -> latin > han;
            default -> true;
        };
    }

    private ReplyText() { }
}
