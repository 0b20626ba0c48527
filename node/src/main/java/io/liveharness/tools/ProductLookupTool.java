package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code product_lookup {productId}}: a product's price, stock, sizes, colours, material, shipping and returns. */
public final class ProductLookupTool extends LocalTool {
    public static final String NAME = "product_lookup";
    private final Catalog catalog;

    public ProductLookupTool(Catalog catalog) { this.catalog = catalog; }

    public String name() { return NAME; }

    protected JsonNode answer(String roomId, JsonNode args) { return JSON.valueToTree(product(catalog, roomId, args)); }
}
