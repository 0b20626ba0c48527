package io.liveharness.room;

import io.liveharness.api.RoomStateUpdate.Promotion;

import java.util.List;

/**
 * What a room remembers between messages, kept while it is passivated and restored when it comes
 * back: the live state pushed by the platform and the bounded context window.
 */
public record RoomSnapshot(String roomId, String onStageProductId, List<Promotion> promotions,
                           List<Utterance> utterances, List<Turn> turns) {

    public RoomSnapshot {
        promotions = List.copyOf(promotions);
        utterances = List.copyOf(utterances);
        turns = List.copyOf(turns);
    }

    public static RoomSnapshot fresh(RoomManifest manifest) {
        return new RoomSnapshot(manifest.id(), manifest.onStage(), List.of(), List.of(), List.of());
    }

    /** Something the streamer said. */
    public record Utterance(String text, long atMs) { }

    /** One answered exchange: the viewer's question and the avatar's reply. */
    public record Turn(String messageId, String question, String reply, long atMs) { }
}
