package io.liveharness.engine;

import java.util.List;

/**
 * One generation: the chat so far, how to sample, and when to give up.
 *
 * @param sequenceKey  who the request belongs to (a room id); a batching backend keeps that
 *                     key's KV cache between requests
 * @param rawPrompt    when non-null, used as the prompt text as it is, with no chat template
 * @param deadlineNanos {@link System#nanoTime()} after which generation stops with
 *                     {@link StopReason#DEADLINE}; {@code Long.MAX_VALUE} for none. A batching backend
 *                     refuses a room's request at once with {@link EngineBusyException} ({@link ShedReason#OVERLOAD}) when
 *                     its backlog would finish it after this
 * @param priority     lower goes first when requests wait for a sequence or for prefill budget
 *                     (e.g. {@link #PRIORITY_PRODUCT} before {@link #PRIORITY_CHITCHAT})
 * @param guest        a request from outside the node's rooms (the OpenAI-compatible API): a
 *                     batching backend gives guests together at most their capped share of
 *                     sequences and of each step's tokens, serves them after the rooms, and never
 *                     evicts a room's cached prefix for one
 * @param admitByNanos {@link System#nanoTime()} by which the request must have a sequence, else it
 *                     fails with {@link EngineBusyException}; {@code Long.MAX_VALUE} to wait until its deadline
 * @param sharedPrefix how much of the system message every room of the request's harness version
 *                     shares ({@link SharedPrefix#NONE} when not known); a batching backend prefills
 *                     that part once for all of them
 */
public record CompletionRequest(String sequenceKey, List<ChatMessage> messages, String rawPrompt,
                                SamplingParams sampling, int maxTokens, long deadlineNanos, int priority,
                                boolean guest, long admitByNanos, SharedPrefix sharedPrefix) {

    public CompletionRequest {
        if (sharedPrefix == null) sharedPrefix = SharedPrefix.NONE;
        if (!sharedPrefix.isEmpty()) {
            if (rawPrompt != null) throw new IllegalArgumentException("a raw prompt has no system message to share a prefix of");
            if (messages.isEmpty() || !messages.getFirst().role().equals("system")) {
                throw new IllegalArgumentException("a shared prefix of " + sharedPrefix.systemChars()
                        + " characters needs a system message first; the first message is "
                        + (messages.isEmpty() ? "missing" : "'" + messages.getFirst().role() + "'"));
            }
            if (sharedPrefix.systemChars() > messages.getFirst().content().length()) {
                throw new IllegalArgumentException("a shared prefix of " + sharedPrefix.systemChars()
                        + " characters is longer than the system message (" + messages.getFirst().content().length() + ")");
            }
        }
    }

    public CompletionRequest(String sequenceKey, List<ChatMessage> messages, String rawPrompt,
                             SamplingParams sampling, int maxTokens, long deadlineNanos, int priority,
                             boolean guest, long admitByNanos) {
        this(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, priority, guest, admitByNanos, SharedPrefix.NONE);
    }

    /** A room's request (not a guest) that waits for a sequence until its deadline. */
    public CompletionRequest(String sequenceKey, List<ChatMessage> messages, String rawPrompt,
                             SamplingParams sampling, int maxTokens, long deadlineNanos, int priority) {
        this(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, priority, false, Long.MAX_VALUE);
    }

    public static final int PRIORITY_PRODUCT = 0;
    public static final int PRIORITY_DEFAULT = 5;
    public static final int PRIORITY_CHITCHAT = 10;

    /** A request at {@link #PRIORITY_DEFAULT}. */
    public CompletionRequest(String sequenceKey, List<ChatMessage> messages, String rawPrompt,
                             SamplingParams sampling, int maxTokens, long deadlineNanos) {
        this(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, PRIORITY_DEFAULT);
    }

    public static CompletionRequest raw(String prompt, int maxTokens) {
        return new CompletionRequest("raw", List.of(), prompt, SamplingParams.GREEDY, maxTokens, Long.MAX_VALUE);
    }

    public static CompletionRequest chat(String sequenceKey, List<ChatMessage> messages, SamplingParams sampling,
                                         int maxTokens, long deadlineNanos) {
        return new CompletionRequest(sequenceKey, List.copyOf(messages), null, sampling, maxTokens, deadlineNanos);
    }

    public CompletionRequest withPriority(int p) {
        return new CompletionRequest(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, p, guest, admitByNanos, sharedPrefix);
    }

    public CompletionRequest withSequenceKey(String key) {
        return new CompletionRequest(key, messages, rawPrompt, sampling, maxTokens, deadlineNanos, priority, guest, admitByNanos, sharedPrefix);
    }

    public CompletionRequest withSharedPrefix(SharedPrefix shared) {
        return new CompletionRequest(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, priority, guest, admitByNanos, shared);
    }

    /** This request as a guest's that must get a sequence by {@code admitByNanos}. */
    public CompletionRequest asGuest(long admitByNanos) {
        return new CompletionRequest(sequenceKey, messages, rawPrompt, sampling, maxTokens, deadlineNanos, priority, true, admitByNanos, sharedPrefix);
    }
}
