package io.liveharness.router.dataset;

import java.util.List;

/**
 * A simulated live room: what it sells decides which product nouns, sizes and materials viewers
 * mention. {@code products} pairs are "中文名|english name".
 */
record Room(String category, List<String> products, List<String> sizes, List<String> materials) {

    String productZh(int i) { return products.get(i).split("\\|")[0]; }

    String productEn(int i) { return products.get(i).split("\\|")[1]; }

    /** The room's product keywords as the room would pass them in RouteContext. */
    List<String> keywords() {
        return products.stream().flatMap(p -> List.of(p.split("\\|")).stream()).toList();
    }
}
