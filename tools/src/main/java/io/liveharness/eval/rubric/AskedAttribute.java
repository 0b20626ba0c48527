package io.liveharness.eval.rubric;

import io.liveharness.claims.AskedClaims;
import io.liveharness.claims.ProductMentions;
import io.liveharness.claims.ProductFacts;
import io.liveharness.claims.TurnFacts;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a case's message asks, as the kinds of claim that answer it ({@link AskedClaims}), read over
 * the products the transcript holds by the lexicon alone: the node's reader also has a model for
 * misspelt words, which this yardstick leaves out so that figures before and after it compare.
 */
final class AskedAttribute {
    private static volatile QuestionReader reader;

    static Optional<AskedClaims> of(DevCase c, Transcript t) {
        TurnFacts facts = TurnFacts.of(t.backedFacts(), null, c.onStage());
        List<ProductFacts> products = new ArrayList<>(facts.products());
        if (products.isEmpty()) return Optional.empty();
        // the one on stage first: the question read takes it when the message names none
        products.sort((a, b) -> Boolean.compare(!a.id().equals(c.onStage()), !b.id().equals(c.onStage())));
        var q = reader().read(c.text(), products, null);
        return AskedClaims.of(q);
    }

    private AskedAttribute() { }

    private static QuestionReader reader() {
        QuestionReader r = reader;
        if (r == null) reader = r = new QuestionReader(QuestionLexicon.standard(), ProductMentions::aboutProduct);
        return r;
    }
}
