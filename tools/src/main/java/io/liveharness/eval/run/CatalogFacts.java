package io.liveharness.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.room.RoomManifest;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;

import java.util.List;
import java.util.Optional;

/**
 * The shop's facts a case ran against, as they were when it ran: the room as its manifest declares
 * it (the host's persona, title, language, FAQ), each of the room's products as the catalog had it
 * (the same JSON as the turn's backed facts), and the shop's policies (coupons, logistics,
 * after-sales). A case's file keeps them so its reply can be checked again later against what was
 * true then, whatever the catalog says by that time. Kept as JSON trees, so a run stays readable
 * when the catalog's records change shape.
 */
public record CatalogFacts(JsonNode room, List<JsonNode> products, JsonNode policies) {

    public CatalogFacts {
        products = products == null ? List.of() : List.copyOf(products);
    }

    public static CatalogFacts of(RoomManifest room, Catalog catalog, Policies policies) {
        return new CatalogFacts(Json.MAPPER.valueToTree(room),
                room.products().stream().map(catalog::find).flatMap(Optional::stream).map(p -> (JsonNode) Json.MAPPER.valueToTree(p)).toList(),
                Json.MAPPER.valueToTree(policies));
    }

    /** The room's product with this id, as the case saw it. */
    public Optional<JsonNode> product(String id) {
        return products.stream().filter(p -> id.equals(p.path("id").asText(null))).findFirst();
    }
}
