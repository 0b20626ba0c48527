package io.liveharness.room;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.claims.Claim;
import io.liveharness.claims.ClaimReader;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.ScriptedBackend.Call;
import io.liveharness.support.ScriptedBackend.Script;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A burst answered in spoken turns of several questions, against the plain way: each question
 * answered alone in a quiet room. A grouped turn states the same facts (as the claim reader reads
 * them); what may differ is the order, the words addressing each viewer and how answers join.
 */
class GroupedTurnTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** The first question, then four of different attributes that come while its answer is made. */
    private static final String[] BURST = {"这条碎花裙有M码吗?", "多少钱一件", "什么时候发货", "面料是什么", "可以退货吗"};

    /** A model that answers what each question asks, with the room's facts; the return question it leaves to the fallback. */
    private static ScriptedBackend model() {
        return new ScriptedBackend((Call call) -> {
            String q = call.lastUserText();
            Script s = new Script();
            if (q.contains("M码")) s.pause(400); // the rest of the burst comes while the first answer is made
            if (q.contains("M码")) return s.say("有的亲，", "M码有货哦。").build();
            if (q.contains("多少钱")) return s.say("这条裙子现在¥159。").build();
            if (q.contains("发货")) return s.say("下单后48小时内发货。").build();
            if (q.contains("面料")) return s.say("雪纺面料，", "有棉内衬。").build();
            return s.build(); // nothing said: the skill's fallback answers
        });
    }

    private static String message(String id, String user, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", user).put("text", text).toString();
    }

    private static Node node(ScriptedBackend model) {
        return TestNodes.start(TestNodes.patient(TestNodes.config()), model);
    }

    @Test
    void aGroupedTurnStatesTheSameFactsAsAnsweringEachQuestionAlone() throws Exception {
        Map<String, JsonNode> grouped = new LinkedHashMap<>();
        try (Node node = node(model())) {
            Http viewer = new Http(node.port());
            for (int i = 0; i < BURST.length; i++) {
                assertEquals(202, viewer.post("/v1/rooms/dress-room/messages", message("q" + i, "v" + i, BURST[i])).status());
            }
            Http operator = Http.operator(node.port());
            for (int i = 0; i < BURST.length; i++) grouped.put("q" + i, operator.awaitOperatorOutcome("dress-room", "q" + i, WAIT));
        }
        Map<String, JsonNode> alone = new LinkedHashMap<>();
        try (Node node = node(model())) {
            Http viewer = new Http(node.port());
            Http operator = Http.operator(node.port());
            for (int i = 0; i < BURST.length; i++) { // one at a time: each is a turn of its own
                assertEquals(202, viewer.post("/v1/rooms/dress-room/messages", message("q" + i, "v" + i, BURST[i])).status());
                alone.put("q" + i, operator.awaitOperatorOutcome("dress-room", "q" + i, WAIT));
            }
        }

        grouped.forEach((id, o) -> assertEquals("answered", o.path("status").asText(), id + ": " + o));
        alone.forEach((id, o) -> assertEquals("answered", o.path("status").asText(), id + ": " + o));
        // the first went alone as the burst came; the rest were said in turns of several, each answer addressed to its viewer
        assertFalse(grouped.get("q0").path("reply").asText().startsWith("@"), grouped.get("q0").toString());
        List<JsonNode> turn = grouped.values().stream().filter(o -> o.path("reply").asText().startsWith("@")).toList();
        assertTrue(turn.size() >= 2, "a turn answered several viewers: " + grouped);
        for (JsonNode o : turn) {
            String id = o.path("messageId").asText();
            assertTrue(o.path("reply").asText().startsWith("@v" + id.substring(1) + " "), id + " is addressed to its viewer: " + o);
        }
        alone.forEach((id, o) -> assertFalse(o.path("reply").asText().startsWith("@"), "an answer said alone addresses no one: " + o));

        // each answer states what it states alone ...
        for (int i = 0; i < BURST.length; i++) {
            assertFalse(facts(alone.get("q" + i).path("reply").asText()).isEmpty(), "q" + i + " states a fact: " + alone.get("q" + i));
            assertEquals(facts(alone.get("q" + i).path("reply").asText()), facts(grouped.get("q" + i).path("reply").asText()),
                    "q" + i + ": grouped '" + grouped.get("q" + i).path("reply").asText() + "', alone '" + alone.get("q" + i).path("reply").asText() + "'");
        }
        // ... and the turns, as heard in the order spoken, state the facts of the answers alone
        assertEquals(facts(heard(alone.values().stream().toList())), facts(heard(grouped.values().stream().toList())));

        // one voice: no answer's segment is said while another answer of the turn is still being said
        List<long[]> spans = new ArrayList<>();
        for (JsonNode o : turn) {
            for (JsonNode s : o.path("segments")) {
                long start = s.path("speaksAtMs").asLong();
                spans.add(new long[]{start, start + Math.round(s.path("speechSeconds").asDouble() * 1000)});
            }
        }
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < spans.size(); i++) assertTrue(spans.get(i)[0] >= spans.get(i - 1)[1], "segments overlap in speech");
    }

    /** What a text states, as the eval's and the hooks' claim reader reads it: kind, value, number, polarity. */
    private static Set<String> facts(String text) {
        Set<String> out = new HashSet<>();
        for (Claim c : ClaimReader.DEFAULT.read(text, null, List.of(), null).claims()) {
            out.add(c.kind() + "|" + c.value() + "|" + (c.number() == null ? "" : c.number().stripTrailingZeros().toPlainString()) + "|" + c.polarity());
        }
        return out;
    }

    /** The replies' segments in the order the avatar says them, as one text. */
    private static String heard(List<JsonNode> outcomes) {
        List<JsonNode> segments = new ArrayList<>();
        outcomes.forEach(o -> o.path("segments").forEach(segments::add));
        segments.sort((a, b) -> Long.compare(a.path("speaksAtMs").asLong(), b.path("speaksAtMs").asLong()));
        return SpeechTime.join(segments.stream().map(s -> s.path("text").asText()).toList());
    }
}
