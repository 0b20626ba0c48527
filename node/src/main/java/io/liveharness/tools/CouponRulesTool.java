package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** {@code coupon_rules {productId?}}: the coupons and price rules that apply (to one product, or all). */
public final class CouponRulesTool extends LocalTool {
    public static final String NAME = "coupon_rules";
    private final Catalog catalog;
    private final Policies policies;

    public CouponRulesTool(Catalog catalog, Policies policies) {
        this.catalog = catalog;
        this.policies = policies;
    }

    public String name() { return NAME; }

    protected JsonNode answer(String roomId, JsonNode args) {
        String productId = optionalText(args, PRODUCT_ID);
        if (productId != null && !catalog.contains(productId)) throw new BadArgument("no product with id '" + productId + "'");
        List<Policies.Coupon> coupons = policies.coupons().stream()
                .filter(c -> productId == null || c.products().isEmpty() || c.products().contains(productId)).toList();
        return JSON.createObjectNode().set("coupons", JSON.valueToTree(coupons));
    }
}
