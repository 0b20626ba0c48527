package io.liveharness.room;

import io.liveharness.api.RoomStateUpdate;
import io.liveharness.claims.Claim;
import io.liveharness.claims.ClaimKind;
import io.liveharness.claims.ClaimReader;
import io.liveharness.claims.ProductMentions;
import io.liveharness.router.Intent;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a room state push takes away what an answer under way rests on. An answer rests on the
 * products its question names (by a product's id, name or keywords) or, when it names none and is
 * not small talk, on the product on stage when it started ("这个多少钱?" means that one). It no
 * longer stands when
 * <ul>
 *   <li>the product on stage changes and the answer was about the one on stage without naming it;</li>
 *   <li>the price or stock of a product it rests on changes;</li>
 *   <li>it has already said a price or stock count that was the old value of a changed product.</li>
 * </ul>
 * An answer about another product, or small talk, is left alone. Pure.
 */
final class StateDependency {

    /** What an answer rests on, fixed when it starts. */
    record Grounds(String onStageProductId, boolean aboutStage, Set<String> productIds) {

        /**
         * @param roomProducts the room's products as it sells them now (its prices and stock)
         */
        static Grounds of(String question, Intent intent, String onStageProductId, List<Product> roomProducts) {
            Set<String> named = new LinkedHashSet<>(ProductMentions.namedProducts(question, roomProducts));
            boolean aboutStage = named.isEmpty() && intent != Intent.CHITCHAT && onStageProductId != null;
            if (aboutStage) named.add(onStageProductId);
            return new Grounds(onStageProductId, aboutStage, Set.copyOf(named));
        }
    }

    /**
     * Why {@code update} withdraws the answer, or empty if the answer still stands.
     *
     * @param before the room's products as sold before the update, by id
     * @param said   what the answer has said so far
     */
    static Optional<String> withdraws(RoomStateUpdate update, Grounds grounds, Map<String, Product> before, String said) {
        if (grounds.aboutStage() && update.onStageProductId() != null
                && !update.onStageProductId().equals(grounds.onStageProductId())) {
            return Optional.of("the product on stage changed from " + grounds.onStageProductId() + " to "
                    + update.onStageProductId() + " while the answer was about the one on stage");
        }
        List<Claim> claims = ClaimReader.DEFAULT.read(said, null, List.of(), null).claims();
        if (update.priceChanges() != null) {
            for (RoomStateUpdate.PriceChange c : update.priceChanges()) {
                Product old = before.get(c.productId());
                if (old == null || old.price() == c.price()) continue;
                if (grounds.productIds().contains(c.productId()) || quoted(claims, ClaimKind.PRICE, old.price())) {
                    return Optional.of("the price of " + c.productId() + " changed from " + old.price() + " to " + c.price()
                            + " while the answer " + (quoted(claims, ClaimKind.PRICE, old.price()) ? "quoted the old one" : "was about it"));
                }
            }
        }
        if (update.stockChanges() != null) {
            for (RoomStateUpdate.StockChange c : update.stockChanges()) {
                Product old = before.get(c.productId());
                if (old == null || old.stock() == c.stock()) continue;
                if (grounds.productIds().contains(c.productId()) || quoted(claims, ClaimKind.STOCK, old.stock())) {
                    return Optional.of("the stock of " + c.productId() + " changed from " + old.stock() + " to " + c.stock()
                            + " while the answer " + (quoted(claims, ClaimKind.STOCK, old.stock()) ? "quoted the old count" : "was about it"));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean quoted(List<Claim> claims, ClaimKind kind, double value) {
        BigDecimal v = BigDecimal.valueOf(value).stripTrailingZeros();
        // a price quoted after a coupon rests on the old price too
        return claims.stream().anyMatch(c -> (c.kind() == kind || kind == ClaimKind.PRICE && c.kind() == ClaimKind.COUPON_PRICE)
                && c.number() != null && c.number().compareTo(v) == 0);
    }

    private StateDependency() { }
}
