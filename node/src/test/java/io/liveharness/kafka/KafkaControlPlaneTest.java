package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.router.Intent;
import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three nodes share one control plane on a real broker: a publish, a channel move, an experiment,
 * a pin and a new room made through one node serve on all three; a refused change reaches none;
 * a node started afterwards has everything when it reports caught up; a node cut off from the
 * control plane is not caught up, refuses changes, and catches up when it comes back.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class KafkaControlPlaneTest {
    private static final String PUBLISHER_TOKEN = "test-publisher-token-9876543210";
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-cplane-"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    /** A node over a scripted model: what is tested is where changes reach, not what a model says. */
    private static Node start(KafkaTestNodes cluster, String nodeId, int index) {
        NodeConfig c = TestNodes.config();
        c = c.withOps(new OpsConfig(TestNodes.OPERATOR_TOKEN, Path.of(c.harness().stateDir(), "operator-token").toString(), PUBLISHER_TOKEN, null))
                .withKafka(cluster.kafka(nodeId, index));
        var r = c.router();
        var router = TribuoIntentClassifier.load(new RouterOptions(Path.of(r.model()), r.minConfidence(), Intent.fromLabel(r.lowConfidenceIntent())));
        var model = new ScriptedBackend(call -> ScriptedBackend.pieces("The battery lasts about eight hours."));
        return Node.start(c, model, router, KafkaTestNodes.EXTRA_ROOMS, java.time.InstantSource.system());
    }

    private static String variant(String rules) {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", rules);
        return body.toString();
    }

    private static String room(String id) {
        return "{\"id\":\"" + id + "\",\"title\":\"Added at run time\",\"persona\":\"You are the host. Short answers.\","
                + "\"language\":\"en\",\"products\":[\"earbuds-201\"],\"onStage\":\"earbuds-201\"}";
    }

    /** Waits until {@code read} of every node's answer equals {@code expected}. */
    private static void onEveryNode(List<Node> nodes, String what, Function<Http, String> read, String expected) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            for (Node n : nodes) assertEquals(expected, read.apply(Http.operator(n.port())), what + " on " + n.kafka().placement().self());
        });
    }

    @Test
    void changesMadeThroughOneNodeServeOnAllThreeAndALaterNodeHasThemWhenCaughtUp() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "cplane", 4);
        List<Node> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) nodes.add(start(cluster, "node-" + (char) ('a' + i), i));
            for (Node n : nodes) assertTrue(n.controlPlane().caughtUp(), "caught up once started");
            Node a = nodes.get(0);
            Http operatorA = Http.operator(a.port());
            String stable = operatorA.get("/v1/harness").json().path("channels").path("stable").asText();

            // a publish on node A, with its channel
            var published = Http.bearer(a.port(), PUBLISHER_TOKEN).post("/v1/harness",
                    ((ObjectNode) Http.JSON.readTree(variant("## Rules (control plane)\n{{prohibitions}}\n"))).put("channel", "canary").toString());
            assertEquals(201, published.status(), published.body());
            String v2 = published.json().path("version").asText();
            onEveryNode(nodes, "canary after the publish", h -> h.get("/v1/harness").json().path("channels").path("canary").asText(), v2);

            // a channel move on node B
            assertEquals(200, Http.operator(nodes.get(1).port()).put("/v1/harness/channels/beta", "{\"version\":\"" + v2 + "\"}").status());
            onEveryNode(nodes, "beta", h -> h.get("/v1/harness").json().path("channels").path("beta").asText(), v2);

            // an experiment on node C: every node sends the same room to the same arm
            var started = Http.operator(nodes.get(2).port()).post("/v1/experiments",
                    "{\"name\":\"cp-exp\",\"channel\":\"stable\",\"control\":\"" + stable + "\",\"treatment\":\"" + v2 + "\",\"treatmentShare\":0.5}");
            assertEquals(201, started.status(), started.body());
            String arm = operatorA.get("/v1/rooms/k-room-1").json().path("harness").path("how").asText();
            assertTrue(arm.startsWith("experiment cp-exp"), arm);
            onEveryNode(nodes, "k-room-1's arm", h -> h.get("/v1/rooms/k-room-1").json().path("harness").path("how").asText(), arm);

            // a pin through node A
            assertEquals(200, operatorA.put("/v1/rooms/dress-room/harness", "{\"version\":\"" + v2 + "\"}").status());
            onEveryNode(nodes, "dress-room's version", h -> h.get("/v1/rooms/dress-room").json().path("harness").path("version").asText(), v2);

            // a new room, by the platform, through node B; a viewer message to it through node C is answered
            var created = Http.platform(nodes.get(1).port()).post("/v1/rooms", room("cp-room"));
            assertEquals(201, created.status(), created.body());
            onEveryNode(nodes, "cp-room", h -> String.valueOf(h.get("/v1/rooms/cp-room").status()), "200");
            Http viewerC = new Http(nodes.get(2).port());
            assertEquals(202, viewerC.post("/v1/rooms/cp-room/messages", "{\"messageId\":\"cp-1\",\"userId\":\"u1\",\"text\":\"how long does the battery last?\"}").status());
            assertEquals("answered", viewerC.awaitOutcome("cp-room", "cp-1", Duration.ofSeconds(60)).path("status").asText());

            // refused changes reach no node: an unknown version, a harness that does not load, a room with an unknown product
            assertEquals(400, operatorA.put("/v1/harness/channels/beta", "{\"version\":\"default-000000000000\"}").status());
            var broken = Http.bearer(a.port(), PUBLISHER_TOKEN).post("/v1/harness", variant("## Rules\n{{no_such_variable}}\n"));
            assertEquals(400, broken.status(), broken.body());
            var badRoom = Http.platform(a.port()).post("/v1/rooms", room("bad-room").replace("earbuds-201\"]", "no-such-product\"]"));
            assertEquals(400, badRoom.status(), badRoom.body());
            assertTrue(badRoom.body().contains("no-such-product"), badRoom.body());
            int versions = operatorA.get("/v1/harness").json().path("versions").size();
            for (Node n : nodes) {
                JsonNode h = Http.operator(n.port()).get("/v1/harness").json();
                assertEquals(v2, h.path("channels").path("beta").asText());
                assertEquals(versions, h.path("versions").size(), "no half-published version");
                assertEquals(404, Http.operator(n.port()).get("/v1/rooms/bad-room").status());
            }

            // a node started now has every change by the time it says it is caught up
            Node d = start(cluster, "node-d", 3);
            nodes.add(d);
            assertTrue(d.controlPlane().caughtUp());
            assertEquals(true, new Http(d.port()).get("/health").json().path("controlPlane").path("caughtUp").asBoolean());
            JsonNode expected = operatorA.get("/v1/harness").json();
            JsonNode late = Http.operator(d.port()).get("/v1/harness").json();
            for (String part : List.of("channels", "pins", "experiments")) assertEquals(expected.path(part), late.path(part), part + " on the late node");
            assertEquals(200, Http.operator(d.port()).get("/v1/rooms/cp-room").status());
            assertEquals(v2, Http.operator(d.port()).get("/v1/rooms/dress-room").json().path("harness").path("version").asText());

            // cut off, a node is not caught up and refuses changes; back, it catches up on what it missed
            KafkaControlPlane cut = (KafkaControlPlane) d.controlPlane();
            cut.cutOff(true);
            assertFalse(d.controlPlane().caughtUp());
            assertEquals(503, Http.operator(d.port()).put("/v1/harness/channels/gamma", "{\"version\":\"" + v2 + "\"}").status());
            assertEquals(200, operatorA.put("/v1/harness/channels/gamma", "{\"version\":\"" + v2 + "\"}").status());
            Thread.sleep(500);
            assertTrue(Http.operator(d.port()).get("/v1/harness").json().path("channels").path("gamma").isMissingNode(), "cut off, it does not hear");
            cut.cutOff(false);
            await().atMost(Duration.ofSeconds(20)).until(() -> d.controlPlane().caughtUp());
            assertEquals(v2, Http.operator(d.port()).get("/v1/harness").json().path("channels").path("gamma").asText());

            // a retired room: every node knows it, and a message for it ends with room_retired
            assertEquals(200, Http.platform(nodes.get(2).port()).delete("/v1/rooms/cp-room").status());
            onEveryNode(nodes, "cp-room retired", h -> h.get("/v1/rooms/cp-room").json().path("retired").asText(), "true");
            Http viewerA = new Http(a.port());
            assertEquals(202, viewerA.post("/v1/rooms/cp-room/messages", "{\"messageId\":\"cp-2\",\"userId\":\"u1\",\"text\":\"still there?\"}").status());
            JsonNode retired = viewerA.awaitOutcome("cp-room", "cp-2", Duration.ofSeconds(60));
            assertEquals("dropped", retired.path("status").asText(), retired.toString());
            assertEquals("room_retired", retired.path("reason").asText(), retired.toString());
        } finally {
            for (Node n : nodes.reversed()) n.close();
        }
    }
}
