package io.liveharness.claims;

import io.liveharness.router.question.Question;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a question asks, as the kinds of claim that answer it: a price is answered by a price (or a
 * coupon price, or "sold out"), a colour by a colour, a region by the region. The eval's
 * {@code answers-the-attribute} check and the {@code answers-the-question} hook read replies by it.
 *
 * @param label what is asked, in words for a reason ("the price")
 */
public record AskedClaims(String label, Set<ClaimKind> kinds) {

    /** Empty when the question must be declined or asks nothing one kind of claim answers. */
    public static Optional<AskedClaims> of(Question q) {
        if (q.decline() != null) return Optional.empty();
        if (q.region() != null) return Optional.of(new AskedClaims("the region", EnumSet.of(ClaimKind.REGION, ClaimKind.REGION_SURCHARGE)));
        if (q.topic() != null) {
            return switch (q.topic()) {
                case "returns", "exchange" -> Optional.of(new AskedClaims("returns", EnumSet.of(ClaimKind.RETURNS)));
                case "warranty" -> Optional.of(new AskedClaims("the warranty", EnumSet.of(ClaimKind.WARRANTY)));
                default -> Optional.empty();
            };
        }
        return switch (q.ask()) {
            case PRICE -> Optional.of(new AskedClaims("the price", EnumSet.of(ClaimKind.PRICE, ClaimKind.COUPON_PRICE, ClaimKind.SOLD_OUT)));
            case STOCK -> Optional.of(new AskedClaims("stock", EnumSet.of(ClaimKind.STOCK, ClaimKind.SOLD_OUT, ClaimKind.IN_STOCK)));
            case SIZE -> Optional.of(new AskedClaims("sizes", EnumSet.of(ClaimKind.SIZE)));
            case COLOR -> Optional.of(new AskedClaims("colours", EnumSet.of(ClaimKind.COLOUR)));
            case MATERIAL -> Optional.of(new AskedClaims("the material", EnumSet.of(ClaimKind.MATERIAL, ClaimKind.SHELF_LIFE)));
            case SHIPPING -> Optional.of(new AskedClaims("shipping", EnumSet.of(ClaimKind.SHIPPING_TIME, ClaimKind.REGION, ClaimKind.REGION_SURCHARGE)));
            case BUY -> Optional.of(new AskedClaims("how to buy", EnumSet.of(ClaimKind.LINK, ClaimKind.SOLD_OUT, ClaimKind.PUSH)));
            default -> Optional.empty();
        };
    }

    /** Whether the reply's reading makes a claim of a kind that answers it. */
    public boolean answeredBy(ReplyReading reading) {
        return reading.claims().stream().anyMatch(c -> kinds.contains(c.kind()));
    }
}
