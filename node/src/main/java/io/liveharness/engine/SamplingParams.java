package io.liveharness.engine;

/**
 * How the next token is chosen. Temperature 0 means greedy (argmax), which tests use because it
 * is deterministic. {@code toolCalls}, when not null, constrains what follows a {@code <tool_call>}
 * tag to the grammar of the tools offered; {@code opening}, when not null, the script the reply
 * opens in. {@code repetition} penalises tokens the reply already used ({@link Repetition#OFF}: none).
 */
public record SamplingParams(float temperature, float topP, int topK, Repetition repetition, long seed, ToolCallGrammar toolCalls,
                             ReplyScript opening) {
    public static final SamplingParams GREEDY = new SamplingParams(0f, 1f, 0, 1f, 0L);

    public SamplingParams {
        repetition = repetition == null ? Repetition.OFF : repetition;
    }

    /** With a repeat penalty alone over llama.cpp's default window (1: none). */
    public SamplingParams(float temperature, float topP, int topK, float repeatPenalty, long seed) {
        this(temperature, topP, topK, Repetition.penalty(repeatPenalty), seed, null, null);
    }

    public boolean greedy() { return temperature <= 0f; }

    public SamplingParams withToolCalls(ToolCallGrammar grammar) {
        return new SamplingParams(temperature, topP, topK, repetition, seed, grammar, opening);
    }

    public SamplingParams withOpening(ReplyScript script) {
        return new SamplingParams(temperature, topP, topK, repetition, seed, toolCalls, script);
    }

    public SamplingParams withRepetition(Repetition r) {
        return new SamplingParams(temperature, topP, topK, r, seed, toolCalls, opening);
    }
}
