package io.liveharness.router.question;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The cue words a viewer's message is read with ({@code data/router/questions.yaml}): what it asks,
 * what must be declined, the after-sales topic, a region, a feature. Latin cues match as whole
 * words, so "off" is not found in "coffee"; other cues as substrings.
 */
public record QuestionLexicon(Map<Ask, List<String>> asks, Map<String, List<String>> topics, Map<String, List<String>> logistics,
                            Map<String, List<String>> declines, List<String> complaint, List<String> coupon,
                            List<String> colorWords, List<String> sizeWords, List<String> identity, List<List<String>> features,
                              List<String> valueFeatures) {

    public static final Path DEFAULT_FILE = Path.of("data/router/questions.yaml");

    private static volatile QuestionLexicon standard;

    /** Reads a lexicon; a missing file or a wrong key fails naming the file and line. */
    public static QuestionLexicon load(Path file) {
        try {
            return YamlFiles.read(file, QuestionLexicon.class);
        } catch (YamlFiles.FileException e) {
            throw new IllegalArgumentException("the question lexicon " + e.getMessage(), e);
        }
    }

    /** The lexicon of {@link #DEFAULT_FILE}, read once. */
    public static QuestionLexicon standard() {
        QuestionLexicon s = standard;
        if (s == null) {
            synchronized (QuestionLexicon.class) {
                if (standard == null) standard = load(DEFAULT_FILE);
                s = standard;
            }
        }
        return s;
    }

    /** The first cue of {@code cues} the text says, or null. */
    public static String find(String text, List<String> cues) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String cue : cues) {
            String c = cue.toLowerCase(Locale.ROOT);
            if (c.isEmpty()) continue;
            if (latin(c)) {
                if (Pattern.compile("(?<![a-z0-9])" + Pattern.quote(c) + "(?![a-z0-9])").matcher(lower).find()) return cue;
            } else if (lower.contains(c)) {
                return cue;
            }
        }
        return null;
    }

    public static boolean says(String text, List<String> cues) { return find(text, cues) != null; }

    /** The feature a message asks about ("有降噪吗?"): its line of {@code features}, and the words the viewer used; null for none. */
    public Feature feature(String text) {
        for (List<String> words : features == null ? List.<List<String>>of() : features) {
            String said = written(text, words);
            if (said != null) return new Feature(words, said, valueFeatures != null && valueFeatures.stream().anyMatch(words::contains));
        }
        return null;
    }

    /**
     * The first of {@code words} that {@code text} says, as the text writes it ("Noise-cancelling"
     * for "noise cancelling": a hyphen and a space are the same here), or null. Matched as {@link #find} does.
     */
    public static String written(String text, List<String> words) {
        String spaced = text.replace('-', ' ');  // same length, so a match's place is the text's
        for (String w : words) {
            String c = w.replace('-', ' ').toLowerCase(Locale.ROOT);
            if (c.isEmpty()) continue;
            var m = Pattern.compile(latin(c) ? "(?<![a-z0-9])" + Pattern.quote(c) + "(?![a-z0-9])" : Pattern.quote(c),
                    Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(spaced);
            if (m.find()) return text.substring(m.start(), m.end());
        }
        return null;
    }

    /** A feature asked about; {@code valued} when its answer is a value ("保质期 9个月") rather than a yes. */
    public record Feature(List<String> words, String said, boolean valued) { }

    private static boolean latin(String s) {
        return s.chars().allMatch(ch -> ch < 128) && s.chars().anyMatch(Character::isLetterOrDigit)
                && Character.isLetterOrDigit(s.charAt(0));
    }
}
