package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.Completion;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;
import io.liveharness.ingress.RequestJson;

import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** The JSON of chat-completion responses and stream chunks, in OpenAI's shape. */
public final class ChatResponses {

    static String newId(String prefix) {
        byte[] b = new byte[12];
        ThreadLocalRandom.current().nextBytes(b);
        return prefix + HexFormat.of().formatHex(b);
    }

    /**
     * The whole non-streaming answer for a finished {@link Completion} of {@code request}: content
     * with think blocks removed, tool calls read from its {@code <tool_call>} markup.
     */
    public static ObjectNode completion(String id, long created, ChatRequest request, Completion c) {
        ReplyAssembler reply = new ReplyAssembler(request.stop(), request.toolsActive());
        String content = reply.push(c.text());
        ReplyAssembler.End end = reply.finish(reply.stopped() ? null : c.stopReason());
        return completion(id, created, request.model(), content + end.content(), end, c.promptTokens(), c.completionTokens());
    }

    static ObjectNode completion(String id, long created, String model, String content, ReplyAssembler.End end,
                                 int promptTokens, int completionTokens) {
        ObjectNode message = RequestJson.JSON.createObjectNode().put("role", "assistant");
        if (end.toolCalls().isEmpty()) {
            message.put("content", content);
        } else {
            if (content.isBlank()) message.putNull("content"); else message.put("content", content.strip());
            message.set("tool_calls", toolCalls(end.toolCalls(), false));
        }
        ObjectNode choice = RequestJson.JSON.createObjectNode().put("index", 0);
        choice.set("message", message);
        choice.putNull("logprobs");
        choice.put("finish_reason", end.finishReason());
        ObjectNode body = head(id, "chat.completion", created, model);
        body.putArray("choices").add(choice);
        body.set("usage", usage(promptTokens, completionTokens));
        return body;
    }

    static ArrayNode toolCalls(List<ParsedToolCall> calls, boolean indexed) {
        ArrayNode out = RequestJson.JSON.createArrayNode();
        for (int i = 0; i < calls.size(); i++) {
            ParsedToolCall c = calls.get(i);
            ObjectNode call = out.addObject();
            if (indexed) call.put("index", i);
            call.put("id", newId("call_")).put("type", "function");
            call.putObject("function").put("name", c.name()).put("arguments", c.argumentsJson());
        }
        return out;
    }

    static ObjectNode usage(int promptTokens, int completionTokens) {
        return RequestJson.JSON.createObjectNode().put("prompt_tokens", promptTokens)
                .put("completion_tokens", completionTokens).put("total_tokens", promptTokens + completionTokens);
    }

    /** One {@code chat.completion.chunk} with one choice whose {@code delta} is given; finishReason null while it goes on. */
    static ObjectNode chunk(String id, long created, String model, ObjectNode delta, String finishReason) {
        ObjectNode choice = RequestJson.JSON.createObjectNode().put("index", 0);
        choice.set("delta", delta);
        choice.putNull("logprobs");
        if (finishReason == null) choice.putNull("finish_reason"); else choice.put("finish_reason", finishReason);
        ObjectNode body = head(id, "chat.completion.chunk", created, model);
        body.putArray("choices").add(choice);
        return body;
    }

    /** The last chunk of a stream asked with {@code stream_options.include_usage}: no choices, the usage. */
    static ObjectNode usageChunk(String id, long created, String model, int promptTokens, int completionTokens) {
        ObjectNode body = head(id, "chat.completion.chunk", created, model);
        body.putArray("choices");
        body.set("usage", usage(promptTokens, completionTokens));
        return body;
    }

    private static ObjectNode head(String id, String object, long created, String model) {
        return RequestJson.JSON.createObjectNode().put("id", id).put("object", object).put("created", created).put("model", model);
    }

    private ChatResponses() { }
}
