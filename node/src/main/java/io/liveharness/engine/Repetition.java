package io.liveharness.engine;

import io.liveharness.config.NodeConfig;

/**
 * Repetition control over the last {@code lastN} tokens of the reply (llama.cpp's penalties
 * sampler, which remembers only the tokens it picked, never the prompt): a small model's greedy
 * reply otherwise stutters ({@code 米色/米色/米色}). Off ({@link #OFF}) keeps greedy decoding as it was.
 *
 * @param penalty   divides a positive logit (multiplies a negative one) of a token seen in the window; 1: off
 * @param frequency subtracted from a seen token's logit once per time it was seen; 0: off
 * @param presence  subtracted once from a seen token's logit; 0: off
 */
public record Repetition(int lastN, float penalty, float frequency, float presence) {
    /** llama.cpp's default window. */
    public static final int DEFAULT_LAST_N = 64;
    public static final Repetition OFF = new Repetition(DEFAULT_LAST_N, 1f, 0f, 0f);

    public Repetition {
        if (lastN < 0) throw new IllegalArgumentException("repetition lastN must be 0 or more, was " + lastN);
        if (!(penalty > 0f)) throw new IllegalArgumentException("repetition penalty must be above 0 (1: off), was " + penalty);
    }

    /** As {@code engine.repetition} of the node's configuration sets it. */
    public static Repetition of(NodeConfig.RepetitionConfig c) {
        return new Repetition(c.lastN(), c.penalty().floatValue(), c.frequency().floatValue(), c.presence().floatValue());
    }

    /** The repeat penalty alone, over llama.cpp's default window. */
    public static Repetition penalty(float penalty) { return new Repetition(DEFAULT_LAST_N, penalty, 0f, 0f); }

    /** True when it changes nothing: no window, or every penalty neutral. */
    public boolean off() { return lastN == 0 || (penalty == 1f && frequency == 0f && presence == 0f); }
}
