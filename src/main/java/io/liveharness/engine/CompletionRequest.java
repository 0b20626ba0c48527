package io.liveharness.engine;

import java.util.List;

/**
 * One generation: the chat so far, how to sample, and when to give up.
 *
 * @param sequenceKey  who the request belongs to (a room id); a batching backend keeps that
 *                     key's KV cache between requests
 * @param rawPrompt    when non-null, used as the prompt text as it is, with no chat template
 * @param deadlineNanos {@link System#nanoTime()} after which generation stops with
 *                     {@link StopReason#DEADLINE}; {@code Long.MAX_VALUE} for none
 */
public record CompletionRequest(String sequenceKey, List<ChatMessage> messages, String rawPrompt,
                                SamplingParams sampling, int maxTokens, long deadlineNanos) {

    public static CompletionRequest raw(String prompt, int maxTokens) {
        return new CompletionRequest("raw", List.of(), prompt, SamplingParams.GREEDY, maxTokens, Long.MAX_VALUE);
    }

    public static CompletionRequest chat(String sequenceKey, List<ChatMessage> messages, SamplingParams sampling,
                                         int maxTokens, long deadlineNanos) {
        return new CompletionRequest(sequenceKey, List.copyOf(messages), null, sampling, maxTokens, deadlineNanos);
    }
}
