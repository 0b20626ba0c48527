package io.liveharness.engine.llama;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Turns token bytes into text without ever splitting a character. A token may end halfway
 * through a multi-byte UTF-8 character (byte-fallback tokens carry one byte each), so bytes of
 * an unfinished character wait here until the tokens that complete it arrive.
 */
final class Utf8Pieces {
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    /** Adds a token's bytes; returns the text that is now complete, possibly empty. */
    String append(byte[] bytes) {
        pending.writeBytes(bytes);
        byte[] buf = pending.toByteArray();
        int complete = completePrefix(buf);
        pending.reset();
        pending.write(buf, complete, buf.length - complete);
        return new String(buf, 0, complete, StandardCharsets.UTF_8);
    }

    /**
     * What is left at the end of a generation: an unfinished character, decoded with U+FFFD in
     * place of its missing bytes so the text stays valid.
     */
    String finish() {
        String rest = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        return rest;
    }

    /**
     * Length of the longest prefix that does not end inside a character. Invalid bytes count as
     * complete (the decoder turns them into U+FFFD); only a lead byte followed by fewer
     * continuation bytes than it announces, at the very end, is held back.
     */
    static int completePrefix(byte[] buf) {
        int i = 0;
        while (i < buf.length) {
            int b = buf[i] & 0xff;
            int n = b < 0x80 ? 1 : (b & 0xe0) == 0xc0 ? 2 : (b & 0xf0) == 0xe0 ? 3 : (b & 0xf8) == 0xf0 ? 4 : 1;
            if (i + n > buf.length) {
                boolean allContinuations = true;
                for (int j = i + 1; j < buf.length; j++) {
                    allContinuations &= (buf[j] & 0xc0) == 0x80;
                }
                if (allContinuations) return i;
                n = 1;
            }
            i += n;
        }
        return buf.length;
    }
}
