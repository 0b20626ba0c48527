package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.room.RoomSnapshot;
import io.liveharness.support.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.liveharness.kafka.KafkaTestNodes.counts;
import static io.liveharness.kafka.KafkaTestNodes.ids;
import static io.liveharness.kafka.KafkaTestNodes.json;
import static io.liveharness.kafka.KafkaTestNodes.message;
import static io.liveharness.kafka.KafkaTestNodes.placement;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two nodes in one consumer group share the rooms; operator commands sent to either reach the
 * room's node; when one stops, its rooms move to the other with their context, pins and drains,
 * and no message is lost or answered twice. Then the broker dies in the middle of a burst.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class KafkaFailoverTest {
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-failover-"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    @Test
    void whenANodeStopsItsRoomsMoveToTheOtherWithTheirContextAndNoMessageIsLostOrAnsweredTwice() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "failover", 2);
        List<String> rooms = KafkaTestNodes.allRooms();
        String topic = cluster.topics().viewerMessages();
        try (Node a = cluster.start("node-a", 0); var producer = cluster.producer()) {
            Node b = cluster.start("node-b", 1);
            boolean bClosed = false;
            try {
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                    Map<String, String> now = placement(a);
                    assertTrue(now.values().stream().filter(n -> n != null).count() == rooms.size()
                            && Set.copyOf(now.values()).equals(Set.of("node-a", "node-b")), "every room placed, on both nodes: " + now);
                });
                Map<String, String> before = placement(b);
                assertEquals(before, placement(a), "both nodes tell the same placement");
                List<String> onB = rooms.stream().filter(r -> before.get(r).equals("node-b")).toList();
                List<String> onA = rooms.stream().filter(r -> before.get(r).equals("node-a")).toList();

                List<String> sent = new ArrayList<>();
                for (String room : rooms) {
                    KafkaTestNodes.produce(producer, topic, room, message(room, "r1-" + room, "how long does the battery last?"));
                    sent.add("r1-" + room);
                }
                var first = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(90), got -> ids(got).containsAll(sent));
                for (var o : first) assertEquals("answered", json(o.value()).path("kind").asText(), "first round is answered: " + o.value());

                // HTTP on node A for a room of node B: the message goes by Kafka to B, its outcome is readable on A.
                String pinned = onB.get(0);
                Http viewerA = new Http(a.port());
                var posted = viewerA.post("/v1/rooms/" + pinned + "/messages", "{\"messageId\":\"http-on-a\",\"userId\":\"u1\",\"text\":\"what colours are there?\"}");
                assertEquals(202, posted.status(), posted.body());
                sent.add("http-on-a");
                assertEquals(pinned, viewerA.awaitOutcome("http-on-a", Duration.ofSeconds(60)).path("roomId").asText());
                var pushed = Http.platform(a.port()).post("/v1/rooms/" + pinned + "/state", "{\"utterance\":\"New colours arrive on Friday!\"}");
                assertEquals(202, pushed.status(), "a state push to node A reaches the room on node B: " + pushed.body());

                // Operator commands sent to node A for a room of node B run on node B.
                Http operatorA = Http.operator(a.port());
                var pin = operatorA.put("/v1/rooms/" + pinned + "/harness", "{\"channel\":\"stable\"}");
                assertEquals(200, pin.status(), pin.body());
                assertEquals("node-b", pin.json().path("node").asText(), "the answer comes from the room's node: " + pin.body());
                assertTrue(b.harnesses().routing().pins().containsKey(pinned), "node B holds the pin");
                // node B wrote it to the control plane: node A has it too, so it holds wherever the room moves
                await().atMost(Duration.ofSeconds(10)).until(() -> a.harnesses().routing().pins().containsKey(pinned));
                String drained = onB.size() > 1 ? onB.get(1) : null;
                if (drained != null) {
                    var drain = operatorA.post("/v1/rooms/" + drained + "/drain", "{\"reason\":\"restocking\"}");
                    assertEquals(200, drain.status(), drain.body());
                    assertTrue(Http.operator(b.port()).get("/v1/rooms/" + drained).json().path("draining").asBoolean(), "node B drains it");
                }
                assertEquals(404, operatorA.put("/v1/rooms/nope/harness", "{\"channel\":\"stable\"}").status());

                // A burst, and node B stops in the middle of it.
                for (String room : rooms) {
                    for (String k : List.of("a", "b")) {
                        KafkaTestNodes.produce(producer, topic, room, message(room, "r2" + k + "-" + room, "question " + k + " about the warranty of " + room));
                        sent.add("r2" + k + "-" + room);
                    }
                }
                b.close();
                bClosed = true;
                for (String room : rooms) {
                    KafkaTestNodes.produce(producer, topic, room, message(room, "r3-" + room, "and is it in stock?"));
                    sent.add("r3-" + room);
                }

                var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(120), got -> ids(got).containsAll(sent));
                Map<String, Long> perId = counts(ids(outcomes));
                for (String id : sent) assertEquals(1L, perId.get(id), "exactly one outcome for " + id + ": " + perId);
                assertEquals(sent.size(), outcomes.size(), "no other outcomes: " + perId);
                List<String> answered = new ArrayList<>();
                Map<String, JsonNode> byId = new HashMap<>();
                for (var o : outcomes) {
                    JsonNode j = json(o.value());
                    byId.put(j.path("messageId").asText(), j);
                    if (j.path("kind").asText().equals("answered")) answered.add(j.path("messageId").asText());
                }
                var replies = cluster.readUntil(cluster.topics().avatarReplies(), Duration.ofSeconds(30), got -> ids(got).containsAll(answered));
                assertEquals(answered.size(), replies.size(), "one reply per answered message, none twice: " + counts(ids(replies)));
                assertEquals(Set.copyOf(answered), Set.copyOf(ids(replies)));

                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                    Map<String, String> now = placement(a);
                    assertTrue(now.values().stream().allMatch("node-a"::equals), "every room on node A: " + now);
                });
                for (String room : onB) {
                    RoomSnapshot s = a.rooms().snapshot(room).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                    List<String> turns = s.turns().stream().map(RoomSnapshot.Turn::messageId).toList();
                    assertTrue(turns.contains("r1-" + room), "room " + room + " continues on node A with its context from node B: " + turns);
                }
                assertTrue(a.harnesses().routing().pins().containsKey(pinned), "the pin moved with the room");
                RoomSnapshot moved = a.rooms().snapshot(pinned).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                assertTrue(moved.utterances().stream().anyMatch(u -> u.text().equals("New colours arrive on Friday!")),
                        "the streamer's words pushed through node A to node B came along to node A: " + moved.utterances());
                if (drained != null) {
                    assertEquals(KafkaIngress.DRAINING, byId.get("r3-" + drained).path("reason").asText(), "the drain moved with the room");
                    assertTrue(Http.operator(a.port()).get("/v1/rooms/" + drained).json().path("draining").asBoolean());
                }
                assertFalse(onA.isEmpty(), "node A had rooms of its own");
            } finally {
                if (!bClosed) b.close();
            }
        }
    }

    @Test
    void theBrokerRestartedInTheMiddleOfABurstStillGivesEveryMessageOneOutcome() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "restart", 1);
        List<String> rooms = KafkaTestNodes.allRooms();
        String topic = cluster.topics().viewerMessages();
        try (Node a = cluster.start("node-a", 0); var producer = cluster.producer()) {
            await("node A hosts every room").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> a.kafka().ownedRooms().size() == rooms.size());
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                String room = rooms.get(i % rooms.size());
                if (i == 12) {
                    broker.kill();
                    Thread.sleep(1_000); // the broker stays down a while: an outage, not a blip
                    broker.restart();
                }
                KafkaTestNodes.produce(producer, topic, room, message(room, "burst-" + i, "is number " + i + " in stock?"));
                sent.add("burst-" + i);
            }
            var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(120), got -> ids(got).containsAll(sent));
            Map<String, Long> perId = counts(ids(outcomes));
            for (String id : sent) assertEquals(1L, perId.get(id), "exactly one outcome for " + id + ": " + perId);
            assertEquals(sent.size(), outcomes.size(), "no other outcomes: " + perId);
            List<String> answered = outcomes.stream().map(o -> json(o.value())).filter(j -> j.path("kind").asText().equals("answered"))
                    .map(j -> j.path("messageId").asText()).toList();
            var replies = cluster.readUntil(cluster.topics().avatarReplies(), Duration.ofSeconds(30), got -> ids(got).containsAll(answered));
            assertEquals(answered.size(), replies.size(), "no reply twice: " + counts(ids(replies)));
        }
    }
}
