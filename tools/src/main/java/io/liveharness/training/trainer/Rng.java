package io.liveharness.training.trainer;

/** xorshift64*: seeded, the same stream on every machine, its whole state one long (for checkpoints). */
public final class Rng {
    private long x;

    public Rng(long seed) { x = seed * 0x9E3779B97F4A7C15L + 1; }

    public static Rng ofState(long state) {
        Rng r = new Rng(0);
        r.x = state;
        return r;
    }

    public long state() { return x; }

    public long next() {
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        return x * 0x2545F4914F6CDD1DL;
    }

    /** Uniform in [-1, 1). */
    public float uniform() { return ((next() >>> 40) * 0x1.0p-24f) * 2f - 1f; }

    /** Uniform in [0, n). */
    public int below(int n) { return (int) (((next() >>> 33) * n) >>> 31); }
}
