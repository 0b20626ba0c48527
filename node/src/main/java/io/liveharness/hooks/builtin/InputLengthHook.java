package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.Map;
import java.util.Set;

/** A viewer message longer than maxChars is not a question for a live room (pasted text, prompt injection). */
public record InputLengthHook(int maxChars) implements FastHook {
    public static final String TYPE = "input-length";

    @Override
    public HookVerdict check(HookContext context) {
        String message = context.subject();
        return message.codePointCount(0, message.length()) > maxChars
                ? HookVerdict.block(TYPE, "the message is longer than " + maxChars + " characters")
                : HookVerdict.allow(TYPE, message);
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.INPUT); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return new InputLengthHook(HookParams.of(params).allowOnly("maxChars").positiveInt("maxChars"));
        }
    }
}
