package io.liveharness.router;

import io.liveharness.router.model.LinearScorer;
import io.liveharness.router.model.RouterModel;

import java.nio.file.Path;

/**
 * The room's router: a trained Tribuo model loaded from a file, with the low-confidence rule on
 * top. Thread-safe and allocation-light: one {@link Classification} per call.
 */
public final class TribuoIntentClassifier implements IntentClassifier {
    private final RouterModel model;
    private final LinearScorer scorer;
    private final Intent[] intents;
    private final RouterOptions options;
    private final ThreadLocal<double[]> probabilities;

    public TribuoIntentClassifier(RouterModel model, RouterOptions options) {
        this.model = model;
        this.scorer = model.scorer();
        this.options = options;
        this.intents = new Intent[scorer.classCount()];
        for (int c = 0; c < intents.length; c++) intents[c] = Intent.fromLabel(scorer.label(c));
        this.probabilities = ThreadLocal.withInitial(() -> new double[intents.length]);
    }

    /**
     * Loads the model named by the options.
     *
     * @throws RouterModelException if the file is missing, corrupt, or labels something that is not an {@link Intent}
     */
    public static TribuoIntentClassifier load(RouterOptions options) {
        RouterModel model = RouterModel.load(options.modelPath());
        try {
            return new TribuoIntentClassifier(model, options);
        } catch (IllegalArgumentException e) {
            throw new RouterModelException(options.modelPath(), "is not an intent model: " + e.getMessage(), e);
        }
    }

    public static TribuoIntentClassifier load(Path modelPath) {
        return load(RouterOptions.DEFAULT.withModelPath(modelPath));
    }

    /** The intent the room acts on: the model's, or the configured default when the model is unsure. */
    @Override
    public Classification classify(String text, RouteContext context) {
        Classification raw = classifyRaw(text, context);
        return raw.confidence() < options.minConfidence() ? new Classification(options.lowConfidenceIntent(), raw.confidence()) : raw;
    }

    /** The model's own top intent and its probability, before the low-confidence rule. */
    public Classification classifyRaw(String text, RouteContext context) {
        double[] p = probabilities.get();
        int best = scorer.score(text, context, p);
        return new Classification(intents[best], p[best]);
    }

    public RouterOptions options() { return options; }

    public RouterModel model() { return model; }
}
