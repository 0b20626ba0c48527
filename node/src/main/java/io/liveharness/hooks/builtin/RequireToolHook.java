package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.router.Intent;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** For the given intents the agent may not stop before it has called the tool: a product answer rests on fresh data. */
public record RequireToolHook(List<Intent> intents, String tool) implements FastHook {
    public static final String TYPE = "require-tool";

    @Override
    public HookVerdict check(HookContext context) {
        if (intents.contains(context.intent()) && !context.toolsCalled().contains(tool)) {
            return HookVerdict.block(TYPE, "call " + tool + " before answering");
        }
        return HookVerdict.allow(TYPE, context.subject());
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("intents", "tool");
            String tool = p.string("tool");
            if (!environment.toolSchemas().isEmpty() && !environment.toolSchemas().containsKey(tool)) {
                throw new IllegalArgumentException("parameter 'tool' names '" + tool + "', which this harness does not define; defined: "
                        + String.join(", ", environment.toolSchemas().keySet()));
            }
            List<Intent> intents = new java.util.ArrayList<>();
            for (String label : p.strings("intents")) {
                // a typo would load and the hook would never fire: refuse it here, at the hook's line
                intents.add(Intent.byExactLabel(label).orElseThrow(() -> new IllegalArgumentException(
                        "parameter 'intents' names '" + label + "', which is not a router intent " + Intent.labels())));
            }
            return new RequireToolHook(List.copyOf(intents), tool);
        }
    }
}
