package io.liveharness.claims;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the claim reader looks at text: lower-cased with a hyphen read as a space, of the same length
 * as the original so that what is found can be quoted as said; split into sentences and clauses;
 * searched for words, a Latin word only as a whole word (with a plural's s or es).
 */
final class Text {
    /** Where a sentence ends: 。！？; a line break; ! ? ; and a full stop that is not inside a number or a link id. */
    private static final Pattern SENTENCE_END = Pattern.compile("[。！？!?；;\\n]+|\\.(?![\\d\\w])");
    /** Where a clause ends: a sentence's ends, and commas and colons. */
    private static final Pattern CLAUSE_END = Pattern.compile("[。！？!?；;\\n,，:：~～]+|\\.(?![\\d\\w])");

    /** A stretch of the text: [start, end). */
    record Span(int start, int end) {
        String of(String text) { return text.substring(start, end); }
    }

    /** A word found: the entry's canonical value and where its spelling stands. */
    record Hit(String canonical, int start, int end) { }

    static String plain(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) chars[i] = chars[i] == '-' ? ' ' : Character.toLowerCase(chars[i]);
        return new String(chars);
    }

    static List<Span> sentences(String text) { return split(text, SENTENCE_END); }

    static List<Span> clauses(String text) { return split(text, CLAUSE_END); }

    private static List<Span> split(String text, Pattern end) {
        List<Span> spans = new ArrayList<>();
        int from = 0;
        Matcher m = end.matcher(text);
        while (m.find()) {
            if (m.start() > from) spans.add(new Span(from, m.start()));
            from = m.end();
        }
        if (from < text.length()) spans.add(new Span(from, text.length()));
        return spans;
    }

    /**
     * Every spelling of every entry in {@code plain} between {@code from} and {@code to}, longest
     * spellings first, hits not overlapping one another nor any {@code masked} span ("白茶" is a tea,
     * not the colour white).
     */
    static List<Hit> find(String plain, int from, int to, Map<String, List<String>> entries, List<Span> masked) {
        record Spelling(String canonical, String word) { }
        List<Spelling> spellings = new ArrayList<>();
        entries.forEach((canonical, words) -> words.forEach(w -> spellings.add(new Spelling(canonical, plain(w)))));
        spellings.sort(Comparator.comparingInt((Spelling s) -> s.word().length()).reversed());
        List<Hit> hits = new ArrayList<>();
        boolean[] taken = new boolean[to - from];
        for (Span m : masked) for (int i = Math.max(m.start(), from); i < Math.min(m.end(), to); i++) taken[i - from] = true;
        for (Spelling s : spellings) {
            for (int at : at(plain, s.word(), from, to)) {
                int end = at + s.word().length();
                boolean free = true;
                for (int i = at; i < end && free; i++) free = !taken[i - from];
                if (!free) continue;
                for (int i = at; i < end; i++) taken[i - from] = true;
                hits.add(new Hit(s.canonical(), at, end));
            }
        }
        hits.sort(Comparator.comparingInt(Hit::start));
        return hits;
    }

    /** {@link #find} over a flat word list, each word its own canonical value. */
    static List<Hit> find(String plain, int from, int to, List<String> words) {
        return find(plain, from, to, words.stream().collect(java.util.stream.Collectors.toMap(w -> w, List::of, (a, b) -> a)), List.of());
    }

    static boolean has(String plain, int from, int to, List<String> words) {
        for (String w : words) if (!at(plain, plain(w), from, to).isEmpty()) return true;
        return false;
    }

    /** Where {@code word} (plain) stands in {@code plain} between from and to; a Latin word only as a whole word. */
    static List<Integer> at(String plain, String word, int from, int to) {
        List<Integer> out = new ArrayList<>();
        if (word.isEmpty()) return out;
        String within = plain.substring(from, to);
        for (int i = within.indexOf(word); i >= 0; i = within.indexOf(word, i + 1)) {
            boolean joinedBefore = i > 0 && latin(word.charAt(0)) && latinOrDigit(within.charAt(i - 1));
            if (joinedBefore) continue;
            if (latin(word.charAt(word.length() - 1)) && !wordEnds(within, i + word.length())) continue;
            if (Character.isDigit(word.charAt(word.length() - 1)) && i + word.length() < within.length()
                    && Character.isDigit(within.charAt(i + word.length()))) continue;
            out.add(from + i);
        }
        return out;
    }

    private static boolean wordEnds(String text, int at) {
        for (String plural : List.of("", "s", "es")) {
            int end = at + plural.length();
            if (text.startsWith(plural, at) && (end == text.length() || !latinOrDigit(text.charAt(end)))) return true;
        }
        return false;
    }

    static boolean latin(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    private static boolean latinOrDigit(char c) { return latin(c) || (c >= '0' && c <= '9') || c == '\''; }

    static boolean han(int codePoint) { return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN; }

    /** Tokens between two points: one Han character, or one Latin word or number. */
    static int tokens(String s) {
        int n = 0;
        for (Matcher m = TOKEN.matcher(s); m.find(); ) n++;
        return n;
    }

    private static final Pattern TOKEN = Pattern.compile("\\p{IsHan}|[a-z0-9']+");

    private Text() { }
}
