package io.liveharness.claims;

import java.math.BigDecimal;

/**
 * One thing a reply says of a product, the shop or the room.
 *
 * @param value   what is said, canonical where the vocabulary has a canonical form ("white" for
 *                "白色"), else as said ("link-1", "M", "小美")
 * @param number  the number it rests on, or null
 * @param said    the words as the reply has them, for reasons and reports
 * @param product the id of the product it is about (the one its sentence names, else the one the
 *                reply or the message is about), or null when that cannot be told
 */
public record Claim(ClaimKind kind, String value, BigDecimal number, Polarity polarity, String said, String product) {

    public boolean affirmed() { return polarity == Polarity.AFFIRMED; }

    Claim about(String productId) { return new Claim(kind, value, number, polarity, said, productId); }
}
