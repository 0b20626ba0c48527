package io.liveharness.tools;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The product catalog, read from a YAML file. Prices and stock change while a room is live (the
 * commerce platform pushes them), so the current version of each product is kept here, where the
 * rooms and the product tools both read it.
 */
public final class Catalog {
    private final Map<String, Product> byId;

    private record CatalogFile(List<Product> products) { }

    private Catalog(Map<String, Product> byId) { this.byId = byId; }

    public static Catalog load(Path file) {
        CatalogFile parsed;
        try {
            parsed = YamlFiles.read(file, CatalogFile.class);
        } catch (YamlFiles.FileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Map<String, Product> byId = new LinkedHashMap<>();
        for (Product p : parsed == null || parsed.products() == null ? List.<Product>of() : parsed.products()) {
            if (p.id() == null || p.id().isBlank()) {
                throw new IllegalArgumentException(file + ": a product has no id");
            }
            if (byId.put(p.id(), p) != null) {
                throw new IllegalArgumentException(file + ": product id '" + p.id() + "' appears twice");
            }
        }
        return new Catalog(new ConcurrentHashMap<>(byId));
    }

    public Optional<Product> find(String productId) { return Optional.ofNullable(byId.get(productId)); }

    public boolean contains(String productId) { return byId.containsKey(productId); }

    public int size() { return byId.size(); }

    public void updatePrice(String productId, double price) { byId.computeIfPresent(productId, (id, p) -> p.withPrice(price)); }

    public void updateStock(String productId, int stock) { byId.computeIfPresent(productId, (id, p) -> p.withStock(stock)); }
}
