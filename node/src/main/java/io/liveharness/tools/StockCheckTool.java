package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code stock_check {productId, size?, color?}}: units in stock now, and whether the size and colour exist. */
public final class StockCheckTool extends LocalTool {
    public static final String NAME = "stock_check";
    private final Catalog catalog;

    public StockCheckTool(Catalog catalog) { this.catalog = catalog; }

    public String name() { return NAME; }

    protected JsonNode answer(String roomId, JsonNode args) {
        Product p = product(catalog, roomId, args);
        ObjectNode out = JSON.createObjectNode().put(PRODUCT_ID, p.id()).put("stock", p.stock()).put("inStock", p.stock() > 0);
        String size = optionalText(args, "size");
        if (size != null) out.put("sizeOffered", p.sizes().stream().anyMatch(s -> s.equalsIgnoreCase(size)));
        String color = optionalText(args, "color");
        if (color != null) {
            String asked = color.toLowerCase(java.util.Locale.ROOT);
            out.put("colorOffered", p.colors().stream().anyMatch(c -> c.zh().toLowerCase(java.util.Locale.ROOT).contains(asked)
                    || c.en().toLowerCase(java.util.Locale.ROOT).contains(asked)));
        }
        return out;
    }
}
