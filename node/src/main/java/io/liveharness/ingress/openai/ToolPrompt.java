package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.ingress.RequestJson;

import java.util.ArrayList;
import java.util.List;

/**
 * Tools in the prompt, in the Qwen/Hermes convention the engine's models were trained on: a system
 * message lists the JSON schemas inside {@code <tools></tools>} and asks for
 * {@code <tool_call>{"name": .., "arguments": ..}</tool_call>}; an assistant turn's OpenAI
 * {@code tool_calls} are written back as that markup so the model sees its own earlier calls.
 */
public final class ToolPrompt {
    static final String HEADER = """
            # Tools

            You may call one or more functions to assist with the user query.

            You are provided with function signatures within <tools></tools> XML tags:
            <tools>
            """;
    static final String FOOTER = """
            </tools>

            For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
            <tool_call>
            {"name": <function-name>, "arguments": <args-json-object>}
            </tool_call>""";

    /** The system text that describes {@code tools}. */
    public static String describe(List<JsonNode> tools) {
        StringBuilder s = new StringBuilder(HEADER);
        for (JsonNode t : tools) s.append(t.toString()).append('\n');
        s.append(FOOTER);
        return s.toString();
    }

    /** {@code messages} with the tool description appended to the first system message, or put first. */
    public static List<ChatMessage> withTools(List<ChatMessage> messages, List<JsonNode> tools) {
        String text = describe(tools);
        List<ChatMessage> out = new ArrayList<>(messages.size() + 1);
        if (!messages.isEmpty() && messages.getFirst().role().equals("system")) {
            out.add(ChatMessage.system(messages.getFirst().content() + "\n\n" + text));
            out.addAll(messages.subList(1, messages.size()));
        } else {
            out.add(ChatMessage.system(text));
            out.addAll(messages);
        }
        return out;
    }

    /** One call as the model writes it; {@code argumentsJson} is used as an object when it parses as one. */
    public static String markup(String name, String argumentsJson) {
        ObjectNode call = RequestJson.JSON.createObjectNode().put("name", name);
        JsonNode args = null;
        try {
            args = argumentsJson == null || argumentsJson.isBlank() ? RequestJson.JSON.createObjectNode() : RequestJson.JSON.readTree(argumentsJson);
        } catch (Exception notJson) {
            // kept as the string the caller gave
        }
        if (args != null && args.isObject()) call.set("arguments", args);
        else call.put("arguments", argumentsJson);
        return ToolCallParser.OPEN + "\n" + call + "\n" + ToolCallParser.CLOSE;
    }

    private ToolPrompt() { }
}
