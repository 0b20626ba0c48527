package io.liveharness.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One hook as a harness version declares it under {@code hooks:}: its type, the point it runs at,
 * its parameters, how long it may take, and what a failure (throw or timeout) means.
 *
 * @param timeoutMs 0 means {@link #DEFAULT_TIMEOUT_MS}; a negative value is reported by validation
 * @param onFailure null means the point's default, {@link OnFailure#defaultFor}
 * @param feedback  how a block is worded to the model, {@code {reason}} standing for the hook's own
 *                  reason; null for the reason alone. Wording only: the decision is the hook's.
 */
public record HookSpec(String type, HookPoint at, Map<String, Object> params, long timeoutMs, OnFailure onFailure,
                       String feedback) {
    /** Built-in hooks answer in microseconds; 50 ms leaves room for a busy event loop without stalling a live reply. */
    public static final long DEFAULT_TIMEOUT_MS = 50;
    /** A hook that needs more than this is not a hook; the reply deadline is a few seconds in all. */
    public static final long MAX_TIMEOUT_MS = 5_000;

    /** What a hook that threw or timed out decides. */
    public enum OnFailure {
        ALLOW, BLOCK;

        /**
         * Safety first where a reply is about to be broadcast or a tool to be called blind: output
         * and pre-tool block; input, post-tool and stop let the request go on to the later checks.
         */
        public static OnFailure defaultFor(HookPoint point) {
            return point == HookPoint.OUTPUT || point == HookPoint.PRE_TOOL ? BLOCK : ALLOW;
        }

        /** {@code allow} or {@code block}, as written in harness.yaml. */
        public static OnFailure fromYaml(String name) {
            return switch (name) {
                case "allow" -> ALLOW;
                case "block" -> BLOCK;
                default -> throw new IllegalArgumentException("onFailure must be 'allow' or 'block', got '" + name + "'");
            };
        }
    }

    public HookSpec(String type, HookPoint at, Map<String, Object> params, long timeoutMs, OnFailure onFailure) {
        this(type, at, params, timeoutMs, onFailure, null);
    }

    /** The reason as the model reads it. */
    public String worded(String reason) {
        return feedback == null || reason == null ? reason : feedback.replace("{reason}", reason);
    }

    public HookSpec {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        timeoutMs = timeoutMs == 0 ? DEFAULT_TIMEOUT_MS : timeoutMs;
        onFailure = onFailure == null && at != null ? OnFailure.defaultFor(at) : onFailure;
    }

    /** A hook with the default timeout and failure policy. */
    public static HookSpec of(String type, HookPoint at, Map<String, Object> params) {
        return new HookSpec(type, at, params, 0, null);
    }
}
