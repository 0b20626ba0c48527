package io.liveharness.engine.llama;

/**
 * What a decode step costs, measured: an exponentially weighted least-squares fit of each step's
 * wall time against the tokens it held, {@code nanos ≈ fixed + perToken × tokens}. A step's fixed
 * part (reading the weights, the per-step Java work) dominates small decode steps; the per-token
 * part dominates a full prompt chunk, so one average for both would misjudge one of them. When the
 * recent steps all held about as many tokens there is nothing to fit a slope to, and a step is taken
 * to cost no more than the average, a smaller one proportionally less: an unknown cost errs on the
 * side of answering (a needless shed loses an answer the model would have given; a missed one costs
 * only what today's deadline costs). Decode thread only.
 */
final class StepClock {
    /** How much one step moves the averages: the last twenty or so steps count. */
    static final double WEIGHT = 0.1;

    private long samples;
    private double tokens, nanos, tokens2, tokensNanos; // weighted means of x, y, x², xy

    void record(int stepTokens, long stepNanos) {
        double x = stepTokens, y = stepNanos;
        if (samples++ == 0) {
            tokens = x; nanos = y; tokens2 = x * x; tokensNanos = x * y;
            return;
        }
        tokens += WEIGHT * (x - tokens);
        nanos += WEIGHT * (y - nanos);
        tokens2 += WEIGHT * (x * x - tokens2);
        tokensNanos += WEIGHT * (x * y - tokensNanos);
    }

    boolean measured() { return samples > 0; }

    /** The recent steps' average wall time. */
    long averageNanos() { return (long) nanos; }

    /** The recent steps' average tokens. */
    double averageTokens() { return tokens; }

    /** The estimated wall time of one step holding {@code stepTokens} tokens. */
    long nanos(int stepTokens) {
        double variance = tokens2 - tokens * tokens;
        if (variance < 1) { // too little spread in step sizes to fit a slope: the cheaper reading
            return (long) Math.min(nanos, nanos * stepTokens / Math.max(1, tokens));
        }
        double perToken = Math.max(0, (tokensNanos - tokens * nanos) / variance);
        double fixed = nanos - perToken * tokens;
        if (fixed < 0) { // the fit's line passes below zero at small steps: proportional instead
            perToken = nanos / Math.max(1, tokens);
            fixed = 0;
        }
        return (long) (fixed + perToken * stepTokens);
    }
}
