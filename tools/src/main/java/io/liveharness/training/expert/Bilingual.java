package io.liveharness.training.expert;

import java.util.ArrayList;
import java.util.List;

/**
 * The catalog and the policies say things in both languages at once ("48小时内发货, ships within
 * 48 hours"; "顺丰 SF Express"). A reply keeps the viewer's half: clauses in the other language are
 * dropped, and inside a mixed clause the words of the other script.
 */
public final class Bilingual {

    public static boolean han(String s) {
        return s.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    }

    private static boolean latinLetters(String s) {
        return s.codePoints().anyMatch(c -> c < 128 && Character.isLetter(c));
    }

    /** The language of a viewer's message: Chinese when it has a Han character. */
    public static String languageOf(String text) { return han(text) ? "zh" : "en"; }

    /** The part of {@code text} in {@code lang}; the whole text when no part is. */
    public static String part(String text, String lang) {
        if (text == null) return "";
        boolean zh = lang.equals("zh");
        List<String> kept = new ArrayList<>();
        for (String clause : text.split("(?<=[,;，；。])\\s*|(?<=\\.)\\s+|\\s+(?=\\()")) {
            String c = clause.strip();
            if (c.isEmpty()) continue;
            boolean h = han(c), l = latinLetters(c.replaceAll("\\d+[A-Za-z]{0,3}\\b", ""));
            if (h && l) {
                String words = words(c, zh);
                if (!words.isBlank()) kept.add(words);
            } else if (zh ? h || !l : !h) {
                kept.add(c);
            }
        }
        String out = String.join(zh ? "" : " ", kept).strip();
        out = out.replaceAll("[,;，；。.]+$", "");
        return out.isEmpty() ? text.strip() : out;
    }

    /** The words of a mixed clause in one script (numbers and signs go with both). */
    private static String words(String clause, boolean zh) {
        List<String> out = new ArrayList<>();
        for (String w : clause.split("\\s+")) {
            boolean h = han(w), l = latinLetters(w);
            if (zh ? h || !l : !h) out.add(w);
        }
        return String.join(zh ? "" : " ", out);
    }

    private Bilingual() { }
}
