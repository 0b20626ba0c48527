package io.liveharness.training.tokenizer;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a pre-token into the pieces BPE may merge within, so that a word is spelled by the same
 * tokens wherever it stands. llama.cpp's qwen2 split keeps a whole run of Chinese characters, and
 * one leading space or punctuation mark, in one pre-token: merges learned across it make
 * 白色 a different token in "有白色的吗", " 白色" and "/白色", and a small model then has to learn
 * each spelling's link to the others instead of copying. So every CJK character is a piece of its
 * own (its bytes still merge into one token), and a leading mark other than a space stands apart
 * from the letters after it (" white" stays whole, "/white" is "/" + "white"). No merge is learned
 * across a cut, so llama.cpp, applying the merges to the whole pre-token, cuts there too.
 */
public final class MergeBoundaries {
    private MergeBoundaries() { }

    public static List<String> pieces(String preToken) {
        List<String> out = new ArrayList<>();
        StringBuilder piece = new StringBuilder();
        for (int i = 0; i < preToken.length(); ) {
            int cp = preToken.codePointAt(i);
            i += Character.charCount(cp);
            if (isCjk(cp)) {
                flush(piece, out);
                out.add(Character.toString(cp));
                continue;
            }
            if (Character.isLetter(cp) && piece.length() > 0 && !startsWithLetterOrSpace(piece)) flush(piece, out);
            piece.appendCodePoint(cp);
        }
        flush(piece, out);
        return out;
    }

    /** Scripts written without spaces between words: each character is a piece. */
    static boolean isCjk(int cp) {
        if (Character.isIdeographic(cp)) return true;
        Character.UnicodeScript s = Character.UnicodeScript.of(cp);
        return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
                || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL;
    }

    private static boolean startsWithLetterOrSpace(StringBuilder piece) {
        int first = piece.codePointAt(0);
        return Character.isLetter(first) || first == ' ';
    }

    private static void flush(StringBuilder piece, List<String> out) {
        if (piece.length() == 0) return;
        out.add(piece.toString());
        piece.setLength(0);
    }
}
