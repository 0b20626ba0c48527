package io.liveharness.harness;

import java.util.List;

/** What the output hooks enforce on every reply. */
public record OutputRules(int maxReplyChars, List<String> bannedTerms) {
    public static final int DEFAULT_MAX_REPLY_CHARS = 160;

    public OutputRules {
        maxReplyChars = maxReplyChars <= 0 ? DEFAULT_MAX_REPLY_CHARS : maxReplyChars;
        bannedTerms = bannedTerms == null ? List.of() : List.copyOf(bannedTerms);
    }
}
