package io.liveharness.room;

import io.liveharness.harness.HarnessRef;

import java.util.List;

/**
 * A room as an operator declares it in {@code rooms/<id>.yaml}.
 *
 * @param onStage the product on stage when the room starts
 * @param harness which harness the room runs: a channel or a pinned version
 * @param faq     the shop's answers to this room's common questions, retrieved per question
 * @param group   the rooms an on-call person watches together (a shop, a category): a label of the
 *                node's metrics, where a room id may not go; {@value #DEFAULT_GROUP} when not given
 */
public record RoomManifest(String id, String title, String persona, String language, List<String> products,
                           String onStage, HarnessRef harness, List<FaqEntry> faq, String group) {
    public static final String DEFAULT_GROUP = "default";

    public RoomManifest {
        products = products == null ? List.of() : List.copyOf(products);
        faq = faq == null ? List.of() : List.copyOf(faq);
        harness = harness == null ? HarnessRef.STABLE : harness;
        language = language == null ? "zh" : language;
        group = group == null || group.isBlank() ? DEFAULT_GROUP : group;
    }

    public RoomManifest(String id, String title, String persona, String language, List<String> products,
                        String onStage, HarnessRef harness, List<FaqEntry> faq) {
        this(id, title, persona, language, products, onStage, harness, faq, null);
    }

    /** A question the shop has answered once, for the prompt's FAQ section. */
    public record FaqEntry(String q, String a) { }
}
