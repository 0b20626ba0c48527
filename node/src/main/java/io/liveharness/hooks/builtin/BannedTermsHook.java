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

/** Terms the shop's rules forbid on air (advertising-law superlatives, "加微信", ...). */
public record BannedTermsHook(List<String> terms) implements FastHook {
    public static final String TYPE = "banned-terms";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        return Terms.firstIn(reply, terms)
                .map(t -> HookVerdict.block(TYPE, "the reply uses the banned term '" + t + "'; say it without that term"))
                .orElseGet(() -> HookVerdict.allow(TYPE, reply));
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return new BannedTermsHook(HookParams.of(params).allowOnly("terms").strings("terms"));
        }
    }
}
