package io.liveharness.router.dataset;

import java.util.List;

/**
 * A simulated live room: what it sells decides which product nouns, sizes and materials viewers
 * mention. {@code products} and {@code materials} are "中文名|english name" pairs.
 */
record Room(String category, List<String> products, List<String> sizes, List<String> materials) {

    public Room {
        if (category == null || category.isBlank()) throw new IllegalArgumentException("a room without a 'category'");
        products = pairs(category + ": products", products);
        materials = pairs(category + ": materials", materials);
        if (sizes == null || sizes.isEmpty()) throw new IllegalArgumentException(category + ": missing 'sizes'");
        sizes = List.copyOf(sizes);
    }

    String productZh(int i) { return products.get(i).split("\\|")[0]; }

    String productEn(int i) { return products.get(i).split("\\|")[1]; }

    /** The room's product keywords as the room would pass them in RouteContext. */
    List<String> keywords() {
        return products.stream().flatMap(p -> List.of(p.split("\\|")).stream()).toList();
    }

    /** A non-empty list of "中文|english" words, or an error saying which list and which word. */
    static List<String> pairs(String what, List<String> words) {
        if (words == null || words.isEmpty()) throw new IllegalArgumentException("missing '" + what + "': a list of \"中文|english\" words");
        for (String w : words) {
            String[] parts = w == null ? new String[0] : w.split("\\|", -1);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                throw new IllegalArgumentException(what + ": '" + w + "' is not a \"中文|english\" pair");
            }
        }
        return List.copyOf(words);
    }
}
