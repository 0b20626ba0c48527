package io.liveharness.room;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.SpeechConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A burst into a room as viewers send it, with the committed router and question read: questions
 * asking the same fact share one answer whatever their words, and a question is not stale for
 * having waited behind the avatar's voice.
 */
class BurstByMeaningTest {

    private static String message(String id, String user, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", user).put("text", text).toString();
    }

    /** Sends one message per viewer, all at once; each outcome in full, as the operator reads it. */
    private static Map<String, JsonNode> send(Node node, String... texts) throws Exception {
        Http viewer = new Http(node.port());
        Http operator = Http.operator(node.port());
        for (int i = 0; i < texts.length; i++) {
            var r = viewer.post("/v1/rooms/dress-room/messages", message("q" + (i + 1), "v" + (i + 1), texts[i]));
            assertEquals(202, r.status(), r.body());
        }
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (int i = 0; i < texts.length; i++) out.put("q" + (i + 1), operator.awaitOperatorOutcome("dress-room", "q" + (i + 1), Duration.ofSeconds(60)));
        return out;
    }

    @Test
    void questionsAskingTheSameFactInOtherWordsShareOneAnswer() throws Exception {
        NodeConfig c = TestNodes.withSpeech(TestNodes.patient(TestNodes.config()), new SpeechConfig(10_000.0, 10_000.0, null, null));
        // the first answer takes a while (long enough for a loaded machine to take the whole burst), so the rest waits together
        var first = new java.util.concurrent.atomic.AtomicBoolean(true);
        var model = new ScriptedBackend(call -> new ScriptedBackend.Script().pause(first.getAndSet(false) ? 1_500 : 0)
                .say("有的亲，", "M码有货。").build());
        try (Node node = TestNodes.start(c, model)) {
            Map<String, JsonNode> o = send(node,
                    "这条碎花裙有M码吗?", "有没有M码", "碎花裙有M码吗", "白色的有M码吗", "黑色的有M码吗", "多少钱啊", "这条裙子什么价格");
            assertEquals("answered", o.get("q1").path("status").asText(), o.get("q1").toString());
            for (String id : new String[]{"q2", "q3"}) {
                assertEquals("merged", o.get(id).path("status").asText(), id + ": " + o);
                assertEquals("q1", o.get(id).path("mergedInto").asText());
                assertEquals(o.get("q1").path("reply").asText(), o.get(id).path("reply").asText(), "a merged message ends with the answer that covered it");
            }
            assertEquals("merged", o.get("q7").path("status").asText(), o.get("q7") + " q6: " + o.get("q6"));
            assertEquals("q6", o.get("q7").path("mergedInto").asText());
            // alike in words, another colour asked: its own answer
            assertEquals("answered", o.get("q5").path("status").asText(), o.get("q5").toString());
            assertNotEquals("q4", o.get("q5").path("mergedInto").asText());
        }
    }

    @Test
    void questionsWaitingBehindTheVoiceAreSaidTogetherInTheNextTurn() throws Exception {
        // 2 s to say each answer, and a staleness limit shorter than that
        NodeConfig c = TestNodes.withSpeech(TestNodes.config(), new SpeechConfig(4.0, 2.5, null, null));
        c = c.withRooms(c.rooms().withStaleAfterMs(1_500L).withReplyDeadlineMs(30_000L));
        // the first answer takes a while, so all four wait before any turn begins
        var calls = new java.util.concurrent.atomic.AtomicInteger();
        var model = new ScriptedBackend(call -> new ScriptedBackend.Script().pause(calls.getAndIncrement() == 0 ? 500 : 0)
                .say("有的亲，", "M码有货。").build());
        try (Node node = TestNodes.start(c, model)) {
            Map<String, JsonNode> o = send(node, "这条裙子有M码吗", "面料是什么材质的", "多少钱一件", "黑色还有货吗");
            Map<String, Integer> kinds = new LinkedHashMap<>();
            o.values().forEach(x -> kinds.merge(x.path("status").asText() + "/" + x.path("reason").asText().replace("model", "answer")
                    .replace("fallback", "answer"), 1, Integer::sum));
            // one answer at a time, the fourth would wait a whole answer's speech past the limit and be dropped
            // stale; the three behind the first are planned into one turn when its voice is about to be free
            assertEquals(Map.of("answered/answer", 4), kinds, o.toString());

            JsonNode second = o.get("q2");
            long voice = second.path("timingsMs").path("speech_wait").asLong(-1);
            assertTrue(voice >= 1_500, "the second answer's wait for the first one's speech is speech_wait: " + second.path("timingsMs"));
            assertTrue(second.path("timingsMs").path("hook_checks").asDouble() < 1_000, "and not the hooks': " + second.path("timingsMs"));
        }
    }
}
