package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Repetition;

import java.util.List;

/**
 * One {@code POST /v1/chat/completions}, checked: the chat as the engine sees it (tool definitions
 * already in a system message, assistant tool calls as {@code <tool_call>} markup), and how to sample.
 *
 * @param messages    the chat for the backend
 * @param tools       the request's tool definitions ({@code {"type":"function","function":{...}}}), empty for none
 * @param toolsActive whether tool calls are read from the reply (tools given and {@code tool_choice} is not "none")
 * @param stop        stop sequences, at most 4; empty for none
 * @param user        the request's {@code user}, or null
 * @param repetition  {@code frequency_penalty} and {@code presence_penalty} (OpenAI's, without a repeat penalty)
 */
public record ChatRequest(String model, List<ChatMessage> messages, List<JsonNode> tools, boolean toolsActive,
                          boolean stream, boolean includeUsage, int maxTokens, float temperature, float topP,
                          long seed, List<String> stop, String user, Repetition repetition) {

    public ChatRequest {
        repetition = repetition == null ? Repetition.OFF : repetition;
    }

    /** Without repetition penalties. */
    public ChatRequest(String model, List<ChatMessage> messages, List<JsonNode> tools, boolean toolsActive, boolean stream,
                       boolean includeUsage, int maxTokens, float temperature, float topP, long seed, List<String> stop, String user) {
        this(model, messages, tools, toolsActive, stream, includeUsage, maxTokens, temperature, topP, seed, stop, user, null);
    }
}
