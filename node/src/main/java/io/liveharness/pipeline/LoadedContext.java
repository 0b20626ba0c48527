package io.liveharness.pipeline;

import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.claims.ProductMentions;
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

    /**
     * The product ids a tool call may name (its grammar's, docs/engine.md): the one the question is
     * about, when it is about one (a lookup of another product then cannot be written); else the
     * room's products and the one on stage, should the state have put another there.
     */
    public List<String> callableProductIds(String question) {
        var asked = ProductMentions.aboutProduct(question, products);
        if (asked.isPresent()) return List.of(asked.get());
        List<String> ids = new java.util.ArrayList<>(products.stream().map(Product::id).toList());
        if (onStage != null && !ids.contains(onStage.id())) ids.add(onStage.id());
        return ids;
    }
}
