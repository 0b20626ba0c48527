package io.liveharness.router.model;

import io.liveharness.router.features.GramSink;

/**
 * Counts distinct grams of one message, reusable: {@link #clear()} touches only the slots used.
 * Sized for the longest message the featurizer accepts, so it never grows.
 */
final class GramCounter implements GramSink {
    private static final int CAPACITY = 1 << 14;
    private static final int MASK = CAPACITY - 1;

    final long[] keys = new long[CAPACITY];
    final int[] counts = new int[CAPACITY];
    final int[] used = new int[CAPACITY];
    int size;

    @Override
    public void gram(long hash, char kind, int[] cps, int from, int to) {
        long k = LongIntTable.key(hash);
        int i = (int) ((k * 0x9E3779B97F4A7C15L) >>> 40) & MASK;
        while (keys[i] != 0) {
            if (keys[i] == k) { counts[i]++; return; }
            i = (i + 1) & MASK;
        }
        if (size >= CAPACITY / 2) return; // unreachable for MAX_CODE_POINTS; keeps probing short if it ever were
        keys[i] = k;
        counts[i] = 1;
        used[size++] = i;
    }

    void clear() {
        for (int j = 0; j < size; j++) {
            int i = used[j];
            keys[i] = 0;
            counts[i] = 0;
        }
        size = 0;
    }
}
