package io.liveharness.engine.llama;

import io.liveharness.engine.ModelBackend;

import java.time.Duration;

/** Slows every decode step of a batcher from a test in another package (a node's engine), to make a backlog on purpose. */
public final class SlowSteps {
    private SlowSteps() { }

    public static void slow(ModelBackend backend, Duration perStep) {
        if (!(backend instanceof BatchingBackend b)) throw new IllegalArgumentException("not a batcher: " + backend);
        b.slowEachStep(perStep.toNanos());
    }
}
