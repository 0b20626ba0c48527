package io.liveharness.engine;

/**
 * How the next token is chosen. Temperature 0 means greedy (argmax), which tests use because it
 * is deterministic. {@code toolCalls}, when not null, constrains what follows a {@code <tool_call>}
 * tag to the grammar of the tools offered; {@code opening}, when not null, the script the reply
 * opens in.
 */
public record SamplingParams(float temperature, float topP, int topK, float repeatPenalty, long seed, ToolCallGrammar toolCalls,
                             ReplyScript opening) {
    public static final SamplingParams GREEDY = new SamplingParams(0f, 1f, 0, 1f, 0L);

    public SamplingParams(float temperature, float topP, int topK, float repeatPenalty, long seed) {
        this(temperature, topP, topK, repeatPenalty, seed, null, null);
    }

    public boolean greedy() { return temperature <= 0f; }

    public SamplingParams withToolCalls(ToolCallGrammar grammar) {
        return new SamplingParams(temperature, topP, topK, repeatPenalty, seed, grammar, opening);
    }

    public SamplingParams withOpening(ReplyScript script) {
        return new SamplingParams(temperature, topP, topK, repeatPenalty, seed, toolCalls, script);
    }
}
