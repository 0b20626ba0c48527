package io.liveharness.router;

/** The router's verdict on one message. */
public record Classification(Intent intent, double confidence) {
}
