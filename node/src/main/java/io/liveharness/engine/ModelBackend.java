package io.liveharness.engine;

import java.util.concurrent.CompletableFuture;

/**
 * A model that turns a chat into a reply. Implementations own their native resources and
 * their own decode thread: {@link #complete} never blocks the caller, so it is safe to call
 * from a Vert.x event loop.
 */
public interface ModelBackend extends AutoCloseable {

    ModelInfo info();

    /**
     * Starts one completion. Pieces of text are pushed to {@code sink} on the backend's thread
     * as they are decoded; the future completes (on that thread) with the whole result, or
     * exceptionally with an {@link EngineException} that says what went wrong.
     */
    CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink);

    /** Why this backend can no longer answer (its decode thread died), or empty while it can. */
    default java.util.Optional<String> failure() { return java.util.Optional.empty(); }

    /**
     * Fault runs only ({@code ops.faults}, off by default): ends the backend's decode thread as a
     * bug would, so a run can show what a node does then. False where the backend has no such thread.
     */
    default boolean killDecodeThreadForFaultRun() { return false; }

    @Override
    void close();
}
