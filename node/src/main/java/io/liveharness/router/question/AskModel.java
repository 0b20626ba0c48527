package io.liveharness.router.question;

import io.liveharness.router.RouteContext;
import io.liveharness.router.RouterModelException;
import io.liveharness.router.model.LinearScorer;
import io.liveharness.router.model.RouterModel;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a message asks, by a Tribuo model over character n-grams: it reads {@code 发啥快滴} (shipping)
 * and {@code 裤存还有么} (stock) as it reads them spelt right, since most of a word's grams survive a
 * slipped or homophone character. Trained by {@code ./liveharness router asks} on
 * messages the lexicon labels, each also typed as hurried viewers type it (data/router/README.md).
 * The {@link QuestionReader} asks it only when no cue word of the lexicon is said.
 */
public final class AskModel {
    public static final Path DEFAULT_FILE = Path.of("models/router/asks.model");
    /** Below this probability the model's reading is not taken: the message stays a summary question. */
    public static final double MIN_CONFIDENCE = 0.55;

    private final LinearScorer scorer;
    private final Ask[] asks;
    private final ThreadLocal<double[]> probabilities;

    public AskModel(RouterModel model) {
        this.scorer = model.scorer();
        this.asks = new Ask[scorer.classCount()];
        for (int c = 0; c < asks.length; c++) asks[c] = Ask.fromLabel(scorer.label(c));
        this.probabilities = ThreadLocal.withInitial(() -> new double[asks.length]);
    }

    /** @throws RouterModelException naming the file when it is missing, corrupt or labels something that is not an {@link Ask} */
    public static AskModel load(Path file) {
        RouterModel model = RouterModel.load(file);
        try {
            return new AskModel(model);
        } catch (IllegalArgumentException e) {
            throw new RouterModelException(file, "is not a model of what questions ask (labels must be " + java.util.Arrays.toString(Ask.values())
                    + "): " + e.getMessage(), e);
        }
    }

    /** The attribute the message asks when the model is sure enough of it; empty for none or a summary question. */
    public Optional<Ask> read(String text) {
        double[] p = probabilities.get();
        int best = scorer.score(text, RouteContext.NONE, p);
        return p[best] < MIN_CONFIDENCE || asks[best] == Ask.SUMMARY ? Optional.empty() : Optional.of(asks[best]);
    }

    /** The most probable attribute and its probability, before the confidence rule (for reports). */
    public Reading readRaw(String text) {
        double[] p = probabilities.get();
        int best = scorer.score(text, RouteContext.NONE, p);
        return new Reading(asks[best], p[best]);
    }

    public record Reading(Ask ask, double probability) { }
}
