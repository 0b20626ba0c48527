package io.liveharness.kafka;

import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.room.RoomRegistry;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.liveharness.kafka.KafkaTestNodes.placement;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster bus trusts only cluster members: a relayed command must carry the cluster's signature,
 * a header an HTTP client sets means nothing, and a room whose owner is unknown is never run here.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class KafkaRelayTest {
    private static KafkaBroker broker;
    private static Node a;
    private static Node b;
    private static List<String> onB;

    @BeforeAll
    static void start() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-relay-"));
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "relay", 2);
        a = cluster.start("node-a", 0);
        b = cluster.start("node-b", 1);
        List<String> rooms = KafkaTestNodes.allRooms();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
            Map<String, String> now = placement(a);
            assertTrue(now.values().stream().filter(n -> n != null).count() == rooms.size()
                    && Set.copyOf(now.values()).equals(Set.of("node-a", "node-b")), "every room placed, on both nodes: " + now);
        });
        Map<String, String> where = placement(a);
        onB = rooms.stream().filter(r -> "node-b".equals(where.get(r))).toList();
        assertTrue(onB.size() >= 2, "node B hosts at least two rooms: " + where);
    }

    @AfterAll
    static void stop() {
        if (b != null) b.close();
        if (a != null) a.close();
        if (broker != null) broker.close();
    }

    @Test
    void anHttpClientSettingTheRelayedHeaderGetsNoSpecialTreatment() throws Exception {
        String room = onB.get(0);
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + a.port() + "/v1/rooms/" + room + "/harness"))
                .header("content-type", "application/json").header("authorization", "Bearer " + TestNodes.OPERATOR_TOKEN)
                .header("x-liveharness-relayed", "1").PUT(HttpRequest.BodyPublishers.ofString("{\"channel\":\"stable\"}")).build();
        HttpResponse<String> pin;
        try (HttpClient client = HttpClient.newHttpClient()) {
            pin = client.send(request, HttpResponse.BodyHandlers.ofString());
        }
        assertEquals(200, pin.statusCode(), pin.body());
        assertEquals("node-b", KafkaTestNodes.json(pin.body()).path("node").asText(), "the command still runs on the room's node: " + pin.body());
        assertEquals("node-b", pin.headers().firstValue("x-liveharness-node").orElse(null), "node B ran it, not node A");
        // node B wrote the pin to the control plane, so every node has it
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                .until(() -> a.harnesses().routing().pins().containsKey(room) && b.harnesses().routing().pins().containsKey(room));
    }

    @Test
    void aRelayedCommandWithoutTheClusterSignatureIsRefused() {
        String room = onB.get(1);
        // What the old relay sent: the caller's operator token in plain text, no proof of where it came from.
        JsonObject forged = new JsonObject().put("method", "POST").put("uri", "/v1/rooms/" + room + "/drain")
                .put("authorization", "Bearer " + TestNodes.OPERATOR_TOKEN).put("body", "{\"reason\":\"forged\"}")
                .put("principal", "operator").put("signature", "00");
        var sent = a.vertx().eventBus().<JsonObject>request(ClusterPlacement.relayAddress("node-b"), forged,
                new DeliveryOptions().setSendTimeout(10_000)).toCompletionStage().toCompletableFuture();
        ExecutionException refused = assertThrows(ExecutionException.class, () -> sent.get(15, TimeUnit.SECONDS),
                "node B refuses an unsigned relay");
        assertTrue(String.valueOf(refused.getCause().getMessage()).contains("signature"), refused.getCause().toString());
        assertFalse(Http.operator(b.port()).get("/v1/rooms/" + room).json().path("draining").asBoolean(), "node B did not drain the room");
    }

    @Test
    void aRoomWhoseOwnerIsUnknownIsNeverDeployedHere() throws Exception {
        String room = onB.get(onB.size() - 1);
        var owners = a.vertx().sharedData().<String, String>getAsyncMap(ClusterPlacement.OWNERS)
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        owners.remove(room).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        try {
            var pushed = Http.platform(a.port()).post("/v1/rooms/" + room + "/state", "{\"utterance\":\"Flash sale now!\"}");
            assertEquals(503, pushed.status(), "no owner known: try again later, " + pushed.body());
            assertTrue(pushed.body().contains(room), pushed.body());
            var drain = Http.operator(a.port()).post("/v1/rooms/" + room + "/drain", "{\"reason\":\"x\"}");
            assertEquals(503, drain.status(), drain.body());
            RoomRegistry.State state = a.rooms().rooms().stream().filter(r -> r.roomId().equals(room)).findFirst().orElseThrow().state();
            assertNotEquals(RoomRegistry.State.ACTIVE, state, "node A did not deploy a second copy of " + room);
            assertNotEquals(RoomRegistry.State.ACTIVATING, state, "node A did not deploy a second copy of " + room);
            assertFalse(a.kafka().ownedRooms().contains(room));
        } finally {
            owners.put(room, "node-b").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
