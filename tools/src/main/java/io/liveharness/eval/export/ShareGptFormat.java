package io.liveharness.eval.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.export.Trajectory.Call;
import io.liveharness.eval.export.Trajectory.Message;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The ShareGPT shape with tools, as LLaMA-Factory reads it: {@code system}, {@code tools} (a JSON
 * string) and {@code conversations} of {@code human}, {@code gpt}, {@code function_call}
 * ({@code {"name", "arguments"}}) and {@code observation} turns. ShareGPT has no call ids: calls
 * and observations pair in order, which is how they are numbered when read back.
 */
public final class ShareGptFormat implements ExportFormat {

    public String name() { return "sharegpt"; }

    public String write(Trajectory t) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        ArrayNode turns = JSON.createArrayNode();
        String system = null;
        for (Message m : t.messages()) {
            switch (m.role()) {
                case "system" -> system = system == null ? m.content() : system + "\n\n" + m.content();
                case "user" -> turns.addObject().put("from", "human").put("value", m.content());
                case "tool" -> turns.addObject().put("from", "observation").put("value", m.content());
                default -> {
                    if (m.content() != null) turns.addObject().put("from", "gpt").put("value", m.content());
                    if (m.toolCalls() != null) {
                        for (Call c : m.toolCalls()) {
                            ObjectNode call = JSON.createObjectNode().put("name", c.name());
                            call.set("arguments", JSON.readTree(c.arguments()));
                            turns.addObject().put("from", "function_call").put("value", JSON.writeValueAsString(call));
                        }
                    }
                }
            }
        }
        if (system != null) line.put("system", system);
        ArrayNode tools = JSON.createArrayNode();
        for (Trajectory.Tool tool : t.tools()) {
            tools.addObject().put("name", tool.name()).put("description", tool.description()).set("parameters", JSON.readTree(tool.parameters()));
        }
        if (!tools.isEmpty()) line.put("tools", JSON.writeValueAsString(tools));
        line.set("conversations", turns);
        line.put("case_id", t.caseId()).put("accuracy", t.accuracy()).put("effectiveness", t.effectiveness());
        return JSON.writeValueAsString(line);
    }

    public Trajectory read(String text) throws IOException {
        JsonNode line = JSON.readTree(text);
        List<Message> messages = new ArrayList<>();
        if (line.hasNonNull("system")) messages.add(new Message("system", line.get("system").asText(), null, null));
        Deque<String> pending = new ArrayDeque<>();
        int ids = 0;
        String previous = null;
        for (JsonNode turn : line.path("conversations")) {
            String from = turn.path("from").asText(), value = turn.path("value").asText();
            switch (from) {
                case "human" -> messages.add(new Message("user", value, null, null));
                case "observation" -> messages.add(new Message("tool", value, null, pending.isEmpty() ? "call_" + (++ids) : pending.poll()));
                case "gpt" -> messages.add(new Message("assistant", value, null, null));
                case "function_call" -> {
                    JsonNode call = JSON.readTree(value);
                    Call c = new Call("call_" + (++ids), call.path("name").asText(), call.path("arguments").toString());
                    pending.add(c.id());
                    boolean joins = ("gpt".equals(previous) || "function_call".equals(previous)) && !messages.isEmpty()
                            && messages.getLast().role().equals("assistant");
                    if (joins) {
                        Message last = messages.removeLast();
                        List<Call> calls = new ArrayList<>(last.toolCalls() == null ? List.of() : last.toolCalls());
                        calls.add(c);
                        messages.add(new Message("assistant", last.content(), calls, null));
                    } else {
                        messages.add(new Message("assistant", null, List.of(c), null));
                    }
                }
                default -> throw new IOException("unknown ShareGPT turn '" + from + "'");
            }
            previous = from;
        }
        List<Trajectory.Tool> tools = new ArrayList<>();
        if (line.hasNonNull("tools")) {
            for (JsonNode x : JSON.readTree(line.get("tools").asText())) {
                tools.add(new Trajectory.Tool(x.path("name").asText(), x.path("description").asText(), x.path("parameters").toString()));
            }
        }
        return new Trajectory(line.path("case_id").asText(null), messages, tools, line.path("accuracy").asBoolean(),
                line.path("effectiveness").asBoolean());
    }
}
