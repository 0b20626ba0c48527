package io.liveharness.engine;

import java.nio.charset.StandardCharsets;

/**
 * The script a reply opens in, so that a room answers in its viewer's language: a llama.cpp
 * backend does not let a generation's first letters be of the other script. Only the opening is
 * held; a reply may still quote a name in the other script ("I'm the host 小美").
 */
public enum ReplyScript {
    /** The viewer wrote Latin letters and no Han: the reply does not open with a Han character, nor go on with one inside its first word. */
    LATIN,
    /** The viewer wrote Han characters: the reply does not open with a Latin word (two letters or more; "M码" may). */
    HAN;

    /** The script of a viewer's message, or null when it has neither Han nor two Latin letters ("666", "M?"). */
    public static ReplyScript ofViewer(String text) {
        if (text == null) return null;
        long letters = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) return HAN;
            if (cp < 128 && Character.isLetter(cp)) letters++;
            i += Character.charCount(cp);
        }
        return letters >= 2 ? LATIN : null;
    }

    /**
     * Where the reply's opening stands: nothing decided yet; (held to Han) one Latin letter so far,
     * which may be a size ("M码") or the first letter of a word the vocabulary spells letter by
     * letter; or (held to Latin) inside the first word, which must end before the opening is
     * decided ("20000mAh" may not go on with "快充").
     */
    public enum Step { OPENING, AFTER_A_LETTER, IN_A_WORD }

    /**
     * Where the opening stands once a token whose text is {@code piece} is written at {@code step};
     * null once it is decided. Held to Latin, that is when the first word that has a letter ends
     * ("24 hours," is decided at the comma; "24小时" would be at 小, "20000mAh快充" at 快); held to
     * Han, at the first visible token that is not a lone Latin letter, since a Chinese reply may
     * open with a number a Latin unit follows ("20000mAh充电宝").
     */
    public Step after(Step step, byte[] piece) {
        String text = new String(piece, StandardCharsets.UTF_8);
        return switch (this) {
            case LATIN -> latinAfter(step, text);
            case HAN -> {
                if (step == Step.AFTER_A_LETTER) yield null;
                String visible = text.strip();
                yield visible.isEmpty() ? Step.OPENING
                        : visible.length() == 1 && latinLetter(piece, skipSpaces(piece)) ? Step.AFTER_A_LETTER : null;
            }
        };
    }

    /** The first word ends at the first character after one of its letters that is no letter. */
    private static Step latinAfter(Step step, String text) {
        boolean inWord = step == Step.IN_A_WORD;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetter(cp)) inWord = true;
            else if (inWord) return null;
        }
        return inWord ? Step.IN_A_WORD : Step.OPENING;
    }

    /** True when the reply may go on with a token whose text is {@code piece} (its UTF-8 bytes, possibly a part of a character). */
    public boolean allows(Step step, byte[] piece) {
        if (step == Step.AFTER_A_LETTER) return piece.length == 0 || !latinLetter(piece, 0);
        // Inside the first Latin word the same tokens are barred as before it: those opening with Han.
        int at = skipSpaces(piece);
        if (at == piece.length) return true;
        return switch (this) {
            case LATIN -> !opensWithHan(piece, at);
            case HAN -> !(latinLetter(piece, at) && at + 1 < piece.length && latinLetter(piece, at + 1));
        };
    }

    private static int skipSpaces(byte[] piece) {
        int at = 0;
        while (at < piece.length && (piece[at] & 0x80) == 0 && Character.isWhitespace(piece[at])) at++;
        return at;
    }

    private static boolean latinLetter(byte[] b, int i) {
        int c = b[i] & 0xff;
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** A Han character, or the first bytes of one that a byte-level vocabulary spells over several tokens (U+4E00-U+9FFF lead with E4-E9). */
    private static boolean opensWithHan(byte[] b, int at) {
        int lead = b[at] & 0xff;
        if (lead < 0xE3 || lead > 0xEF) return false;
        if (b.length - at < 3) return lead >= 0xE4 && lead <= 0xE9;
        int cp = new String(b, at, 3, StandardCharsets.UTF_8).codePointAt(0);
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }
}
