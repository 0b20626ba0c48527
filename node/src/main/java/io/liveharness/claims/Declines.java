package io.liveharness.claims;

import java.util.List;

/**
 * Whether a reply declines: a clause says a refusal phrase outside a condition ("打不了五折",
 * "I can't help with that"; not "如果不能穿, 7天可退", nor "吊牌剪了就不能退", a policy stated), or
 * hands the request elsewhere ("请咨询医生"). Politeness alone (抱歉, sorry) declines nothing.
 */
public final class Declines {
    public static final Declines DEFAULT = new Declines(ClaimVocabulary.DEFAULT.refusal());

    private final ClaimVocabulary.Refusal words;

    public Declines(ClaimVocabulary.Refusal words) { this.words = words; }

    public boolean in(String text) {
        if (text == null) return false;
        String plain = Text.plain(text);
        for (Text.Span clause : Text.clauses(plain)) {
            String c = clause.of(plain);
            if (has(c, words.redirects())) return true;
            for (String phrase : words.phrases()) {
                for (int i : Text.at(c, Text.plain(phrase), 0, c.length())) {
                    if (!has(c.substring(0, i), words.conditions())) return true;
                }
            }
        }
        return false;
    }

    /** True when the text sends the viewer back to the platform ("请在直播间点link-1下单"): its link is the decline's, not a pitch. */
    public boolean backToThePlatform(String text) {
        if (text == null) return false;
        String plain = Text.plain(text);
        return has(plain, words.inPlatform());
    }

    private static boolean has(String text, List<String> list) {
        return Text.has(text, 0, text.length(), list);
    }
}
