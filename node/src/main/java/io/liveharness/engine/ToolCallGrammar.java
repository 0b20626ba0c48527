package io.liveharness.engine;

/**
 * The shape a tool call must take once the model opens one with {@code <tool_call>}: a GBNF
 * grammar (llama.cpp's grammar format) whose {@code root} starts with that tag. Text before the
 * tag is free; from the tag on, a llama.cpp backend only lets the model write what the grammar
 * accepts (an offered tool's name, its argument names, values its schema allows), as structured
 * outputs do for strict function calling. Backends that cannot constrain decoding ignore it.
 */
public record ToolCallGrammar(String gbnf) {
    public ToolCallGrammar {
        if (gbnf == null || gbnf.isBlank()) throw new IllegalArgumentException("a tool-call grammar needs GBNF text");
        if (!gbnf.contains("root ::=")) throw new IllegalArgumentException("a tool-call grammar needs a 'root' rule");
    }
}
