package io.liveharness.room;

import io.liveharness.harness.HarnessRef;

import java.util.List;

/**
 * A room as an operator declares it in {@code rooms/<id>.yaml}.
 *
 * @param onStage the product on stage when the room starts
 * @param harness which harness the room runs: a channel or a pinned version
 * @param faq     the shop's answers to this room's common questions, retrieved per question
 */
public record RoomManifest(String id, String title, String persona, String language, List<String> products,
                           String onStage, HarnessRef harness, List<FaqEntry> faq) {

    public RoomManifest {
        products = products == null ? List.of() : List.copyOf(products);
        faq = faq == null ? List.of() : List.copyOf(faq);
        harness = harness == null ? HarnessRef.STABLE : harness;
        language = language == null ? "zh" : language;
    }

    /** A question the shop has answered once, for the prompt's FAQ section. */
    public record FaqEntry(String q, String a) { }
}
