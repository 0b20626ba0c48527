package io.liveharness.engine.llama;

import io.liveharness.engine.ModelBackend;

/** Kills a batcher's decode thread from a test in another package (a node's engine). */
public final class DecodeThreadCrash {
    private DecodeThreadCrash() { }

    public static void kill(ModelBackend backend, String why) {
        if (!(backend instanceof BatchingBackend b)) throw new IllegalArgumentException("not a batcher: " + backend);
        b.crashDecodeThread(new AssertionError(why));
    }
}
