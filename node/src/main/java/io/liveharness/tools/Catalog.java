package io.liveharness.tools;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The product catalog, read from a YAML file, and never changed by a running node: the file is the
 * catalog's one source of truth on every node. What the commerce platform changes while a room is
 * live (a live-room price, the room's stock) is that room's {@link RoomOffer}: the room keeps it in
 * its state and posts it here, where the product tools read it for calls from that room.
 */
public final class Catalog {
    private final Map<String, Product> byId;
    private final Map<String, RoomOffer> offers = new ConcurrentHashMap<>();

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
        return new Catalog(java.util.Collections.unmodifiableMap(byId));
    }

    /** The product as the catalog file has it. */
    public Optional<Product> find(String productId) { return Optional.ofNullable(byId.get(productId)); }

    /** The product as {@code roomId} sells it now: the catalog's, with the room's own price and stock. */
    public Optional<Product> find(String roomId, String productId) {
        return find(productId).map(offers.getOrDefault(roomId, RoomOffer.NONE)::apply);
    }

    /** Sets the room's prices and stock (replacing what it had), as its state now holds them. */
    public void offer(String roomId, RoomOffer offer) {
        if (offer.isEmpty()) offers.remove(roomId);
        else offers.put(roomId, offer);
    }

    /** Forgets a room's prices and stock here (it passivated or moved; its state keeps them). */
    public void withdraw(String roomId) { offers.remove(roomId); }

    public boolean contains(String productId) { return byId.containsKey(productId); }

    public int size() { return byId.size(); }
}
