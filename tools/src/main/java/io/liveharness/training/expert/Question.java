package io.liveharness.training.expert;

import io.liveharness.tools.Product;

/**
 * What the expert understood a viewer's message to be.
 *
 * @param decline  why it must be declined on air, or null
 * @param product  the product it is about (the one on stage unless another is named)
 * @param named    whether the message names it
 * @param ask      for a product question, what it asks about
 * @param size     a size the message names, or null
 * @param color    a colour the message names, or null
 * @param topic    an after-sales topic (returns, exchange, damaged, warranty), or null
 * @param region   a region the message names, or null
 * @param feature  for {@link Ask#FEATURE}, the feature asked about
 */
public record Question(String lang, Decline decline, Product product, boolean named, Ask ask, String size, String color,
                       String topic, String region, boolean courier, boolean complaint, boolean identity,
                       ExpertLexicon.Feature feature) {

    /** The same question about another product (the expert's slip: the model's commonest mistake). */
    public Question about(Product other) {
        return new Question(lang, decline, other, named, ask, size, color, topic, region, courier, complaint, identity, feature);
    }

    /** Why a message is declined on air. */
    public enum Decline { MEDICAL, OFF_PLATFORM, PRICE_CLAIM, HAGGLE }
}
