package io.liveharness.api;

import java.util.List;

/**
 * The live side of a room, pushed by the commerce platform and the streamer's console. Every part
 * is optional: null means "unchanged". An empty promotion list clears the room's promotions.
 *
 * @param onStageProductId the product the streamer is showing now
 * @param utterance        something the streamer just said (transcribed)
 */
public record RoomStateUpdate(String roomId, String onStageProductId, List<PriceChange> priceChanges,
                              List<StockChange> stockChanges, List<Promotion> promotions, String utterance,
                              long atMs) {

    public record PriceChange(String productId, double price) { }

    public record StockChange(String productId, int stock) { }

    /** A live promotion; the avatar may point viewers to its action link by id. */
    public record Promotion(String id, String title, String actionLinkId, String productId) { }
}
