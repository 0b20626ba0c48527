package io.liveharness.eval.export;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One case's full trajectory, as a training set wants it: the system prompt as the pipeline
 * assembled it, the viewer's message, every tool call and its result, and the reply spoken.
 */
public record Trajectory(String caseId, List<Message> messages, List<Tool> tools, boolean accuracy, boolean effectiveness) {

    /** A chat message; an assistant message may carry tool calls, a tool message answers one. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    /**
     * @param weight for an assistant message, whether training learns it (OpenAI's fine-tuning {@code weight}:
     *               1 learn, 0 context only); null for the default: learn the turns after the last user message
     */
    public record Message(String role, String content, List<Call> toolCalls, String toolCallId, Integer weight) {
        public Message {
            toolCalls = toolCalls == null || toolCalls.isEmpty() ? null : List.copyOf(toolCalls);
        }

        public Message(String role, String content, List<Call> toolCalls, String toolCallId) {
            this(role, content, toolCalls, toolCallId, null);
        }

        public Message withWeight(Integer w) { return new Message(role, content, toolCalls, toolCallId, w); }
    }

    public record Call(String id, String name, String arguments) { }

    /** A tool offered: name, description and JSON Schema (as JSON text). */
    public record Tool(String name, String description, String parameters) { }
}
