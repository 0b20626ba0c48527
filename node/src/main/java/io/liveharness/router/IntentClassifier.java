package io.liveharness.router;

/** Classifies a viewer message. Must be cheap and thread-safe: rooms call it on the event loop. */
public interface IntentClassifier {
    Classification classify(String text, RouteContext context);
}
