package io.liveharness.engine;

import io.liveharness.engine.ToolCallParser.ParsedToolCall;

import java.util.List;

/**
 * The result of one generation.
 *
 * @param text            what the model wrote, tool-call markup included (it goes back into the conversation)
 * @param toolCalls       the tool calls it made, structured: the agent loop reads these, never the text
 * @param firstTokenNanos time from the request starting to decode until its first token
 */
public record Completion(String text, List<ParsedToolCall> toolCalls, int promptTokens, int completionTokens, StopReason stopReason,
                         long firstTokenNanos, long totalNanos) {

    public Completion {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    /** A model that writes its tool calls as markup in its text (the local model, a scripted one): read once, here. */
    public Completion(String text, int promptTokens, int completionTokens, StopReason stopReason, long firstTokenNanos, long totalNanos) {
        this(text, ToolCallParser.parse(text), promptTokens, completionTokens, stopReason, firstTokenNanos, totalNanos);
    }
}
