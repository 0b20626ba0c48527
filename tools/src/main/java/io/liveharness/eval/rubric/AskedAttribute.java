package io.liveharness.eval.rubric;

import io.liveharness.claims.ClaimKind;
import io.liveharness.claims.ProductMentions;
import io.liveharness.claims.ProductFacts;
import io.liveharness.claims.TurnFacts;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a case's message asks, as the kinds of claim that answer it: a price is answered by a price
 * (or a coupon price, or "sold out"), a colour by a colour, a region by the region. Read by the
 * question read the node's fallback uses, over the products the transcript holds.
 */
record AskedAttribute(String label, Set<ClaimKind> kinds) {
    private static volatile QuestionReader reader;

    static Optional<AskedAttribute> of(DevCase c, Transcript t) {
        TurnFacts facts = TurnFacts.of(t.backedFacts(), null, c.onStage());
        List<ProductFacts> products = new ArrayList<>(facts.products());
        if (products.isEmpty()) return Optional.empty();
        // the one on stage first: the question read takes it when the message names none
        products.sort((a, b) -> Boolean.compare(!a.id().equals(c.onStage()), !b.id().equals(c.onStage())));
        var q = reader().read(c.text(), products, null);
        if (q.decline() != null) return Optional.empty();
        if (q.region() != null) return Optional.of(new AskedAttribute("the region", EnumSet.of(ClaimKind.REGION, ClaimKind.REGION_SURCHARGE)));
        if (q.topic() != null) {
            return switch (q.topic()) {
                case "returns", "exchange" -> Optional.of(new AskedAttribute("returns", EnumSet.of(ClaimKind.RETURNS)));
                case "warranty" -> Optional.of(new AskedAttribute("the warranty", EnumSet.of(ClaimKind.WARRANTY)));
                default -> Optional.empty();
            };
        }
        return switch (q.ask()) {
            case PRICE -> Optional.of(new AskedAttribute("the price", EnumSet.of(ClaimKind.PRICE, ClaimKind.COUPON_PRICE, ClaimKind.SOLD_OUT)));
            case STOCK -> Optional.of(new AskedAttribute("stock", EnumSet.of(ClaimKind.STOCK, ClaimKind.SOLD_OUT, ClaimKind.IN_STOCK)));
            case SIZE -> Optional.of(new AskedAttribute("sizes", EnumSet.of(ClaimKind.SIZE)));
            case COLOR -> Optional.of(new AskedAttribute("colours", EnumSet.of(ClaimKind.COLOUR)));
            case MATERIAL -> Optional.of(new AskedAttribute("the material", EnumSet.of(ClaimKind.MATERIAL, ClaimKind.SHELF_LIFE)));
            case SHIPPING -> Optional.of(new AskedAttribute("shipping", EnumSet.of(ClaimKind.SHIPPING_TIME, ClaimKind.REGION, ClaimKind.REGION_SURCHARGE)));
            case BUY -> Optional.of(new AskedAttribute("how to buy", EnumSet.of(ClaimKind.LINK, ClaimKind.SOLD_OUT, ClaimKind.PUSH)));
            default -> Optional.empty();
        };
    }

    private static QuestionReader reader() {
        QuestionReader r = reader;
        if (r == null) reader = r = new QuestionReader(QuestionLexicon.standard(), ProductMentions::aboutProduct);
        return r;
    }
}
