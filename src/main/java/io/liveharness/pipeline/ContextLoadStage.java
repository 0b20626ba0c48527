package io.liveharness.pipeline;

import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;

import java.util.List;
import java.util.Optional;

/** Stage 1: gathers the room state, the current product data and the room's recent past. */
public final class ContextLoadStage {
    private final Catalog catalog;

    public ContextLoadStage(Catalog catalog) { this.catalog = catalog; }

    public LoadedContext load(RoomRequest request) {
        List<Product> products = request.room().products().stream()
                .map(catalog::find).flatMap(Optional::stream).toList();
        Product onStage = Optional.ofNullable(request.state().onStageProductId())
                .flatMap(catalog::find)
                .orElse(products.isEmpty() ? null : products.getFirst());
        return new LoadedContext(onStage, products, request.state().promotions(), request.state().utterances(),
                request.state().turns());
    }
}
