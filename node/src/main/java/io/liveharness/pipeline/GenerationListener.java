package io.liveharness.pipeline;

import io.liveharness.engine.StopReason;

/**
 * Hears the agent loop's generations as they stream, on the room's context: each starts, its text
 * comes in pieces, it ends. It may stop the loop (a segment was blocked, the room withdrew the answer).
 */
public interface GenerationListener {
    /** A generation starts; {@code cancel} stops it early. */
    void started(Runnable cancel);

    void piece(String text);

    /** The generation's pieces are all in; {@code reason} says whether its text is whole. */
    void ended(StopReason reason);

    /** Whether the loop should stop now: no more tools or generations. */
    boolean stopped();

    GenerationListener NONE = new GenerationListener() {
        public void started(Runnable cancel) { }

        public void piece(String text) { }

        public void ended(StopReason reason) { }

        public boolean stopped() { return false; }
    };
}
