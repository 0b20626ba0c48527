package io.liveharness.router;

/**
 * The room's use of the classifier: a message the classifier is unsure of (confidence below
 * {@code minConfidence}) is handled as {@code lowConfidenceIntent}, keeping the real confidence
 * so the outcome shows how unsure it was.
 */
public record IntentRouting(IntentClassifier classifier, double minConfidence, Intent lowConfidenceIntent) {

    public Classification route(String text, RouteContext context) {
        Classification c = classifier.classify(text, context);
        return c.confidence() >= minConfidence ? c : new Classification(lowConfidenceIntent, c.confidence());
    }
}
