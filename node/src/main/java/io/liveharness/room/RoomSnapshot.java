package io.liveharness.room;

import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.tools.RoomOffer;

import java.util.List;
import java.util.Map;

/**
 * What a room remembers between messages, kept while it is passivated and restored when it comes
 * back (on this node, or on another from the room-state changelog): the live state pushed by the
 * platform, the room's own prices and stock among it, the bounded context window, and how much the
 * avatar has said.
 *
 * @param prices the room's prices by product id, where the platform set them (else the catalog's)
 * @param stock  the room's stock by product id, where the platform set it
 * @param speech the segments the room has released and until when the avatar is estimated to speak
 */
public record RoomSnapshot(String roomId, String onStageProductId, List<Promotion> promotions,
                           List<Utterance> utterances, List<Turn> turns, Map<String, Double> prices,
                           Map<String, Integer> stock, Speech speech) {

    public RoomSnapshot {
        promotions = promotions == null ? List.of() : List.copyOf(promotions);
        utterances = utterances == null ? List.of() : List.copyOf(utterances);
        turns = turns == null ? List.of() : List.copyOf(turns);
        // Absent from state written before rooms had prices of their own: the catalog's, then.
        prices = prices == null ? Map.of() : Map.copyOf(prices);
        stock = stock == null ? Map.of() : Map.copyOf(stock);
        speech = speech == null ? Speech.NONE : speech;
    }

    /** A room that has not spoken (or state written before rooms counted their speech). */
    public RoomSnapshot(String roomId, String onStageProductId, List<Promotion> promotions, List<Utterance> utterances,
                        List<Turn> turns, Map<String, Double> prices, Map<String, Integer> stock) {
        this(roomId, onStageProductId, promotions, utterances, turns, prices, stock, Speech.NONE);
    }

    /** A room with the catalog's prices and stock. */
    public RoomSnapshot(String roomId, String onStageProductId, List<Promotion> promotions,
                        List<Utterance> utterances, List<Turn> turns) {
        this(roomId, onStageProductId, promotions, utterances, turns, Map.of(), Map.of());
    }

    public static RoomSnapshot fresh(RoomManifest manifest) {
        return new RoomSnapshot(manifest.id(), manifest.onStage(), List.of(), List.of(), List.of());
    }

    /** The room's prices and stock, to apply over the catalog's. */
    public RoomOffer offer() { return new RoomOffer(prices, stock); }

    /**
     * The avatar's speech: segments released, their estimated seconds, and when the last of them
     * is estimated to end (the next answer's segments wait for it).
     */
    public record Speech(long segmentsReleased, double speechSeconds, long speakingUntilMs) {
        public static final Speech NONE = new Speech(0, 0, 0);

        public boolean speakingAt(long nowMs) { return nowMs < speakingUntilMs; }
    }

    /** Something the streamer said. */
    public record Utterance(String text, long atMs) { }

    /** One answered exchange: the viewer's question and the avatar's reply. */
    public record Turn(String messageId, String question, String reply, long atMs) { }
}
