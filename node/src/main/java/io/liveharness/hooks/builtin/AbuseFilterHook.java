package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** A message with abuse never reaches the model, so the avatar can never repeat it on air. */
public record AbuseFilterHook(List<String> terms) implements FastHook {
    public static final String TYPE = "abuse-filter";

    @Override
    public HookVerdict check(HookContext context) {
        String message = context.subject();
        // the reason does not quote the term: it ends up in transcripts and dashboards
        return Terms.firstIn(message, terms).isPresent()
                ? HookVerdict.block(TYPE, "the message contains abusive language")
                : HookVerdict.allow(TYPE, message);
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.INPUT); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return new AbuseFilterHook(HookParams.of(params).allowOnly("terms").strings("terms"));
        }
    }
}
