package io.liveharness.tools;

import java.util.List;

/** One product of the catalog, as the product tools report it. */
public record Product(String id, String name, String category, double price, int stock, List<String> sizes,
                      List<String> colors, String material, String shipping, String returns,
                      String actionLinkId, List<String> keywords) {

    public Product {
        sizes = sizes == null ? List.of() : List.copyOf(sizes);
        colors = colors == null ? List.of() : List.copyOf(colors);
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }

    public Product withPrice(double newPrice) {
        return new Product(id, name, category, newPrice, stock, sizes, colors, material, shipping, returns,
                actionLinkId, keywords);
    }

    public Product withStock(int newStock) {
        return new Product(id, name, category, price, newStock, sizes, colors, material, shipping, returns,
                actionLinkId, keywords);
    }
}
