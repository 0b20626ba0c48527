package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a viewer sees is the viewer's: the reply and outcome frames carry no intent, harness version
 * or fallback flag, a merged outcome does not name the other viewer's message, and message ids
 * are a room's own, so a viewer can neither claim nor read another room's message by its id.
 */
class ViewersOwnViewTest {

    private static String message(String id, String user, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", user).put("text", text).toString();
    }

    @Test
    void replyAndOutcomeFramesCarryNoIntentVersionFallbackFlagOrOtherViewersIds() throws Exception {
        var model = new ScriptedBackend(call -> new ScriptedBackend.Script().pause(300).say("It's in stock.").build());
        try (Node node = TestNodes.start(TestNodes.patient(TestNodes.config()), model)) {
            Http viewer = new Http(node.port());
            List<String> frames = new CopyOnWriteArrayList<>();
            var ws = Http.openEvents(node.port(), "tech-room", frames);
            assertEquals(202, viewer.post("/v1/rooms/tech-room/messages", message("q-1", "alice", "is the power bank in stock?")).status());
            assertEquals(202, viewer.post("/v1/rooms/tech-room/messages", message("q-2", "bob", "is the power bank in stock")).status());
            JsonNode merged = viewer.awaitOutcome("tech-room", "q-2", Duration.ofSeconds(30));
            assertEquals("merged", merged.path("status").asText(), merged.toString());
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (frames.stream().filter(f -> f.contains("\"type\":\"outcome\"")).count() < 2 && System.nanoTime() < until) Thread.sleep(20);
            ws.abort();

            assertFalse(merged.has("mergedInto"), "a merged outcome names another viewer's message: " + merged);
            JsonNode reply = frames.stream().map(ViewersOwnViewTest::json).filter(f -> f.path("type").asText().equals("reply"))
                    .findFirst().orElseThrow(() -> new AssertionError("no reply frame: " + frames));
            for (String hidden : List.of("intent", "harnessVersion", "fallback", "confidence")) {
                assertFalse(reply.has(hidden), hidden + " reached a viewer in the reply frame: " + reply);
            }
            for (String f : frames) assertFalse(f.contains("mergedInto"), "a frame names another viewer's message: " + f);
            JsonNode operator = Http.operator(node.port()).awaitOperatorOutcome("tech-room", "q-2", Duration.ofSeconds(5));
            assertEquals("q-1", operator.path("mergedInto").asText(), "the operator still sees the merge: " + operator);
        }
    }

    @Test
    void aMessageIdIsTheRoomsOwnToClaimAndToRead() throws Exception {
        var model = new ScriptedBackend(call -> ScriptedBackend.pieces("It's in stock."));
        try (Node node = TestNodes.start(TestNodes.patient(TestNodes.config()), model)) {
            Http viewer = new Http(node.port());
            assertEquals(202, viewer.post("/v1/rooms/tech-room/messages", message("same-id", "alice", "is the power bank in stock?")).status());
            var other = viewer.post("/v1/rooms/snack-room/messages", message("same-id", "carol", "发什么快递"));
            assertEquals(202, other.status(), "another room's id does not block this room's message: " + other.body());
            assertEquals(409, viewer.post("/v1/rooms/tech-room/messages", message("same-id", "mallory", "hi")).status(),
                    "within its room an id is still taken once");

            JsonNode tech = viewer.awaitOutcome("tech-room", "same-id", Duration.ofSeconds(30));
            JsonNode snack = viewer.awaitOutcome("snack-room", "same-id", Duration.ofSeconds(30));
            assertEquals("tech-room", tech.path("roomId").asText());
            assertEquals("snack-room", snack.path("roomId").asText());
            assertEquals(404, viewer.get("/v1/rooms/dress-room/messages/same-id").status(), "not read through another room");
            assertEquals(404, viewer.get("/v1/messages/same-id").status(), "no id space across rooms to read from");
        }
    }

    private static JsonNode json(String s) {
        try {
            return Http.JSON.readTree(s);
        } catch (Exception e) {
            throw new AssertionError(s, e);
        }
    }
}
