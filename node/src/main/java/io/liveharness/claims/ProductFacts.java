package io.liveharness.claims;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.router.question.Sellable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * One product as the turn's facts give it (the product data context load put in the prompt, or a
 * product tool's result). A field may be a string, a list, or one text per language
 * ({@code {"zh": "白色", "en": "white"}}): each is read as all its texts. It is a {@link Sellable}, so
 * the question read can say what a message asks of the products a transcript holds.
 */
public record ProductFacts(String id, List<String> names, String category, BigDecimal catalogPrice, Integer stock, List<String> sizes,
                           List<String> colours, List<String> materials, List<String> shipping, List<String> returns,
                           String actionLinkId, List<String> keywords, String text, List<List<String>> colorWords) implements Sellable {

    /** The product in {@code fact}, or null when it is not a product (no id with keywords or a price). */
    static ProductFacts of(JsonNode n, String raw) {
        if (!n.path("id").isTextual() || !(n.has("keywords") || n.has("price"))) return null;
        return new ProductFacts(n.path("id").asText(), texts(n.path("name")), n.path("category").asText(null),
                n.path("price").isNumber() ? n.path("price").decimalValue().stripTrailingZeros() : null,
                n.path("stock").isNumber() ? n.path("stock").asInt() : null,
                texts(n.path("sizes")), texts(n.path("colors")), texts(n.path("material")), texts(n.path("shipping")),
                texts(n.path("returns")), n.path("actionLinkId").asText(null), texts(n.path("keywords")), raw, colourWords(n.path("colors")));
    }

    private static List<List<String>> colourWords(JsonNode colors) {
        List<List<String>> out = new ArrayList<>();
        colors.forEach(c -> out.add(c.isTextual() ? List.of(c.asText().split("\\s+")) : texts(c)));
        return out;
    }

    public double price() { return catalogPrice == null ? 0 : catalogPrice.doubleValue(); }

    /** The name in the language: the text with Chinese characters for zh, the one without for en; else the first. */
    public String nameIn(String language) {
        for (String n : names) {
            boolean han = n.codePoints().anyMatch(Text::han);
            if ("zh".equals(language) == han) return n;
        }
        return names.isEmpty() ? id : names.getFirst();
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
