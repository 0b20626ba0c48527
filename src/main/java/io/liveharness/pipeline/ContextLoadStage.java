package io.liveharness.pipeline;

import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;

/** Stage 1: gathers the room state, the current product data, the room's recent past and its matching FAQs. */
public final class ContextLoadStage {
    private final Catalog catalog;
    /** A room's FAQ is fixed by its manifest, so its index is built once. */
    private final Map<String, FaqIndex> faqIndexes = new ConcurrentHashMap<>();

    public ContextLoadStage(Catalog catalog) { this.catalog = catalog; }

    public LoadedContext load(RoomRequest request) {
        List<Product> products = request.room().products().stream()
                .map(catalog::find).flatMap(Optional::stream).toList();
        Product onStage = Optional.ofNullable(request.state().onStageProductId())
                .flatMap(catalog::find)
                .orElse(products.isEmpty() ? null : products.getFirst());
        FaqIndex faq = faqIndexes.computeIfAbsent(request.room().id(), id -> new FaqIndex(request.room().faq()));
        return new LoadedContext(onStage, products, request.state().promotions(), request.state().utterances(),
                request.state().turns(), faq.top(request.message().text(), PromptAssemblyStage.FAQ_ENTRIES));
    }
}
