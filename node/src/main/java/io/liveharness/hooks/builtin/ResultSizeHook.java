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

/** A huge tool result would crowd the rest of the prompt out: it is cut to maxChars with a marker saying so. */
public record ResultSizeHook(int maxChars) implements FastHook {
    public static final String TYPE = "result-size";

    @Override
    public HookVerdict check(HookContext context) {
        String result = context.subject();
        int length = result.codePointCount(0, result.length());
        if (length <= maxChars) return HookVerdict.allow(TYPE, result);
        String cut = result.substring(0, result.offsetByCodePoints(0, maxChars));
        return HookVerdict.rewrite(TYPE, "the tool result is longer than " + maxChars + " characters",
                cut + " …[truncated, " + (length - maxChars) + " more characters]");
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.POST_TOOL); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return new ResultSizeHook(HookParams.of(params).allowOnly("maxChars").positiveInt("maxChars"));
        }
    }
}
