package io.liveharness.router.train;

import io.liveharness.router.dataset.AskMessages;
import io.liveharness.router.dataset.NearCopies;
import io.liveharness.router.dataset.Paraphrases;
import io.liveharness.router.features.FeatureConfig;
import io.liveharness.router.model.RouterModel;
import io.liveharness.router.question.AskModel;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.router.question.Sellable;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Trains the ask model ({@link AskModel}) and measures it. Its features are character and word
 * n-grams alone (no cue lexicon: the lexicon is what it stands in for when the words are misspelt).
 */
public final class AskTraining {
    /** 1-3 character grams (Chinese 1-3), 2-5 in-word grams of Latin words, word bigrams; no cue groups. */
    public static final FeatureConfig FEATURES = new FeatureConfig(1, 3, 2, 5, true, 3, false);

    public static RouterModel train(List<LabelledMessage> router, QuestionReader lexicon, List<? extends Sellable> products, Paraphrases words,
                                    int copies, long seed, PrintStream progress) throws java.io.IOException {
        List<LabelledMessage> messages = AskMessages.of(router, lexicon, products, words, copies, seed, NearCopies.ofEvalMessages());
        progress.printf("asks: %d messages (%d of the router's, each typed %d more times; %d near an eval message left out)%n", messages.size(),
                router.size(), copies, router.size() * (copies + 1) - messages.size());
        return new RouterTrainer(TrainOptions.DEFAULT.withFeatures(FEATURES), progress)
                .train(messages, "ask model: " + router.size() + " router messages labelled by the lexicon, x" + (copies + 1) + " paraphrased");
    }

    /** One labelled message as each reader read it. */
    public record Row(String text, String gold, String lexicon, String model, double modelProbability, String node, boolean sharesTypedWord) { }

    /** How the lexicon alone, the model alone and the node's reader (the lexicon, then the model) read each message. */
    public record Measured(List<Row> rows) {
        public double accuracy(java.util.function.Function<Row, String> reader, boolean onlyUnshared) {
            List<Row> in = rows.stream().filter(r -> !onlyUnshared || !r.sharesTypedWord()).toList();
            return in.isEmpty() ? 0 : (double) in.stream().filter(r -> r.gold().equals(reader.apply(r))).count() / in.size();
        }

        public Evaluation evaluation(java.util.function.Function<Row, String> reader) {
            return Evaluation.of(rows.stream().map(Row::gold).toList(), rows.stream().map(reader).toList());
        }
    }

    /**
     * @param words the typed forms the training data drew from: a message with one of them is counted
     *              apart, as training may have seen its misspelling
     */
    public static Measured measure(List<LabelledMessage> heldOut, QuestionReader lexicon, QuestionReader node, AskModel model,
                                   List<? extends Sellable> products, Paraphrases words) {
        List<String> typed = new ArrayList<>();
        for (List<List<String>> pairs : List.of(words.homophones(), words.pinyin())) {
            for (List<String> p : pairs) typed.add(p.get(1).toLowerCase(Locale.ROOT));
        }
        List<Row> rows = new ArrayList<>();
        for (LabelledMessage m : heldOut) {
            var raw = model.readRaw(m.text());
            String lower = m.text().toLowerCase(Locale.ROOT);
            rows.add(new Row(m.text(), m.label(), label(lexicon, m.text(), products), raw.ask().name().toLowerCase(Locale.ROOT), raw.probability(),
                    label(node, m.text(), products), typed.stream().anyMatch(lower::contains)));
        }
        return new Measured(rows);
    }

    private static String label(QuestionReader reader, String text, List<? extends Sellable> products) {
        return reader.read(text, products, null).ask().name().toLowerCase(Locale.ROOT);
    }

    private AskTraining() { }
}
