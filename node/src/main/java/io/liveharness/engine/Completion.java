package io.liveharness.engine;

/**
 * The result of one generation.
 *
 * @param firstTokenNanos time from the request starting to decode until its first token
 */
public record Completion(String text, int promptTokens, int completionTokens, StopReason stopReason,
                         long firstTokenNanos, long totalNanos) {
}
