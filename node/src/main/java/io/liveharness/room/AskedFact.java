package io.liveharness.room;

import io.liveharness.router.Intent;
import io.liveharness.router.question.Ask;
import io.liveharness.router.question.Question;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one fact a question asks for, as the question read finds it: which product, which attribute,
 * and the size, colour, feature, region or after-sales topic it names. Two questions asking the same
 * fact get the same answer, whatever their words, so the room merges them.
 */
record AskedFact(String productId, Ask ask, String size, String color, String feature, String region, String topic) {

    /**
     * Intents whose messages ask for a fact. A follow-up (clarification) counts: the router calls a bare
     * "多少钱啊" one, and what its words ask is read as any question's (one naming no attribute has no fact).
     */
    private static final Set<Intent> ASKING = Set.of(Intent.PRODUCT_QA, Intent.CLARIFICATION, Intent.PROMOTION, Intent.LOGISTICS,
            Intent.AFTER_SALES);

    /** Whether a message of {@code intent} asks for a fact: only then is it worth reading. */
    static boolean asks(Intent intent) { return ASKING.contains(intent); }

    /**
     * The fact {@code question} asks for; empty when it names no attribute (it must not merge by meaning:
     * "会不会透" and "好看吗" both read as a summary), when it must be declined, or for an intent that asks nothing.
     */
    static Optional<AskedFact> of(Intent intent, Question question) {
        if (!asks(intent) || question == null || question.decline() != null || question.ask() == Ask.SUMMARY) {
            return Optional.empty();
        }
        String color = question.color() == null ? null : question.color().getFirst().toLowerCase(Locale.ROOT);
        String feature = question.feature() == null ? null : question.feature().words().getFirst();
        return Optional.of(new AskedFact(question.productId(), question.ask(), question.size(), color, feature,
                question.region(), question.topic()));
    }
}
