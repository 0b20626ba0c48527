package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Publishing, pinning and hot reload through a running node, as an operator does it. */
class HarnessApiTest {
    private static final Duration OUTCOME = Duration.ofSeconds(60);

    private static ObjectNode publishBody(String marker, String channel) {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules " + marker + "\n{{prohibitions}}\n");
        if (channel != null) body.put("channel", channel);
        return body;
    }

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    private static String roomVersion(OpsNodes.Client http, String room) {
        return http.get("/v1/rooms/" + room).json().path("harness").path("version").asText();
    }

    @Test
    void aRoomPinnedToCanaryRunsItAndOthersStayOnStable() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            String stable = http.get("/v1/harness").json().path("channels").path("stable").asText();
            Http.Reply published = OpsNodes.Client.publisher(node.port()).post("/v1/harness", publishBody("canary", "canary").toString());
            assertEquals(201, published.status(), published.body());
            String canary = published.json().path("version").asText();
            assertNotEquals(stable, canary);

            Http.Reply pinned = put(http, "/v1/rooms/tech-room/harness", "{\"channel\":\"canary\"}");
            assertEquals(200, pinned.status(), pinned.body());
            http.post("/v1/rooms/tech-room/messages", message("c1", "is the power bank in stock?"));
            http.post("/v1/rooms/dress-room/messages", message("s1", "有M码吗"));
            assertEquals(canary, http.awaitOutcome("c1", OUTCOME).path("harnessVersion").asText());
            assertEquals(stable, http.awaitOutcome("s1", OUTCOME).path("harnessVersion").asText());

            JsonNode rooms = http.get("/v1/rooms").json().path("rooms");
            assertEquals(3, rooms.size());
            assertTrue(rooms.toString().contains("\"how\":\"channel canary\""), rooms.toString());
        }
    }

    @Test
    void aRefusedPublishListsEveryProblemAndTheRunningVersionKeepsServing() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            String stable = http.get("/v1/harness").json().path("channels").path("stable").asText();
            ObjectNode bad = publishBody("x", "stable");
            ((ObjectNode) bad.get("files")).put("prompts/room.md", "{{weather}}\n");
            ((ObjectNode) bad.get("files")).put("tools/broken.json", "{\"name\": ");
            Http.Reply refused = OpsNodes.Client.publisher(node.port()).post("/v1/harness", bad.toString());
            assertEquals(400, refused.status(), refused.body());
            assertEquals(2, refused.json().path("problems").size(), refused.body());
            assertTrue(refused.json().path("problems").toString().contains("prompts/room.md:1"), refused.body());
            assertEquals(stable, http.get("/v1/harness").json().path("channels").path("stable").asText());
            http.post("/v1/rooms/dress-room/messages", message("after-refusal", "有M码吗"));
            assertEquals(stable, http.awaitOutcome("after-refusal", OUTCOME).path("harnessVersion").asText());
            assertEquals(400, put(http, "/v1/rooms/dress-room/harness", "{\"version\":\"default-000000000000\"}").status());
            assertEquals(400, put(http, "/v1/rooms/dress-room/harness", "{}").status());
            assertEquals(404, put(http, "/v1/rooms/nope/harness", "{\"channel\":\"canary\"}").status());
        }
    }

    @Test
    void aPublishFromAnotherProcessReachesNewRequestsWithinOneSecondAndRunningOnesFinishOnTheirVersion() throws Exception {
        // "next" waits behind "inflight": on a loaded machine that can pass the 6 s staleness limit, which this test is not about
        NodeConfig config = TestNodes.patient(OpsNodes.config());
        try (Node node = TestNodes.start(config)) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            String before = roomVersion(http, "snack-room");
            http.post("/v1/rooms/snack-room/messages", message("inflight", "坚果礼盒保质期多久"));
            Thread.sleep(50); // the request has started: its prompt takes the test model a while to read

            // Another process: the CLI publishing into the node's store.
            HarnessRegistry cli = HarnessRegistry.open(Path.of(config.harness().stateDir()), Path.of("harness"), "default");
            var files = new java.util.TreeMap<>(HarnessFiles.fromDirectory(Path.of("harness/default")).files());
            files.put("prompts/rules.md", "## Rules (v2)\n{{prohibitions}}\n".getBytes(StandardCharsets.UTF_8));
            String after = cli.publish(new HarnessFiles("cli", files)).version();
            long published = System.nanoTime();
            cli.setChannel("stable", after);

            await("the node sees the publish within a second of it").atMost(Duration.ofSeconds(1).minusNanos(System.nanoTime() - published))
                    .pollInterval(Duration.ofMillis(10)).until(() -> roomVersion(http, "snack-room"), after::equals);
            http.post("/v1/rooms/snack-room/messages", message("next", "发什么快递"));
            assertEquals(before, http.awaitOutcome("inflight", OUTCOME).path("harnessVersion").asText(),
                    "a request already running finishes on the version it started with");
            JsonNode next = http.awaitOutcome("next", OUTCOME);
            assertEquals(after, next.path("harnessVersion").asText(), next.toString());
        }
    }

    @Test
    void aPinSetThroughTheApiSurvivesANodeRestart() {
        NodeConfig config = OpsNodes.config();
        String pinned;
        try (Node node = TestNodes.start(config)) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            pinned = http.get("/v1/harness").json().path("channels").path("stable").asText();
            assertEquals(200, put(http, "/v1/rooms/dress-room/harness", "{\"version\":\"" + pinned + "\"}").status());
            String v2 = OpsNodes.Client.publisher(node.port()).post("/v1/harness", publishBody("v2", "stable").toString()).json().path("version").asText();
            assertEquals(v2, roomVersion(http, "tech-room"));
            assertEquals(pinned, roomVersion(http, "dress-room"));
        }
        try (Node restarted = TestNodes.start(config)) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(restarted.port());
            assertEquals(pinned, roomVersion(http, "dress-room"), "pinned rooms never move, not even across a restart");
            assertEquals("pinned", http.get("/v1/rooms/dress-room").json().path("harness").path("how").asText());
            assertEquals(200, http.delete("/v1/rooms/dress-room/harness").status());
            assertNotEquals(pinned, roomVersion(http, "dress-room"));
        }
    }

    @Test
    void aNodeBootsBesideABadStoredVersionListsItAsQuarantinedAndRefusesANonCanonicalPath() throws Exception {
        NodeConfig config = OpsNodes.config();
        Path bad = Path.of(config.harness().stateDir(), "versions", "default-000000000000");
        java.nio.file.Files.createDirectories(bad);
        java.nio.file.Files.writeString(bad.resolve("harness.yaml"), "name: [unclosed\n");
        try (Node node = TestNodes.start(config)) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            JsonNode list = http.get("/v1/harness").json();
            assertEquals("default-000000000000", list.path("quarantined").path(0).path("version").asText(), list.toString());
            assertTrue(list.path("quarantined").path(0).path("reason").asText().contains("does not load"), list.toString());

            ObjectNode dotted = publishBody("dotted", null);
            ((ObjectNode) dotted.get("files")).put("./notes.md", "x\n");
            Http.Reply refused = OpsNodes.Client.publisher(node.port()).post("/v1/harness", dotted.toString());
            assertEquals(400, refused.status(), refused.body());
            assertTrue(refused.json().path("problems").toString().contains("path './notes.md' is not canonical"), refused.body());
            http.post("/v1/rooms/dress-room/messages", message("after-dotted", "有M码吗"));
            assertEquals(list.path("channels").path("stable").asText(),
                    http.awaitOutcome("after-dotted", OUTCOME).path("harnessVersion").asText(), "the stable version keeps serving");
        }
    }

    private static Http.Reply put(OpsNodes.Client http, String path, String body) { return http.put(path, body); }
}
