package io.liveharness.router.dataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Rewrites a viewer message the way a hurried viewer types it, far past the templates' noise: a
 * homophone from the pinyin keyboard (码→马), a word from the other script or in pinyin, a particle, a
 * filler, emoji anywhere, a slipped or doubled letter, and two questions in one message. Each
 * paraphrase makes one to three of these changes, drawn from the seeded stream; the words are data
 * ({@link Paraphrases}). The label stays: every change keeps what the message asks. The ask model's
 * data ({@link AskMessages}) is made of them.
 */
public final class Paraphraser {
    private final Paraphrases words;
    private final RandomGenerator rnd;

    public Paraphraser(Paraphrases words, RandomGenerator rnd) {
        this.words = words;
        this.rnd = rnd;
    }

    /**
     * @param second another message of the same intent, asked in the same breath when the draw makes
     *               this one two questions; null where one message must stay one question
     */
    public String apply(String text, String second) {
        String t = text;
        int changes = 1 + rnd.nextInt(3);
        for (int i = 0; i < changes; i++) {
            t = switch (rnd.nextInt(second == null ? 7 : 8)) {
                case 0, 1 -> homophone(t);
                case 2 -> otherScript(t);
                case 3 -> particle(t);
                case 4 -> filler(t);
                case 5 -> emoji(t);
                case 6 -> slip(t);
                default -> twoQuestions(t, second);
            };
        }
        return t.strip();
    }

    private String lang(String t) { return SlotFiller.isChinese(t) ? "zh" : "en"; }

    private String homophone(String t) {
        List<List<String>> fits = words.homophones().stream().filter(p -> t.contains(p.get(0))).toList();
        if (fits.isEmpty()) return slip(t);
        List<String> p = pick(fits);
        return t.replaceFirst(java.util.regex.Pattern.quote(p.get(0)), java.util.regex.Matcher.quoteReplacement(p.get(1)));
    }

    /** A word of one script in the other, or in pinyin; either way round between Chinese and English. */
    private String otherScript(String t) {
        List<List<String>> pairs = new ArrayList<>(words.crossScript());
        pairs.addAll(words.pinyin());
        List<String[]> fits = new ArrayList<>();
        String lower = t.toLowerCase(Locale.ROOT);
        for (List<String> p : pairs) {
            if (t.contains(p.get(0))) fits.add(new String[] {p.get(0), p.get(1)});
            else if (words.crossScript().contains(p) && lower.contains(p.get(1))) fits.add(new String[] {p.get(1), p.get(0)});
        }
        if (fits.isEmpty()) return particle(t);
        String[] f = fits.get(rnd.nextInt(fits.size()));
        int at = lower.indexOf(f[0].toLowerCase(Locale.ROOT));
        return t.substring(0, at) + f[1] + t.substring(at + f[0].length());
    }

    /** A particle at the end of the message or of its first clause. */
    private String particle(String t) {
        String p = pick(words.particles().get(lang(t)));
        String bare = t.replaceAll("[?？!！。.~]+$", "");
        String end = t.substring(bare.length());
        int clause = bare.indexOf(' ');
        if (clause > 0 && rnd.nextBoolean()) return bare.substring(0, clause) + p + bare.substring(clause) + end;
        return bare + ("en".equals(lang(t)) && Character.isLetter(p.charAt(0)) ? " " : "") + p + end;
    }

    private String filler(String t) {
        String f = pick(words.fillers().get(lang(t)));
        return f + (rnd.nextBoolean() || "en".equals(lang(t)) ? " " : "") + t;
    }

    /** Emoji at the start, inside at a space, or at the end, one to three of them. */
    private String emoji(String t) {
        String e = pick(words.emoji()).repeat(1 + rnd.nextInt(3));
        int where = rnd.nextInt(3);
        int space = t.indexOf(' ');
        if (where == 0) return e + t;
        if (where == 1 && space > 0) return t.substring(0, space) + e + t.substring(space);
        return t + e;
    }

    /** A letter onto its keyboard neighbour or typed twice; a Chinese character typed twice or dropped. */
    private String slip(String t) {
        List<Integer> letters = new ArrayList<>();
        for (int i = 0; i < t.length(); i++) if (Character.isLetter(t.charAt(i))) letters.add(i);
        if (letters.size() < 3) return t;
        int i = letters.get(1 + rnd.nextInt(letters.size() - 1));
        char c = t.charAt(i);
        if (c < 128) {
            char lower = Character.toLowerCase(c);
            for (String row : words.keyboard()) {
                int k = row.indexOf(lower);
                if (k >= 0 && rnd.nextBoolean()) {
                    char n = row.charAt(k == 0 ? 1 : k == row.length() - 1 ? k - 1 : k + (rnd.nextBoolean() ? 1 : -1));
                    return t.substring(0, i) + n + t.substring(i + 1);
                }
            }
            return t.substring(0, i + 1) + c + t.substring(i + 1);
        }
        // a character doubled reads as a stutter of the thumb; dropped only inside a long message
        return rnd.nextBoolean() || t.length() < 8 ? t.substring(0, i + 1) + c + t.substring(i + 1) : t.substring(0, i) + t.substring(i + 1);
    }

    private String twoQuestions(String t, String second) {
        String s = second.strip();
        return rnd.nextBoolean() ? t + pick(words.joiners().get(lang(t))) + s : s + pick(words.joiners().get(lang(s))) + t;
    }

    private <T> T pick(List<T> list) { return list.get(rnd.nextInt(list.size())); }
}
