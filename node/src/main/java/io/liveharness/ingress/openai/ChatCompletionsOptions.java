package io.liveharness.ingress.openai;

import io.liveharness.config.NodeConfig.OpenAiConfig;

/**
 * Limits of the node's {@code POST /v1/chat/completions}.
 *
 * @param maxBodyBytes     the largest request body accepted (413 above)
 * @param defaultMaxTokens completion tokens when the request names no {@code max_tokens}
 * @param maxTokensLimit   the most {@code max_tokens} / {@code max_completion_tokens} may ask for
 * @param timeoutMs        how long one completion may run before it ends with {@code finish_reason: length}
 * @param maxPromptChars   characters the messages may hold together (400 above), checked before templating
 * @param queueTimeoutMs   how long a request waits for a KV stream of the API's share (503 after)
 */
public record ChatCompletionsOptions(int maxBodyBytes, int defaultMaxTokens, int maxTokensLimit, long timeoutMs,
                                     int maxPromptChars, long queueTimeoutMs) {
    public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;
    public static final int DEFAULT_MAX_TOKENS = 256;
    public static final int DEFAULT_MAX_TOKENS_LIMIT = 4096;
    public static final long DEFAULT_TIMEOUT_MS = OpenAiConfig.DEFAULT_TIMEOUT_MS;
    /** The longest {@code user} accepted: it is part of a batcher sequence key. */
    public static final int MAX_USER_CHARS = 256;

    public ChatCompletionsOptions {
        if (maxBodyBytes < 1) throw new IllegalArgumentException("maxBodyBytes must be positive, was " + maxBodyBytes);
        if (maxTokensLimit < 1) throw new IllegalArgumentException("maxTokensLimit must be positive, was " + maxTokensLimit);
        if (defaultMaxTokens < 1 || defaultMaxTokens > maxTokensLimit) {
            throw new IllegalArgumentException("defaultMaxTokens must be 1 to maxTokensLimit (" + maxTokensLimit + "), was " + defaultMaxTokens);
        }
        if (timeoutMs < 1) throw new IllegalArgumentException("openai.timeoutMs must be positive, was " + timeoutMs);
        if (maxPromptChars < 1) throw new IllegalArgumentException("openai.maxPromptChars must be positive, was " + maxPromptChars);
        if (queueTimeoutMs < 0) throw new IllegalArgumentException("openai.queueTimeoutMs must not be negative, was " + queueTimeoutMs);
    }

    public static ChatCompletionsOptions defaults() { return of(new OpenAiConfig(null, null, null, null)); }

    public static ChatCompletionsOptions of(OpenAiConfig c) {
        return new ChatCompletionsOptions(DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_TOKENS, DEFAULT_MAX_TOKENS_LIMIT, c.timeoutMs(),
                c.maxPromptChars(), c.queueTimeoutMs());
    }

    public ChatCompletionsOptions withTimeoutMs(long ms) {
        return new ChatCompletionsOptions(maxBodyBytes, defaultMaxTokens, maxTokensLimit, ms, maxPromptChars, queueTimeoutMs);
    }

    public ChatCompletionsOptions withDefaultMaxTokens(int n) {
        return new ChatCompletionsOptions(maxBodyBytes, n, maxTokensLimit, timeoutMs, maxPromptChars, queueTimeoutMs);
    }
}
