package io.liveharness.router.model;

/** An open-addressing map from non-zero long keys to ints, for the hot path: no boxing, no nodes. */
final class LongIntTable {
    private final long[] keys;
    private final int[] values;
    private final int mask;

    LongIntTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        mask = capacity - 1;
    }

    static long key(long hash) { return hash == 0 ? 1 : hash; }

    /** Returns false if the key was already there (the caller decides whether that is a collision). */
    boolean put(long hash, int value) {
        long k = key(hash);
        int i = slot(k);
        while (keys[i] != 0) {
            if (keys[i] == k) return false;
            i = (i + 1) & mask;
        }
        keys[i] = k;
        values[i] = value;
        return true;
    }

    int get(long hash, int missing) {
        long k = key(hash);
        for (int i = slot(k); keys[i] != 0; i = (i + 1) & mask) {
            if (keys[i] == k) return values[i];
        }
        return missing;
    }

    private int slot(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
