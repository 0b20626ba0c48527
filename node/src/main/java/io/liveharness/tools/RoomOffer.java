package io.liveharness.tools;

import java.util.Map;

/**
 * The prices and stock the commerce platform set for one room, by product id: a live-room price
 * or a room's own allocation of stock. Products it does not name keep the catalog's values.
 */
public record RoomOffer(Map<String, Double> prices, Map<String, Integer> stock) {
    public static final RoomOffer NONE = new RoomOffer(Map.of(), Map.of());

    public RoomOffer {
        prices = prices == null ? Map.of() : Map.copyOf(prices);
        stock = stock == null ? Map.of() : Map.copyOf(stock);
    }

    /** The product as this room sells it. */
    public Product apply(Product p) {
        Double price = prices.get(p.id());
        Integer units = stock.get(p.id());
        Product out = price == null ? p : p.withPrice(price);
        return units == null ? out : out.withStock(units);
    }

    public boolean isEmpty() { return prices.isEmpty() && stock.isEmpty(); }
}
