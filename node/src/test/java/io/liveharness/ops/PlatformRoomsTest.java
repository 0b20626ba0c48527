package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a single node the platform creates, updates and retires rooms at run time with its token:
 * a new room answers, an update shows, a retired room's messages end room_retired; the operator's
 * token and a bad manifest are refused, naming why.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PlatformRoomsTest {
    private static String room(String id, String title, String product) {
        return "{\"id\":\"" + id + "\",\"title\":\"" + title + "\",\"persona\":\"You are the host. Short answers.\","
                + "\"language\":\"en\",\"products\":[\"" + product + "\"],\"onStage\":\"" + product + "\"}";
    }

    @Test
    void thePlatformCreatesUpdatesAndRetiresARoomWhileTheNodeRuns() {
        var model = new ScriptedBackend(call -> ScriptedBackend.pieces("The battery lasts about eight hours."));
        try (Node node = TestNodes.start(TestNodes.config(), model)) {
            Http platform = Http.platform(node.port());
            Http operator = Http.operator(node.port());
            Http viewer = new Http(node.port());

            assertEquals(403, operator.post("/v1/rooms", room("live-room", "Live", "earbuds-201")).status(), "the operator's token cannot add rooms");
            var bad = platform.post("/v1/rooms", room("bad-room", "Bad", "no-such-product"));
            assertEquals(400, bad.status(), bad.body());
            assertTrue(bad.body().contains("no-such-product"), bad.body());
            var unknownField = platform.post("/v1/rooms", "{\"id\":\"x-room\",\"persona\":\"p\",\"colour\":\"red\"}");
            assertEquals(400, unknownField.status(), unknownField.body());
            assertTrue(unknownField.body().contains("colour"), unknownField.body());
            assertEquals(404, operator.get("/v1/rooms/bad-room").status());

            assertEquals(201, platform.post("/v1/rooms", room("live-room", "Live", "earbuds-201")).status());
            assertEquals(409, platform.post("/v1/rooms", room("live-room", "Live", "earbuds-201")).status());
            assertEquals(202, viewer.post("/v1/rooms/live-room/messages", "{\"messageId\":\"m1\",\"userId\":\"u1\",\"text\":\"how long does the battery last?\"}").status());
            assertEquals("answered", viewer.awaitOutcome("live-room", "m1", Duration.ofSeconds(60)).path("status").asText());

            assertEquals(200, platform.put("/v1/rooms/live-room", room("live-room", "Live, renamed", "earbuds-201")).status());
            assertEquals("Live, renamed", operator.get("/v1/rooms/live-room").json().path("title").asText());

            assertEquals(200, platform.delete("/v1/rooms/live-room").status());
            assertEquals(true, operator.get("/v1/rooms/live-room").json().path("retired").asBoolean());
            assertEquals(202, viewer.post("/v1/rooms/live-room/messages", "{\"messageId\":\"m2\",\"userId\":\"u1\",\"text\":\"hello?\"}").status());
            JsonNode retired = viewer.awaitOutcome("live-room", "m2", Duration.ofSeconds(30));
            assertEquals("dropped", retired.path("status").asText(), retired.toString());
            assertEquals("room_retired", retired.path("reason").asText(), retired.toString());
            assertEquals(404, platform.delete("/v1/rooms/never-was").status());
        }
    }
}
