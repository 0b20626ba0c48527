package io.liveharness.eval.export;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.eval.export.Trajectory.Call;
import io.liveharness.eval.export.Trajectory.Message;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.Transcript;
import io.liveharness.pipeline.VisibleText;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A case's trajectory from its transcript: the messages of its last model call (which hold the
 * whole turn so far: system prompt, question, earlier tool calls and results, any correction a
 * hook sent back), the model's tool markup turned into structured calls, then the reply spoken.
 */
public final class Trajectories {

    public static Optional<Trajectory> of(CaseRecord r) {
        Transcript t = r.transcript();
        if (t.modelCalls().isEmpty() || t.reply() == null) return Optional.empty();
        List<Message> out = new ArrayList<>();
        Deque<String> pending = new ArrayDeque<>();
        int ids = 0;
        for (ChatMessage m : t.modelCalls().getLast().messages()) {
            switch (m.role()) {
                case "assistant" -> {
                    var calls = ToolCallParser.parse(m.content()).stream().filter(c -> c.error() == null).toList();
                    List<Call> structured = new ArrayList<>();
                    for (var c : calls) {
                        String id = "call_" + (++ids);
                        structured.add(new Call(id, c.name(), compact(c.argumentsJson())));
                        pending.add(id);
                    }
                    String text = calls.isEmpty() ? m.content() : VisibleText.of(m.content());
                    out.add(new Message("assistant", text == null || text.isBlank() ? null : text, structured, null));
                }
                case "tool" -> out.add(new Message("tool", m.content(), null, pending.isEmpty() ? "call_" + (++ids) : pending.poll()));
                default -> out.add(new Message(m.role(), m.content(), null, null));
            }
        }
        out.add(new Message("assistant", t.reply(), null, null));
        List<Trajectory.Tool> tools = t.offeredTools().stream().map(x -> new Trajectory.Tool(x.name(), x.description(), x.parameters())).toList();
        return Optional.of(new Trajectory(r.devCase().id(), out, tools, r.score().accuracy(), r.score().effectiveness()));
    }

    /** Arguments in one canonical JSON text, so every export format writes and reads back the same string. */
    static String compact(String json) {
        try {
            return JSON.readTree(json).toString();
        } catch (Exception e) {
            return json;
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private Trajectories() { }
}
