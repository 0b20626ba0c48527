package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.ingress.RequestJson;

import java.util.Arrays;

/**
 * A figure with its 95 % interval. Rates get Wilson's score interval, which stays inside [0, 1]
 * and is honest at 0 of 20 (where the plain normal interval claims certainty); quantiles get the
 * distribution-free order-statistic interval, which assumes nothing of latency's long tail.
 */
public record Interval(double value, double low, double high) {
    /** z for a two-sided 95 % interval. */
    static final double Z = 1.959964;

    /** {@code k} of {@code n}; with no trials, the whole range: nothing is known. */
    public static Interval wilson(long k, long n) {
        if (n <= 0) return new Interval(Double.NaN, 0, 1);
        double p = (double) k / n;
        double z2 = Z * Z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = Z / (1 + z2 / n) * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return new Interval(p, Math.max(0, centre - half), Math.min(1, centre + half));
    }

    /**
     * The {@code q} quantile of the samples, between the order statistics a binomial(n, q) puts 95 %
     * of its mass between (normal approximation; clamped to the smallest and largest sample).
     */
    public static Interval quantile(long[] samples, double q) {
        if (samples.length == 0) return new Interval(Double.NaN, Double.NaN, Double.NaN);
        long[] xs = samples.clone();
        Arrays.sort(xs);
        int n = xs.length;
        double sd = Math.sqrt(n * q * (1 - q));
        int at = clamp((int) Math.ceil(q * n) - 1, n);
        int lo = clamp((int) Math.floor(n * q - Z * sd) - 1, n);
        int hi = clamp((int) Math.ceil(n * q + Z * sd) - 1, n);
        return new Interval(xs[at], xs[lo], xs[hi]);
    }

    private static int clamp(int i, int n) { return Math.max(0, Math.min(n - 1, i)); }

    /** Whether the whole of this interval lies above the whole of {@code other}'s. */
    public boolean above(Interval other) { return low > other.high; }

    ObjectNode json(int decimals) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        if (Double.isNaN(value)) n.putNull("value"); else n.put("value", round(value, decimals));
        if (Double.isNaN(low)) n.putNull("low"); else n.put("low", round(low, decimals));
        if (Double.isNaN(high)) n.putNull("high"); else n.put("high", round(high, decimals));
        return n;
    }

    private static double round(double x, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(x * f) / f;
    }
}
