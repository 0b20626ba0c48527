package io.liveharness.engine;

/** A prompt that cannot be served: longer than the sequence it would run in can hold with a reply. */
public final class PromptTooLongException extends EngineException {
    private final int tokens;
    private final int limit;

    public PromptTooLongException(int tokens, int limit, String message) {
        super(message);
        this.tokens = tokens;
        this.limit = limit;
    }

    public int tokens() { return tokens; }

    /** The positions the sequence holds: a prompt must be shorter, to leave room for the reply. */
    public int limit() { return limit; }
}
