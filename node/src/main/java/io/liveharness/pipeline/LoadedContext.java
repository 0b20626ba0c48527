package io.liveharness.pipeline;

import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.hooks.builtin.ProductMentions;
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

    /**
     * The product a question is about: the one of the room's products it names (as
     * {@link ProductMentions#about} decides: "is the power bank in stock" while the earbuds are on
     * stage), else the one on stage.
     */
    public Product about(String question) {
        return ProductMentions.aboutProduct(question, products)
                .flatMap(id -> products.stream().filter(p -> p.id().equals(id)).findFirst())
                .orElse(onStage);
    }
}
