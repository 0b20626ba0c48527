package io.liveharness.hooks;

import java.util.List;

/**
 * The result of running one point's hooks: the final verdict (ALLOW with the subject unchanged,
 * REWRITE with the last rewritten text, or the first BLOCK) and what each hook did.
 */
public record HookOutcome(HookVerdict verdict, List<HookRecord> records) {

    public HookOutcome {
        records = List.copyOf(records);
    }

    public boolean blocked() { return verdict.decision() == HookVerdict.Decision.BLOCK; }

    /** The subject text to go on with; null when blocked. */
    public String text() { return verdict.text(); }

    /** The reason to feed back to the model; null unless blocked. */
    public String reason() { return blocked() ? verdict.reason() : null; }
}
