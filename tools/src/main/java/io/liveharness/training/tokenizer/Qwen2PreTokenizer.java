package io.liveharness.training.tokenizer;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits text into the pieces BPE merges within, with the regex llama.cpp runs for
 * {@code tokenizer.ggml.pre = "qwen2"}: contractions, letter runs (a CJK run is one piece) with
 * one leading non-letter, single digits, punctuation runs, newlines and other whitespace. Learning
 * on the same split as inference means no merge is learned that llama.cpp could never apply.
 */
public final class Qwen2PreTokenizer {
    public static final String REGEX = "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
            + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

    // Unicode \s, as llama.cpp's own whitespace table (not Java's ASCII-only default)
    private static final Pattern PATTERN = Pattern.compile(REGEX, Pattern.UNICODE_CHARACTER_CLASS);

    private Qwen2PreTokenizer() { }

    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = PATTERN.matcher(text);
        int end = 0;
        while (m.find()) {
            if (m.start() > end) out.add(text.substring(end, m.start())); // nothing falls through; kept for safety
            out.add(m.group());
            end = m.end();
        }
        if (end < text.length()) out.add(text.substring(end));
        return out;
    }
}
