package io.liveharness.tools;

import io.liveharness.router.question.Sellable;

import java.util.List;

/**
 * One product of the catalog, as the product tools report it. What a viewer hears in words (the
 * name, colours, material, shipping and returns) is {@link Localized}: one field per language.
 */
public record Product(String id, Localized name, String category, double price, int stock, List<String> sizes,
                      List<Localized> colors, Localized material, Localized shipping, Localized returns,
                      String actionLinkId, List<String> keywords) implements Sellable {

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

    /** The colours in {@code language}: "白色/蓝色" or "white/blue". */
    public List<String> colorsIn(String language) { return colors.stream().map(c -> c.in(language)).toList(); }

    @Override
    public String nameIn(String language) { return name.in(language); }

    @Override
    public List<List<String>> colorWords() { return colors.stream().map(c -> List.of(c.zh(), c.en())).toList(); }
}
