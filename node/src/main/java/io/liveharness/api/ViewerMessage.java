package io.liveharness.api;

/**
 * A viewer's message, as accepted by ingress.
 *
 * @param acceptedAtMs wall-clock time ingress accepted it; staleness is measured from here
 */
public record ViewerMessage(String roomId, String messageId, String userId, String text, long acceptedAtMs) {
}
