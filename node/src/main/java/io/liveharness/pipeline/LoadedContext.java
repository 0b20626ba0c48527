package io.liveharness.pipeline;

import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.room.RoomManifest.FaqEntry;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;
import io.liveharness.tools.Product;

import java.util.List;

/**
 * The output of context load: the facts this request may use, read fresh from the catalog, and
 * the room's FAQ entries that best match the question.
 */
public record LoadedContext(Product onStage, List<Product> products, List<Promotion> promotions,
                            List<Utterance> utterances, List<Turn> turns, List<FaqEntry> faqs) {
}
