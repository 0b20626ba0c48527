package io.liveharness.ingress.openai;

/**
 * Limits of the node's {@code POST /v1/chat/completions}.
 *
 * @param maxBodyBytes     the largest request body accepted (413 above)
 * @param defaultMaxTokens completion tokens when the request names no {@code max_tokens}
 * @param maxTokensLimit   the most {@code max_tokens} / {@code max_completion_tokens} may ask for
 * @param timeoutMs        how long one completion may run before it ends with {@code finish_reason: length}
 */
public record ChatCompletionsOptions(int maxBodyBytes, int defaultMaxTokens, int maxTokensLimit, long timeoutMs) {
    public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;
    public static final int DEFAULT_MAX_TOKENS = 256;
    public static final int DEFAULT_MAX_TOKENS_LIMIT = 4096;
    public static final long DEFAULT_TIMEOUT_MS = 120_000;

    public ChatCompletionsOptions {
        if (maxBodyBytes < 1) throw new IllegalArgumentException("maxBodyBytes must be positive, was " + maxBodyBytes);
        if (maxTokensLimit < 1) throw new IllegalArgumentException("maxTokensLimit must be positive, was " + maxTokensLimit);
        if (defaultMaxTokens < 1 || defaultMaxTokens > maxTokensLimit) {
            throw new IllegalArgumentException("defaultMaxTokens must be 1 to maxTokensLimit (" + maxTokensLimit + "), was " + defaultMaxTokens);
        }
        if (timeoutMs < 1) throw new IllegalArgumentException("timeoutMs must be positive, was " + timeoutMs);
    }

    public static ChatCompletionsOptions defaults() {
        return new ChatCompletionsOptions(DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_TOKENS, DEFAULT_MAX_TOKENS_LIMIT, DEFAULT_TIMEOUT_MS);
    }

    public ChatCompletionsOptions withTimeoutMs(long ms) { return new ChatCompletionsOptions(maxBodyBytes, defaultMaxTokens, maxTokensLimit, ms); }

    public ChatCompletionsOptions withDefaultMaxTokens(int n) { return new ChatCompletionsOptions(maxBodyBytes, n, maxTokensLimit, timeoutMs); }
}
