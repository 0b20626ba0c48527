package io.liveharness.claims;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * One product as the turn's facts give it (the product data context load put in the prompt, or a
 * product tool's result). A field may be a string, a list, or one text per language
 * ({@code {"zh": "白色", "en": "white"}}): each is read as all its texts.
 */
public record ProductFacts(String id, List<String> names, String category, BigDecimal price, Integer stock, List<String> sizes,
                           List<String> colours, List<String> materials, List<String> shipping, List<String> returns,
                           String actionLinkId, List<String> keywords, String text) {

    /** The product in {@code fact}, or null when it is not a product (no id with keywords or a price). */
    static ProductFacts of(JsonNode n, String raw) {
        if (!n.path("id").isTextual() || !(n.has("keywords") || n.has("price"))) return null;
        return new ProductFacts(n.path("id").asText(), texts(n.path("name")), n.path("category").asText(null),
                n.path("price").isNumber() ? n.path("price").decimalValue().stripTrailingZeros() : null,
                n.path("stock").isNumber() ? n.path("stock").asInt() : null,
                texts(n.path("sizes")), texts(n.path("colors")), texts(n.path("material")), texts(n.path("shipping")),
                texts(n.path("returns")), n.path("actionLinkId").asText(null), texts(n.path("keywords")), raw);
    }

    /** Every text of a field: a string, the items of a list, the values of a per-language object. */
    static List<String> texts(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n == null || n.isMissingNode() || n.isNull()) return out;
        if (n.isValueNode()) out.add(n.asText());
        else if (n.isArray()) n.forEach(x -> out.addAll(texts(x)));
        else if (n.isObject()) n.forEach(x -> out.addAll(texts(x)));
        return out;
    }

    public boolean soldOut() { return stock != null && stock == 0; }

    ProductMentions.Named named() {
        return new ProductMentions.Named(id, names.isEmpty() ? null : String.join(" ", names), keywords);
    }
}
