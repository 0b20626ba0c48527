package io.liveharness.eval.compare;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The paired bootstrap over cases: resample the case indices with replacement, the same indices
 * for both runs, and take the change of the mean each time; the percentiles of those changes are
 * the confidence interval. Pairing matters: both runs saw the same cases, so the case-to-case
 * variance cancels and a small real change is not lost in it. Seeded: the same inputs give the
 * same interval.
 */
public final class PairedBootstrap {
    public static final int DEFAULT_RESAMPLES = 10_000;
    public static final double DEFAULT_LEVEL = 0.95;

    /** A change of one metric from run A to run B, with its interval. */
    public record Delta(double a, double b, double delta, double low, double high, int cases) {
        /** The interval lies wholly on one side of zero. */
        public boolean significant() { return low > 0 || high < 0; }
    }

    public static Delta of(double[] a, double[] b, int resamples, long seed, double level) {
        if (a.length != b.length) throw new IllegalArgumentException("paired scores need as many cases in A as in B");
        int n = a.length;
        if (n == 0) return new Delta(0, 0, 0, 0, 0, 0);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = b[i] - a[i];
        double[] deltas = new double[resamples];
        SplittableRandom random = new SplittableRandom(seed);
        for (int r = 0; r < resamples; r++) {
            double sum = 0;
            for (int i = 0; i < n; i++) sum += d[random.nextInt(n)];
            deltas[r] = sum / n;
        }
        Arrays.sort(deltas);
        double tail = (1 - level) / 2;
        return new Delta(mean(a), mean(b), mean(b) - mean(a), percentile(deltas, tail), percentile(deltas, 1 - tail), n);
    }

    private static double mean(double[] x) { return Arrays.stream(x).average().orElse(0); }

    /** The nearest-rank percentile of sorted values. */
    private static double percentile(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private PairedBootstrap() { }
}
