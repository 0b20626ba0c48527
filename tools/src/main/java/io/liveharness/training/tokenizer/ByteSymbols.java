package io.liveharness.training.tokenizer;

import java.nio.charset.StandardCharsets;

/**
 * The GPT-2 byte-to-unicode table: each of the 256 bytes is spelled by one printable character
 * (printable Latin-1 bytes by themselves, the others by U+0100 onwards), so any byte sequence is
 * a string of vocabulary symbols and comes back exactly; llama.cpp's BPE decoder reverses it.
 */
public final class ByteSymbols {
    private static final char[] SYMBOL = new char[256];

    static {
        int next = 256;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            SYMBOL[b] = (char) (printable ? b : next++);
        }
    }

    private ByteSymbols() { }

    public static char symbol(int b) { return SYMBOL[b & 0xFF]; }

    /** How a token of these bytes is written in tokenizer.ggml.tokens and merges. */
    public static String spell(byte[] bytes) {
        StringBuilder s = new StringBuilder(bytes.length);
        for (byte b : bytes) s.append(SYMBOL[b & 0xFF]);
        return s.toString();
    }

    public static String spell(String text) { return spell(text.getBytes(StandardCharsets.UTF_8)); }

    /** The bytes a token written this way stands for (the inverse of {@link #spell(byte[])}). */
    public static byte[] unspell(String spelled) {
        byte[] out = new byte[spelled.length()];
        for (int i = 0; i < spelled.length(); i++) {
            int b = indexOf(spelled.charAt(i));
            if (b < 0) throw new IllegalArgumentException("'" + spelled + "' is not a byte-level token (char " + i + ")");
            out[i] = (byte) b;
        }
        return out;
    }

    private static int indexOf(char c) {
        for (int b = 0; b < 256; b++) if (SYMBOL[b] == c) return b;
        return -1;
    }
}
