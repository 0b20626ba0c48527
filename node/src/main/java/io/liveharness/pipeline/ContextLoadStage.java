package io.liveharness.pipeline;

import io.liveharness.room.RoomRequest;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import io.liveharness.tools.Policies;
import io.liveharness.tools.RoomOffer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;

/**
 * Stage 1: gathers the room state, the product data as this room sells it (the catalog's, with the
 * room's own prices and stock), the room's recent past and its matching FAQs.
 */
public final class ContextLoadStage {
    private final Catalog catalog;
    private final Policies policies;
    /** A room's FAQ is fixed by its manifest, so its index is built once. */
    private final Map<String, FaqIndex> faqIndexes = new ConcurrentHashMap<>();

    /** @param policies the shop's rules: the fallback answers a shipping or region question from them */
    public ContextLoadStage(Catalog catalog, Policies policies) {
        this.catalog = catalog;
        this.policies = policies;
    }

    public Policies policies() { return policies; }

    public LoadedContext load(RoomRequest request) {
        // The room's own prices and stock as its state held them when the request started.
        RoomOffer offer = request.state().offer();
        List<Product> products = request.room().products().stream()
                .map(catalog::find).flatMap(Optional::stream).map(offer::apply).toList();
        Product onStage = Optional.ofNullable(request.state().onStageProductId())
                .flatMap(catalog::find).map(offer::apply)
                .orElse(products.isEmpty() ? null : products.getFirst());
        FaqIndex faq = faqIndexes.computeIfAbsent(request.room().id(), id -> new FaqIndex(request.room().faq()));
        return new LoadedContext(onStage, products, request.state().promotions(), request.state().utterances(),
                request.state().turns(), faq.top(request.message().text(), PromptAssemblyStage.FAQ_ENTRIES));
    }
}
