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

/** Silence is not an answer: dead air on a live broadcast. */
public record NotEmptyHook() implements FastHook {
    public static final String TYPE = "not-empty";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        return reply.isBlank() ? HookVerdict.block(TYPE, "the reply is empty; answer the viewer's question")
                : HookVerdict.allow(TYPE, reply);
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new NotEmptyHook();
        }
    }
}
