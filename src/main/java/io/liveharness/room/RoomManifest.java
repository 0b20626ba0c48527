package io.liveharness.room;

import java.util.List;

/**
 * A room as an operator declares it in {@code rooms/<id>.yaml}.
 *
 * @param onStage the product on stage when the room starts
 * @param harness which harness the room runs: a channel or a pinned version
 */
public record RoomManifest(String id, String title, String persona, String language, List<String> products,
                           String onStage, HarnessRef harness) {

    public RoomManifest {
        products = products == null ? List.of() : List.copyOf(products);
        harness = harness == null ? HarnessRef.STABLE : harness;
        language = language == null ? "zh" : language;
    }

    /** A harness channel to follow ({@code stable}, {@code canary}) or an exact version to stay on. */
    public record HarnessRef(String channel, String version) {
        public static final HarnessRef STABLE = new HarnessRef("stable", null);
    }
}
