package io.liveharness.hooks.builtin;

import io.liveharness.claims.ProductMentions;
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
import java.util.Optional;
import java.util.Set;

/**
 * When the viewer's message is about one of the room's products, the answer is about that one: a
 * tool call for another of the room's products is blocked (pre-tool), and so is a reply that names
 * other products of the room but not it (output, stop), counting only what names one product
 * alone. Small talk that names none is about the product on stage. A question about none or about
 * two alike, or a room of one product, is left alone. The room's products are those whose data
 * context load put among the turn's backed facts; what a text names and is about,
 * {@link ProductMentions} says.
 */
public record AskedProductHook() implements FastHook {
    public static final String TYPE = "asked-product";

    @Override
    public HookVerdict check(HookContext context) {
        List<ProductMentions.Named> products = ProductMentions.inFacts(context.backedFacts());
        if (products.size() < 2) return HookVerdict.allow(TYPE, context.subject());
        var asked = ProductMentions.about(context.message(), products);
        String why = "the viewer asks about ";
        if (asked.isEmpty()) {
            asked = smallTalkAbout(context, products);
            why = "the product on stage is ";
        }
        if (asked.isEmpty()) return HookVerdict.allow(TYPE, context.subject());
        String id = asked.get();
        ProductMentions.Named wanted = products.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
        return switch (context.point()) {
            case PRE_TOOL -> checkArguments(context, products, wanted, why);
            case OUTPUT, STOP -> checkReply(context, products, wanted, why);
            default -> HookVerdict.allow(TYPE, context.subject());
        };
    }

    /**
     * Small talk that names no product is answered with the one on stage (the chitchat skill
     * steers back to it): a greeting that names only another product of the room is wrong. Not so
     * a question that names none ("anything cheaper?"): the other product may well be the answer.
     */
    private static Optional<String> smallTalkAbout(HookContext context, List<ProductMentions.Named> products) {
        if (context.intent() != Intent.CHITCHAT || context.onStageProductId() == null) return Optional.empty();
        return products.stream().map(ProductMentions.Named::id).filter(context.onStageProductId()::equals).findFirst();
    }

    /** Arguments that carry another product's id, and not the asked one's. */
    private static HookVerdict checkArguments(HookContext context, List<ProductMentions.Named> products, ProductMentions.Named wanted,
                                              String why) {
        String arguments = context.subject();
        if (arguments.contains("\"" + wanted.id() + "\"")) return HookVerdict.allow(TYPE, arguments);
        for (ProductMentions.Named other : products) {
            if (arguments.contains("\"" + other.id() + "\"")) {
                return HookVerdict.block(TYPE, why + describe(wanted) + ", not " + other.id()
                        + "; call the tool with " + wanted.id());
            }
        }
        return HookVerdict.allow(TYPE, arguments);
    }

    /**
     * A reply that names products of the room, none of them the one it is about. Only what names a
     * product alone counts: "the puff-sleeve French tea dress" is not about the floral dress for
     * its "dress", which both dresses have.
     */
    private static HookVerdict checkReply(HookContext context, List<ProductMentions.Named> products, ProductMentions.Named wanted,
                                          String why) {
        List<String> said = ProductMentions.namedDistinctly(context.subject(), products);
        if (said.isEmpty() || said.contains(wanted.id())) return HookVerdict.allow(TYPE, context.subject());
        return HookVerdict.block(TYPE, "the reply is about " + String.join(", ", said) + " but " + why
                + describe(wanted) + "; answer about " + wanted.id());
    }

    private static String describe(ProductMentions.Named p) {
        return p.name() == null || p.name().isBlank() ? p.id() : p.name() + " (" + p.id() + ")";
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.PRE_TOOL, HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new AskedProductHook();
        }
    }
}
