package io.liveharness.router;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How a room builds its router.
 *
 * @param modelPath           the trained model file
 * @param minConfidence       below this top-class probability the message is routed as {@code lowConfidenceIntent}
 * @param lowConfidenceIntent where an unsure message goes
 */
public record RouterOptions(Path modelPath, double minConfidence, Intent lowConfidenceIntent) {
    /** The model committed with the code. */
    public static final Path DEFAULT_MODEL_PATH = Path.of("models/router/intent-router.model");
    /**
     * Eight one-vs-rest probabilities, normalised: a top class under 0.4 means the model sees two or
     * more plausible intents. A starting point, not a tuned value: set it from production traffic.
     */
    public static final double DEFAULT_MIN_CONFIDENCE = 0.4;
    /** When unsure, take the full agent loop: it can answer anything, the short paths cannot. */
    public static final Intent DEFAULT_LOW_CONFIDENCE_INTENT = Intent.PRODUCT_QA;

    public static final RouterOptions DEFAULT =
            new RouterOptions(DEFAULT_MODEL_PATH, DEFAULT_MIN_CONFIDENCE, DEFAULT_LOW_CONFIDENCE_INTENT);

    public RouterOptions {
        Objects.requireNonNull(modelPath, "modelPath");
        Objects.requireNonNull(lowConfidenceIntent, "lowConfidenceIntent");
        if (!(minConfidence >= 0 && minConfidence <= 1)) {
            throw new IllegalArgumentException("minConfidence must be in [0, 1], was " + minConfidence);
        }
    }

    public RouterOptions withModelPath(Path path) { return new RouterOptions(path, minConfidence, lowConfidenceIntent); }
}
