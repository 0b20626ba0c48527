package io.liveharness.router.features;

/**
 * Receives each feature occurrence. {@code hash} identifies the feature (64-bit FNV-1a over its
 * name); {@code cps[from, to)} are the code points of the name after the "k:" prefix, for sinks
 * that need the name as text (training) and ignored by those that do not (classification).
 */
public interface GramSink {
    void gram(long hash, char kind, int[] cps, int from, int to);
}
