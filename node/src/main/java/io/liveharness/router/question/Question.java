package io.liveharness.router.question;

/**
 * What a viewer's message asks, as {@link QuestionReader} reads it.
 *
 * @param lang      the viewer's language, "zh" when the message has a Chinese character, else "en"
 * @param decline   why it must be declined on air, or null
 * @param productId the product it is about (the one on stage unless another is named)
 * @param named     whether the message names it
 * @param ask       for a product question, what it asks about
 * @param size      a size the message names, or null
 * @param color     a colour the message names: the product's colour as [zh, en] when it offers it,
 *                  else the word as the viewer wrote it (one element); null for none
 * @param topic     an after-sales topic (returns, exchange, damaged, warranty), or null
 * @param region    a region the message names, or null
 * @param feature   for {@link Ask#FEATURE}, the feature asked about
 */
public record Question(String lang, Decline decline, String productId, boolean named, Ask ask, String size,
                       java.util.List<String> color, String topic, String region, boolean courier, boolean complaint,
                       boolean identity, QuestionLexicon.Feature feature) {

    /** The same question about another product (the expert's slip: the model's commonest mistake). */
    public Question about(String otherId) {
        return new Question(lang, decline, otherId, named, ask, size, color, topic, region, courier, complaint, identity, feature);
    }

    /** Whether the colour asked is one the product comes in. */
    public boolean colorOffered() { return color != null && color.size() == 2; }

    /** The colour asked in {@code language}: the product's word for it, else the viewer's. */
    public String colorIn(String language) {
        if (color == null) return null;
        return colorOffered() && "en".equals(language) ? color.get(1) : color.getFirst();
    }

    /** Why a message is declined on air; the label is the one a refusal skill's {@code metadata.declines} names. */
    public enum Decline {
        MEDICAL, OFF_PLATFORM, CONTACT, PRICE_CLAIM, HAGGLE;

        public String label() { return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'); }

        /** The decline whose label is exactly {@code label}, as harness files write it. */
        public static java.util.Optional<Decline> byLabel(String label) {
            return java.util.Arrays.stream(values()).filter(d -> d.label().equals(label)).findFirst();
        }

        public static java.util.List<String> labels() { return java.util.Arrays.stream(values()).map(Decline::label).toList(); }
    }
}
