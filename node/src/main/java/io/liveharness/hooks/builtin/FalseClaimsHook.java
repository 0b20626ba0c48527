package io.liveharness.hooks.builtin;

import io.liveharness.claims.ClaimJudge;
import io.liveharness.claims.ClaimKind;
import io.liveharness.claims.Finding;
import io.liveharness.claims.TurnFacts;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.hooks.HookVerdict;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Nothing false on air: every claim the reply makes (a price, a coupon price, stock, a colour, a
 * material, a size, a region, a link, the host's name, a promotion, ...) is judged against the
 * turn's facts by the one claim reader the eval also uses ({@link ClaimJudge}); a false one blocks
 * the reply with the reason, so the model gets one retry and then the fallback answers. The
 * viewer's own words back nothing.
 *
 * @param type  the hook type its verdicts carry ({@value #TYPE}, or an older type built on it)
 * @param kinds the kinds of claim checked (all unless the harness narrows them)
 * @param tool  the tool the reason tells the model to call, as the harness names it; null to name none
 */
public record FalseClaimsHook(String type, Set<ClaimKind> kinds, String tool) implements FastHook {
    public static final String TYPE = "false-claims";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        TurnFacts facts = TurnFacts.of(context.backedFacts(), null, context.onStageProductId());
        List<Finding> wrong = ClaimJudge.DEFAULT.judge(reply, context.message(), facts, null).falseOnes().stream()
                .filter(f -> kinds.contains(f.claim().kind())).toList();
        if (wrong.isEmpty()) return HookVerdict.allow(type, reply);
        Finding first = wrong.getFirst();
        return HookVerdict.block(type, "the reply " + first.reason() + "; " + (tool == null ? "check the facts" : "call " + tool)
                + " or leave the " + first.claim().kind().label().replace('-', ' ') + " out");
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        /** {@code params: {kinds: [price, colour, ...], tool: product_lookup}}, both optional. */
        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("kinds", "tool");
            return new FalseClaimsHook(TYPE, kinds(p.strings("kinds", List.of())), p.toolName("tool", environment.toolSchemas().keySet()));
        }

        static Set<ClaimKind> kinds(List<String> names) {
            if (names.isEmpty()) return EnumSet.allOf(ClaimKind.class);
            Set<ClaimKind> kinds = EnumSet.noneOf(ClaimKind.class);
            for (String n : names) {
                try {
                    kinds.add(ClaimKind.valueOf(n.strip().toUpperCase(Locale.ROOT).replace('-', '_')));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("parameter 'kinds' has '" + n + "', which is not a kind of claim; kinds: "
                            + EnumSet.allOf(ClaimKind.class).stream().map(ClaimKind::label).toList());
                }
            }
            return kinds;
        }
    }
}
