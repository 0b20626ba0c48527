package io.liveharness.engine;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds Qwen3/Hermes-style tool calls in model output:
 * {@code <tool_call>{"name": ..., "arguments": {...}}</tool_call>}. A call whose closing tag is
 * missing (the model stopped early) still counts when its JSON is complete; JSON that does not
 * parse becomes a {@link ParsedToolCall} with an error, so the agent loop can tell the model.
 */
public final class ToolCallParser {
    public static final String OPEN = "<tool_call>";
    public static final String CLOSE = "</tool_call>";
    private static final ObjectMapper JSON = Json.MAPPER;

    /** One call as the model wrote it; {@code error} is non-null when it could not be read. */
    public record ParsedToolCall(String name, String argumentsJson, String error) { }

    public static List<ParsedToolCall> parse(String output) {
        List<ParsedToolCall> calls = new ArrayList<>();
        int from = 0;
        while (true) {
            int open = output.indexOf(OPEN, from);
            if (open < 0) return calls;
            int start = open + OPEN.length();
            int close = output.indexOf(CLOSE, start);
            int nextOpen = output.indexOf(OPEN, start);
            int end = close >= 0 && (nextOpen < 0 || close < nextOpen) ? close : (nextOpen >= 0 ? nextOpen : output.length());
            calls.add(read(output.substring(start, end).strip()));
            from = end;
        }
    }

    private static ParsedToolCall read(String body) {
        JsonNode node;
        try {
            node = JSON.readTree(body);
        } catch (Exception e) {
            return new ParsedToolCall(null, null, "tool call is not valid JSON: " + firstLine(e.getMessage()));
        }
        if (node == null || !node.path("name").isTextual()) {
            return new ParsedToolCall(null, null, "tool call needs a string \"name\"");
        }
        JsonNode args = node.get("arguments");
        if (args != null && args.isTextual()) {
            // Some models put the arguments object in a string; accept it when it parses.
            try {
                args = JSON.readTree(args.asText());
            } catch (Exception e) {
                return new ParsedToolCall(node.get("name").asText(), null, "\"arguments\" is not a JSON object");
            }
        }
        if (args == null || args.isNull()) args = JSON.createObjectNode();
        if (!args.isObject()) {
            return new ParsedToolCall(node.get("name").asText(), null, "\"arguments\" must be a JSON object");
        }
        return new ParsedToolCall(node.get("name").asText(), args.toString(), null);
    }

    /** A call that arrived structured (an OpenAI {@code tool_calls} entry): its arguments text checked as the markup's are. */
    public static ParsedToolCall structured(String name, String argumentsText) {
        if (name == null || name.isBlank()) return new ParsedToolCall(null, null, "tool call needs a string \"name\"");
        JsonNode args;
        try {
            args = argumentsText == null || argumentsText.isBlank() ? JSON.createObjectNode() : JSON.readTree(argumentsText);
        } catch (Exception e) {
            return new ParsedToolCall(name, null, "\"arguments\" is not a JSON object");
        }
        if (args == null || args.isNull()) args = JSON.createObjectNode();
        if (!args.isObject()) return new ParsedToolCall(name, null, "\"arguments\" must be a JSON object");
        return new ParsedToolCall(name, args.toString(), null);
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private ToolCallParser() { }
}
