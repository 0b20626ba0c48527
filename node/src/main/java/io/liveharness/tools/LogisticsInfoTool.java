package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code logistics_info {productId?, region?}}: couriers, delivery time, free shipping, remote-region rules. */
public final class LogisticsInfoTool extends LocalTool {
    public static final String NAME = "logistics_info";
    /** The argument that says where the viewer is, in the viewer's own words ("新疆", "Xinjiang"). */
    public static final String REGION = "region";
    private final Catalog catalog;
    private final Policies policies;

    public LogisticsInfoTool(Catalog catalog, Policies policies) {
        this.catalog = catalog;
        this.policies = policies;
    }

    public String name() { return NAME; }

    protected JsonNode answer(String roomId, JsonNode args) {
        Policies.Logistics l = policies.logistics();
        ObjectNode out = JSON.valueToTree(l);
        String productId = optionalText(args, PRODUCT_ID);
        if (productId != null) out.put("productShipping", product(catalog, roomId, args).shipping());
        String region = optionalText(args, REGION);
        if (region != null) {
            boolean remote = l.remoteRegions().stream().anyMatch(r -> r.contains(region) || region.contains(r.split(" ")[0]));
            out.put("region", region).put("remoteRegion", remote);
        }
        return out;
    }
}
