package io.liveharness.ingress;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.liveharness.api.AvatarReply;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.ToolExchange;

/** The wire shape of outcomes, segments and replies (HTTP and WebSocket). */
public final class OutcomeJson {

    /**
     * What a viewer may see of an outcome: how it ended, the reason code and what the avatar said.
     * Not the detail or the hook decisions: a blocked reply's hooks quote what they matched (a
     * phone number, a prohibited claim) and a failure's detail is an internal error; not the
     * classification, harness version or stage timings either (they tell how the room decides), nor
     * which message a merged one was answered with (another viewer's id).
     */
    public static ObjectNode forViewer(MessageOutcome o) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("messageId", o.messageId());
        n.put("roomId", o.roomId());
        n.put("status", o.kind().label());
        n.put("reason", o.reason().label());
        if (o.replyText() != null) n.put("reply", o.replyText());
        if (!o.segments().isEmpty()) o.segments().forEach(s -> n.withArray("segments").add(s.text()));
        n.put("latencyMs", o.endToEndMs());
        return n;
    }

    /** The whole outcome, for operators: its detail, hook decisions, tool calls, classification and stage timings. */
    public static ObjectNode outcome(MessageOutcome o) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("messageId", o.messageId());
        n.put("roomId", o.roomId());
        n.put("status", o.kind().label());
        n.put("reason", o.reason().label());
        if (o.detail() != null) n.put("detail", o.detail());
        if (o.replyText() != null) n.put("reply", o.replyText());
        if (o.intent() != null) {
            n.put("intent", o.intent());
            n.put("confidence", Math.round(o.confidence() * 1000) / 1000.0);
        }
        if (o.harnessVersion() != null) n.put("harnessVersion", o.harnessVersion());
        if (o.mergedInto() != null) n.put("mergedInto", o.mergedInto());
        ObjectNode timings = n.putObject("timingsMs");
        o.timings().micros().forEach((stage, micros) -> timings.put(stage, micros / 1000.0));
        n.put("latencyMs", o.endToEndMs());
        if (!o.hooks().isEmpty()) o.hooks().forEach(n.putArray("hooks")::add);
        if (!o.segments().isEmpty()) {
            var segments = n.putArray("segments");
            o.segments().forEach(s -> segments.add(segment(s).without(java.util.List.of("type", "roomId", "messageId"))));
        }
        if (!o.tools().isEmpty()) o.tools().forEach(x -> n.withArray("tools").add(tool(x)));
        if (!o.falseClaims().isEmpty()) o.falseClaims().forEach(n.putArray("falseClaims")::add);
        return n;
    }

    /** One tool call of the answer's trace: the name and arguments the model wrote, then the result or the error it read. */
    static ObjectNode tool(ToolExchange x) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("tool", x.tool());
        n.set("arguments", jsonOrText(x.argumentsJson()));
        n.put("ok", x.ok());
        if (x.ok()) n.set("result", jsonOrText(x.resultJson()));
        else n.put("error", x.error());
        return n;
    }

    /** The JSON a model or a tool wrote as a tree; as text where it is not JSON (a model's broken arguments). */
    private static JsonNode jsonOrText(String json) {
        if (json == null) return NullNode.getInstance();
        try {
            JsonNode tree = RequestJson.JSON.readTree(json);
            return tree.isMissingNode() ? TextNode.valueOf(json) : tree;
        } catch (JsonProcessingException e) {
            return TextNode.valueOf(json);
        }
    }

    /** One speakable segment as released (a TTS engine says these, in order). */
    public static ObjectNode segment(ReplySegment s) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("type", "segment");
        n.put("roomId", s.roomId());
        n.put("messageId", s.messageId());
        n.put("index", s.index());
        n.put("text", s.text());
        n.put("source", s.source().label());
        n.put("speechSeconds", Math.round(s.speechSeconds() * 1000) / 1000.0);
        n.put("releasedAtMs", s.releasedAtMs());
        n.put("speaksAtMs", s.speaksAtMs());
        return n;
    }

    /** The whole reply as a viewer may see it: what was said, for which message, when; not how the room decided. */
    public static ObjectNode replyForViewer(AvatarReply r) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("type", "reply");
        n.put("roomId", r.roomId());
        n.put("messageId", r.messageId());
        n.put("text", r.text());
        n.put("emittedAtMs", r.emittedAtMs());
        return n;
    }

    /** The whole reply for operators (the transcript): with its intent, harness version and whether the fallback gave it. */
    public static ObjectNode reply(AvatarReply r) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("type", "reply");
        n.put("roomId", r.roomId());
        n.put("messageId", r.messageId());
        n.put("text", r.text());
        n.put("intent", r.intent());
        n.put("harnessVersion", r.harnessVersion());
        n.put("fallback", r.fallback());
        n.put("emittedAtMs", r.emittedAtMs());
        return n;
    }

    private OutcomeJson() { }
}
