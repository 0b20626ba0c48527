package io.liveharness.eval.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.export.Trajectory.Call;
import io.liveharness.eval.export.Trajectory.Message;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenAI chat fine-tuning shape: {@code {"messages": [...], "tools": [...]}} with assistant
 * {@code tool_calls} ({@code arguments} a JSON string) and {@code tool} messages answering them by
 * {@code tool_call_id}; the case id and scores under {@code metadata}.
 */
public final class OpenAiChatFormat implements ExportFormat {

    public String name() { return "openai-chat"; }

    public String write(Trajectory t) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        ArrayNode messages = line.putArray("messages");
        for (Message m : t.messages()) {
            ObjectNode n = messages.addObject().put("role", m.role());
            if (m.content() == null) n.putNull("content"); else n.put("content", m.content());
            if (m.toolCalls() != null) {
                ArrayNode calls = n.putArray("tool_calls");
                for (Call c : m.toolCalls()) {
                    calls.addObject().put("id", c.id()).put("type", "function").putObject("function")
                            .put("name", c.name()).put("arguments", c.arguments());
                }
            }
            if (m.toolCallId() != null) n.put("tool_call_id", m.toolCallId());
            if (m.weight() != null) n.put("weight", m.weight());
        }
        if (!t.tools().isEmpty()) {
            ArrayNode tools = line.putArray("tools");
            for (Trajectory.Tool tool : t.tools()) {
                tools.addObject().put("type", "function").putObject("function").put("name", tool.name())
                        .put("description", tool.description()).set("parameters", JSON.readTree(tool.parameters()));
            }
        }
        line.putObject("metadata").put("case_id", t.caseId()).put("accuracy", t.accuracy()).put("effectiveness", t.effectiveness());
        return JSON.writeValueAsString(line);
    }

    public Trajectory read(String text) throws IOException {
        JsonNode line = JSON.readTree(text);
        List<Message> messages = new ArrayList<>();
        for (JsonNode n : line.path("messages")) {
            List<Call> calls = new ArrayList<>();
            for (JsonNode c : n.path("tool_calls")) {
                calls.add(new Call(c.path("id").asText(), c.path("function").path("name").asText(), c.path("function").path("arguments").asText()));
            }
            messages.add(new Message(n.path("role").asText(), n.path("content").isNull() ? null : n.path("content").asText(null), calls,
                    n.has("tool_call_id") ? n.get("tool_call_id").asText() : null, n.has("weight") ? n.get("weight").asInt() : null));
        }
        List<Trajectory.Tool> tools = new ArrayList<>();
        for (JsonNode x : line.path("tools")) {
            JsonNode f = x.path("function");
            tools.add(new Trajectory.Tool(f.path("name").asText(), f.path("description").asText(), f.path("parameters").toString()));
        }
        JsonNode meta = line.path("metadata");
        return new Trajectory(meta.path("case_id").asText(null), messages, tools, meta.path("accuracy").asBoolean(),
                meta.path("effectiveness").asBoolean());
    }
}
