package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code logistics_info {productId?, region?}}: couriers, delivery time, free shipping, remote-region
 * rules. A region in the viewer's words is looked up in the shop's regions ({@link Policies#regionIn}):
 * the result names the region recognised and whether it is remote; a region it does not know is said
 * as unknown ({@code recognisedRegion: null}, no {@code remoteRegion}), never as a free-shipping one.
 */
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
        out.set("remoteRegions", JSON.valueToTree(policies.regions().stream().filter(Region::remote).map(Region::name).toList()));
        if (productId != null) out.set("productShipping", JSON.valueToTree(product(catalog, roomId, args).shipping()));
        String region = optionalText(args, REGION);
        if (region != null) {
            out.put("region", region);
            policies.regionIn(region).ifPresentOrElse(
                    r -> out.put("remoteRegion", r.remote()).set("recognisedRegion", JSON.valueToTree(r.name())),
                    () -> out.putNull("recognisedRegion"));
        }
        return out;
    }
}
