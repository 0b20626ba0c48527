package io.liveharness.harness;

/**
 * A tokenizer-free estimate of how many tokens a text costs, for budgeting the context window on
 * the event loop: each CJK character about one token, other text about four characters a token.
 * Over-estimating is safe; the engine still truncates against the real tokenizer.
 */
public final class TokenEstimate {
    public static int of(String text) {
        int cjk = 0;
        int other = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) cjk++; else other++;
            i += Character.charCount(cp);
        }
        return cjk + (other + 3) / 4;
    }

    private TokenEstimate() { }
}
