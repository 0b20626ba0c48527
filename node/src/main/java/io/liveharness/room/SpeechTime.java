package io.liveharness.room;

import io.liveharness.config.NodeConfig.SpeechConfig;

import java.util.List;

/**
 * How long the avatar takes to say a text, estimated from the TTS voice's pace: Chinese (and
 * other CJK) characters at {@code zhCharsPerSecond}, English words and numbers at
 * {@code enWordsPerSecond}; punctuation and spaces are not counted. Also how segments join back
 * into the reply as heard, which is what the output hooks judge.
 */
public final class SpeechTime {

    public static double seconds(String text, SpeechConfig rates) {
        int cjk = 0;
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (isCjk(cp)) {
                cjk++;
                inWord = false;
            } else if (Character.isLetterOrDigit(cp)) {
                if (!inWord) words++;
                inWord = true;
            } else if (!(inWord && (cp == '.' || cp == ',' || cp == '-' || cp == '\'') && i < text.length()
                    && Character.isLetterOrDigit(text.codePointAt(i)))) {
                inWord = false; // 159.00, link-1, don't: one word each
            }
        }
        return cjk / rates.zhCharsPerSecond() + words / rates.enWordsPerSecond();
    }

    /** The segments as one text, as a viewer hears them: a space after a segment that ends in Latin punctuation or a word. */
    public static String join(List<String> segments) {
        StringBuilder out = new StringBuilder();
        for (String s : segments) {
            if (!out.isEmpty() && out.charAt(out.length() - 1) < 128) out.append(' ');
            out.append(s);
        }
        return out.toString();
    }

    private static boolean isCjk(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    private SpeechTime() { }
}
