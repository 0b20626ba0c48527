package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;

/**
 * A price, stock count or delivery promise said on air is one the shop is held to: each must
 * appear in the backed facts of this turn (tool results and the product data in the prompt), or
 * the reply is blocked with a reason telling the model how to fix it.
 *
 * @param tool the tool the reason tells the model to call, as the harness names it ({@code params:
 *             {tool: ...}}); null to name none. Never a built-in name: a harness that renames its
 *             tools would otherwise be told about one it does not have.
 */
public record UnbackedPromiseHook(String tool) implements FastHook {
    public static final String TYPE = "unbacked-promise";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        var claims = Claims.in(reply);
        if (claims.isEmpty()) return HookVerdict.allow(TYPE, reply);
        Set<BigDecimal> numbers = Claims.numbers(context.backedFacts());
        Set<String> days = Claims.days(context.backedFacts());
        for (Claims.Claim claim : claims) {
            boolean backed = claim.number() != null ? numbers.contains(claim.number()) : days.contains(claim.day());
            if (!backed) return HookVerdict.block(TYPE, reason(claim));
        }
        return HookVerdict.allow(TYPE, reply);
    }

    private String reason(Claims.Claim claim) {
        String what = switch (claim.kind()) {
            case PRICE -> "price";
            case STOCK -> "stock count";
            case DELIVERY -> "delivery time";
        };
        String evidence = claim.number() != null ? claim.number().toPlainString() : claim.day();
        return "the reply says '" + claim.said() + "' but no tool result or product data this turn says " + evidence
                + "; " + (tool == null ? "look it up" : "call " + tool) + " or leave the " + what + " out";
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("tool");
            Claims.in(""); // compile the patterns now, not inside the first live reply's 50 ms
            String tool = p.has("tool") ? p.string("tool") : null;
            if (tool != null && !environment.toolSchemas().isEmpty() && !environment.toolSchemas().containsKey(tool)) {
                throw new IllegalArgumentException("parameter 'tool' names '" + tool + "', which this harness does not define; defined: "
                        + String.join(", ", environment.toolSchemas().keySet()));
            }
            return new UnbackedPromiseHook(tool);
        }
    }
}
