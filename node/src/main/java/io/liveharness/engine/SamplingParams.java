package io.liveharness.engine;

/**
 * How the next token is chosen. Temperature 0 means greedy (argmax), which tests use because it
 * is deterministic.
 */
public record SamplingParams(float temperature, float topP, int topK, float repeatPenalty, long seed) {
    public static final SamplingParams GREEDY = new SamplingParams(0f, 1f, 0, 1f, 0L);

    public boolean greedy() { return temperature <= 0f; }
}
