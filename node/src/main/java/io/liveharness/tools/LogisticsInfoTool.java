package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code logistics_info {productId?, region?}}: couriers, delivery time, free shipping, remote-region
 * rules. A region in the viewer's words is looked up in the shop's regions ({@link Policies#regionIn}):
 * the result says whether it is remote and, where the viewer named it by a city or another spelling,
 * which region that is ({@code recognisedRegion}); a region it does not know is said
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
        String productId = optionalText(args, PRODUCT_ID);
        // the fields in the order, and a text of both languages in the form, the avatar model was trained on
        ObjectNode out = JSON.createObjectNode();
        out.set("couriers", JSON.valueToTree(l.couriers()));
        out.put("deliveryDays", l.deliveryDays()).put("freeShipping", l.freeShipping());
        out.set("remoteRegions", JSON.valueToTree(policies.regions().stream().filter(Region::remote).map(Region::name).toList()));
        out.put("remoteNote", l.remoteNote().both(", "));
        if (productId != null) out.put("productShipping", product(catalog, roomId, args).shipping().both(", "));
        String region = optionalText(args, REGION);
        if (region != null) {
            out.put("region", region);
            policies.regionIn(region).ifPresentOrElse(r -> {
                out.put("remoteRegion", r.remote());
                // named by a city or another spelling ("乌鲁木齐", "xinjiang"): which region that is. A viewer who wrote
                // the region's own name gets the result the avatar model was trained on, without it.
                if (!region.strip().equals(r.name().zh()) && !region.strip().equals(r.name().en())) {
                    out.set("recognisedRegion", JSON.valueToTree(r.name()));
                }
            }, () -> out.putNull("recognisedRegion"));
        }
        return out;
    }
}
