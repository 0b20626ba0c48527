package io.liveharness.hooks.builtin;

import io.liveharness.claims.AskedClaims;
import io.liveharness.claims.Claim;
import io.liveharness.claims.ClaimKind;
import io.liveharness.claims.ClaimReader;
import io.liveharness.claims.ProductFacts;
import io.liveharness.claims.TurnFacts;
import io.liveharness.claims.ViewerQuestions;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.router.Intent;
import io.liveharness.router.question.Question;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The first fact a reply states answers what the viewer asked (the price may lead): asked "发啥快滴"
 * (the shipping), a reply whose first fact is the shelf life is blocked, so the model retries with the reason and then the
 * grounded fallback answers the attribute asked. What is asked is the node's question read
 * ({@link ViewerQuestions}: the lexicon, and the ask model for misspelt words); what a reply states,
 * the claim reader's. A reply that has stated no fact yet (a greeting, a segment still to come) passes;
 * so does any reply to a question that asks no one attribute in its words (a colour or size it names
 * is not taken for the question: "xl的拿两件 一共得多少" asks the price) or must be declined.
 */
public record AnswersTheQuestionHook() implements FastHook {
    public static final String TYPE = "answers-the-question";
    /** Intents whose messages ask for a product fact. */
    private static final Set<Intent> ASKING = EnumSet.of(Intent.PRODUCT_QA, Intent.LOGISTICS, Intent.AFTER_SALES, Intent.CLARIFICATION);
    /**
     * Claims that answer some other question about a product: stating one of these first answers
     * something else. Not the price: a streamer opens with it ("¥89.9, tap link-9") before what was asked.
     */
    private static final Set<ClaimKind> FACTS = EnumSet.of(ClaimKind.STOCK, ClaimKind.SOLD_OUT,
            ClaimKind.IN_STOCK, ClaimKind.SIZE, ClaimKind.COLOUR, ClaimKind.MATERIAL, ClaimKind.SHELF_LIFE, ClaimKind.SHIPPING_TIME,
            ClaimKind.REGION, ClaimKind.REGION_SURCHARGE, ClaimKind.RETURNS, ClaimKind.WARRANTY);

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        if (!ASKING.contains(context.intent()) || reply == null || reply.isBlank()) return HookVerdict.allow(TYPE, reply);
        TurnFacts facts = TurnFacts.of(context.backedFacts(), null, context.onStageProductId());
        List<ProductFacts> products = new ArrayList<>(facts.products());
        if (products.isEmpty()) return HookVerdict.allow(TYPE, reply);
        String onStage = context.onStageProductId();
        products.sort((a, b) -> Boolean.compare(!a.id().equals(onStage), !b.id().equals(onStage)));
        var reader = ViewerQuestions.reader();
        Question q = reader.read(context.message(), products, null);
        // only what the words ask: an attribute inferred from a size or colour the message names may not be the question
        if (q.region() == null && q.topic() == null && reader.asked(context.message()) != q.ask()) return HookVerdict.allow(TYPE, reply);
        Optional<AskedClaims> asked = AskedClaims.of(q);
        if (asked.isEmpty()) return HookVerdict.allow(TYPE, reply);
        List<Claim> claims = ClaimReader.DEFAULT.read(reply, context.message(), facts.named(), null).claims();
        if (asked.get().kinds().stream().anyMatch(k -> claims.stream().anyMatch(c -> c.kind() == k))) return HookVerdict.allow(TYPE, reply);
        Optional<Claim> other = claims.stream().filter(c -> FACTS.contains(c.kind())).findFirst();
        if (other.isEmpty()) return HookVerdict.allow(TYPE, reply);
        return HookVerdict.block(TYPE, "the viewer asks about " + asked.get().label() + ", and the reply states the "
                + other.get().kind().label().replace('-', ' ') + " instead; answer " + asked.get().label() + " first");
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new AnswersTheQuestionHook();
        }
    }
}
