package io.liveharness.claims;

import java.util.Locale;

/** What a claim of a reply says. Each kind is checked against its own facts ({@link ClaimJudge}). */
public enum ClaimKind {
    /** A kind of product the room may not sell ("air fryer" in a dress room). */
    PRODUCT,
    /** A product called by words its facts do not have ("the Ther sport earbuds", "法式茶歇裙"): a name made up. */
    PRODUCT_NAME,
    PRICE,
    /** A price after a coupon or promotion: held to the arithmetic. */
    COUPON_PRICE,
    STOCK,
    SOLD_OUT,
    IN_STOCK,
    /** A product pushed (a buy link, "快抢"): never one that is sold out. */
    PUSH,
    SIZE,
    COLOUR,
    MATERIAL,
    SHELF_LIFE,
    SHIPPING_TIME,
    /** A region named in a shipping answer: the one the viewer asked about. */
    REGION,
    /** A region said to cost extra or be remote (affirmed), or to ship free (denied). */
    REGION_SURCHARGE,
    RETURNS,
    WARRANTY,
    LINK,
    HOST,
    PROMOTION,
    /** A promise no catalog fact makes ("全网最低价", "lifetime warranty"). */
    PROMISE;

    /** The kind as reports and reasons name it: {@code coupon-price}. */
    public String label() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }
}
