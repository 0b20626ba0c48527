package io.liveharness.hooks.builtin;

import io.liveharness.claims.ProductMentions;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A price, stock count or delivery promise said on air is one the shop is held to: each must
 * appear in the backed facts of this turn (tool results and the product data in the prompt), or
 * the reply is blocked with a reason telling the model how to fix it. A reply that names one of
 * the room's products (as {@link ProductMentions} says), or names none in answer to a message that
 * names one, is held to that product's figures: another product's data, or a tool result about
 * another product, does not back it.
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
        List<ProductMentions.Named> products = ProductMentions.inFacts(context.backedFacts());
        String about = ProductMentions.subject(reply, context.message(), products);
        List<String> facts = ProductMentions.factsAbout(about, products, context.backedFacts());
        Set<BigDecimal> numbers = Claims.numbers(facts);
        Set<String> days = Claims.days(facts);
        for (Claims.Claim claim : claims) {
            boolean backed = claim.number() != null ? numbers.contains(claim.number()) : days.contains(claim.day());
            if (!backed) return HookVerdict.block(TYPE, reason(claim, about));
        }
        return HookVerdict.allow(TYPE, reply);
    }

    private String reason(Claims.Claim claim, String about) {
        String what = switch (claim.kind()) {
            case PRICE -> "price";
            case STOCK -> "stock count";
            case DELIVERY -> "delivery time";
        };
        String evidence = claim.number() != null ? claim.number().toPlainString() : claim.day();
        return "the reply says '" + claim.said() + "'" + (about == null ? "" : " of " + about)
                + " but no tool result or product data " + (about == null ? "this turn" : "about " + about) + " says " + evidence
                + "; " + (tool == null ? "look it up" : "call " + tool) + " or leave the " + what + " out";
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("tool");
            Claims.in(""); // compile the patterns now, not inside the first live reply's 50 ms
            return new UnbackedPromiseHook(p.toolName("tool", environment.toolSchemas().keySet()));
        }
    }
}
