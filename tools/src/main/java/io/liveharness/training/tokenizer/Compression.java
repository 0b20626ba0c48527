package io.liveharness.training.tokenizer;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Bytes per token on held-out text, apart for texts with Chinese characters and texts without,
 * since the two scripts compress very differently and the mix would hide either.
 */
public record Compression(long chineseBytes, long chineseTokens, long otherBytes, long otherTokens) {

    public static Compression measure(BpeEncoder encoder, List<String> texts) {
        long cb = 0, ct = 0, ob = 0, ot = 0;
        for (String t : texts) {
            long bytes = t.getBytes(StandardCharsets.UTF_8).length;
            int tokens = encoder.count(t);
            if (hasChinese(t)) { cb += bytes; ct += tokens; } else { ob += bytes; ot += tokens; }
        }
        return new Compression(cb, ct, ob, ot);
    }

    public static boolean hasChinese(String t) {
        return t.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    }

    public double chineseBytesPerToken() { return chineseTokens == 0 ? 0 : (double) chineseBytes / chineseTokens; }

    public double otherBytesPerToken() { return otherTokens == 0 ? 0 : (double) otherBytes / otherTokens; }
}
