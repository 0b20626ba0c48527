package io.liveharness.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cuts a model's streamed output into segments a TTS engine can speak: clauses and sentences, split
 * after Chinese and English punctuation (。！？；， . ! ? ; , and … or a line break). A segment is
 * given out as soon as it is whole, so the avatar can start speaking while the model still writes.
 * Reasoning and tool markup never reach a segment ({@link MarkupFilter}), however the tokens cut it.
 *
 * <ul>
 *   <li>A '.' or ',' between digits (9.9, ¥159.00, 1,299) and a '.' followed by a letter or digit
 *       (link-1.2, example.com) do not end a clause; at the end of the text so far, they wait for
 *       the next character.</li>
 *   <li>A clause shorter than {@code minChars} (spaces not counted) joins the next, so a segment is
 *       not a lone "好的，" or "Yes,".</li>
 *   <li>Text that reaches {@code maxChars} with no punctuation is cut anyway, at the last space or
 *       between two characters that are not parts of one Latin word or number.</li>
 * </ul>
 * Pure and single-threaded: one instance per generation.
 */
public final class Segmenter {
    private static final String ALWAYS = "。！？；，…\n";
    private static final String ASCII_ENDS = ".!?;,";
    /** Closing quotes and brackets belong to the clause they close. */
    private static final String CLOSERS = "\"'”’)）」』】》";
    private static final Pattern SPACES = Pattern.compile("\\s+");
    /** Characters past maxChars seen before a forced cut, so the cut does not depend on where tokens end. */
    private static final int LOOKAHEAD = 8;

    private final int minChars;
    private final int maxChars;
    private final MarkupFilter markup = new MarkupFilter();
    private final StringBuilder text = new StringBuilder();

    public Segmenter(int minChars, int maxChars) {
        if (minChars < 1 || maxChars < minChars) {
            throw new IllegalArgumentException("segment lengths must be 1 <= min <= max, not min " + minChars + ", max " + maxChars);
        }
        this.minChars = minChars;
        this.maxChars = maxChars;
    }

    /** The segments that {@code piece} completes, in order (often none). */
    public List<String> push(String piece) {
        text.append(markup.push(piece));
        return cut(false);
    }

    /** The rest, at the end of the output: whatever is left is the last segment, however short. */
    public List<String> finish() {
        text.append(markup.finish());
        return cut(true);
    }

    private List<String> cut(boolean end) {
        List<String> out = new ArrayList<>();
        int from = 0; // where the search for the next boundary starts: clauses too short are passed over
        while (true) {
            int boundary = nextBoundary(from, end);
            int upTo = boundary < 0 ? -1 : visibleLength(text, 0, boundary);
            if (boundary >= 0 && upTo <= maxChars) {
                if (upTo < minChars && !(end && boundary == text.length())) {
                    from = boundary;
                    continue;
                }
                emit(out, boundary);
                from = 0;
                continue;
            }
            // No clause ends within maxChars. Cut only once a few characters past it are in, so that a
            // clause ending right at maxChars is seen as one whichever way the tokens came.
            if (visibleLength(text, 0, text.length()) > maxChars + LOOKAHEAD) {
                emit(out, forcedCut());
                from = 0;
                continue;
            }
            if (end) emit(out, text.length());
            return out;
        }
    }

    /** Moves the text up to {@code until} into a segment, if it says anything. */
    private void emit(List<String> out, int until) {
        String segment = SPACES.matcher(text.substring(0, until)).replaceAll(" ").strip();
        text.delete(0, until);
        if (!segment.isEmpty()) out.add(segment);
    }

    /**
     * The end (exclusive) of the first clause at or after {@code from}, with its punctuation and
     * closing quotes; -1 when there is none yet or it cannot be told before more text comes.
     */
    private int nextBoundary(int from, boolean end) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean always = ALWAYS.indexOf(c) >= 0;
            if (!always && ASCII_ENDS.indexOf(c) < 0) continue;
            if (i + 1 == text.length() && !end) return -1; // what follows decides ('9.' + '9', '!' + '!', '。' + '」')
            if (!always && !endsClause(i)) continue;
            int j = i + 1;
            // a run of punctuation ("?!", "...", "。」") ends together
            while (j < text.length() && (ALWAYS.indexOf(text.charAt(j)) >= 0 || ASCII_ENDS.indexOf(text.charAt(j)) >= 0
                    || CLOSERS.indexOf(text.charAt(j)) >= 0)) j++;
            if (j == text.length() && !end) return -1;
            return j;
        }
        return -1;
    }

    /** Whether the ASCII punctuation at {@code i} (not the last character) ends a clause. */
    private boolean endsClause(int i) {
        char c = text.charAt(i);
        if (i + 1 >= text.length()) return true;
        char next = text.charAt(i + 1);
        char prev = i > 0 ? text.charAt(i - 1) : ' ';
        if ((c == '.' || c == ',') && isDigit(prev) && isDigit(next)) return false; // 9.9, 159.00, 1,299
        if (c == '.' && isAsciiWord(next)) return false; // link-1.2, example.com: one token, said as one
        return true;
    }

    /** Where to cut text that ran to maxChars with no punctuation: never inside a Latin word or a number, nor before punctuation. */
    private int forcedCut() {
        int limit = offsetOfVisible(maxChars); // LOOKAHEAD characters follow it, so text.charAt(limit) exists
        for (int i = limit; i > 0; i--) {
            char before = text.charAt(i - 1);
            char after = text.charAt(i);
            // punctuation stays with the clause it ends: never "details" and then "; ask me"
            if ((ALWAYS + ASCII_ENDS + CLOSERS).indexOf(after) >= 0) continue;
            if (Character.isWhitespace(after) || Character.isWhitespace(before)) return i;
            if (!partOfToken(before) || !partOfToken(after)) {
                if (!Character.isLowSurrogate(after)) return i;
            }
        }
        return limit;
    }

    /** The index in {@code text} just past its {@code n}-th visible character (or its end). */
    private int offsetOfVisible(int n) {
        int seen = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (!Character.isWhitespace(cp) && ++seen == n) return i;
        }
        return text.length();
    }

    /** Characters, spaces not counted. */
    static int visibleLength(CharSequence s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; ) {
            int cp = Character.codePointAt(s, i);
            i += Character.charCount(cp);
            if (!Character.isWhitespace(cp)) n++;
        }
        return n;
    }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    private static boolean isAsciiWord(char c) { return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    /** A character of a Latin word (don't), a number, a price or a link id, which TTS must not hear cut in two. */
    private static boolean partOfToken(char c) { return isAsciiWord(c) || ".,-_¥$%/:'’".indexOf(c) >= 0; }
}
