package io.liveharness.claims;

import java.util.List;

/**
 * Whether a claim is denied: a negation word ends at most {@code maxGap} tokens before it in its
 * clause ("没有紫色", "isn't see-through"), or a denying word follows it in the clause ("紫色没有哦",
 * "明天到不了", "XL卖完了"). A look-alike that denies nothing ("不但", "无理由") is passed over.
 */
final class Negations {
    private final ClaimVocabulary.Negation words;

    Negations(ClaimVocabulary.Negation words) { this.words = words; }

    /** The polarity of what stands at [start, end) of {@code plain}, within the clause [clauseStart, clauseEnd). */
    Polarity of(String plain, int clauseStart, int start, int end, int clauseEnd) {
        String before = plain.substring(clauseStart, start);
        for (String word : words.before()) {
            String w = Text.plain(word);
            for (int i : Text.at(before, w, 0, before.length())) {
                String rest = before.substring(i);
                if (lookAlike(rest)) continue;
                if (Text.tokens(before.substring(i + w.length())) <= words.maxGap()) return Polarity.DENIED;
            }
        }
        String after = plain.substring(end, clauseEnd);
        for (String word : words.after()) {
            String w = Text.plain(word);
            for (int i : Text.at(after, w, 0, after.length())) {
                if (Text.tokens(after.substring(0, i)) <= words.maxGap()) return Polarity.DENIED;
            }
        }
        return Polarity.AFFIRMED;
    }

    private boolean lookAlike(String rest) {
        List<String> looks = words.notNegations();
        for (String n : looks) if (rest.startsWith(Text.plain(n))) return true;
        return false;
    }
}
