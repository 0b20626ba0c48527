package io.liveharness.hooks;

/**
 * A hook's decision on one piece of text: let it through, block it with a reason the model is
 * told, or let a rewritten text through instead.
 */
public record HookVerdict(Decision decision, String hook, String reason, String text) {
    public enum Decision { ALLOW, BLOCK, REWRITE }

    public static HookVerdict allow(String hook, String text) { return new HookVerdict(Decision.ALLOW, hook, null, text); }

    public static HookVerdict block(String hook, String reason) { return new HookVerdict(Decision.BLOCK, hook, reason, null); }

    public static HookVerdict rewrite(String hook, String reason, String text) {
        return new HookVerdict(Decision.REWRITE, hook, reason, text);
    }
}
