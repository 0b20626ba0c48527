package io.liveharness.claims;

import io.liveharness.router.question.AskModel;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;

/**
 * The node's one reader of viewers' questions, built on first use: the standard lexicon, the
 * committed {@link AskModel} for misspelt words, and products named by {@link ProductMentions}'
 * rule. The fallback answers by it, rooms merge questions by it, and the {@code answers-the-question}
 * hook checks replies by it. (The eval's rubric keeps the lexicon alone, so its yardstick stays put.)
 */
public final class ViewerQuestions {
    private static final class Holder {
        static final QuestionReader READER = new QuestionReader(QuestionLexicon.standard(), ProductMentions::aboutProduct,
                AskModel.load(AskModel.DEFAULT_FILE));
    }

    public static QuestionReader reader() { return Holder.READER; }

    private ViewerQuestions() { }
}
