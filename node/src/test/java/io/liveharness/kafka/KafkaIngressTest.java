package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.liveharness.kafka.KafkaTestNodes.counts;
import static io.liveharness.kafka.KafkaTestNodes.ids;
import static io.liveharness.kafka.KafkaTestNodes.json;
import static io.liveharness.kafka.KafkaTestNodes.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One node on a real broker: viewer messages in from Kafka and HTTP, replies and one outcome each out. */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class KafkaIngressTest {
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-ingress-"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    @Test
    void messagesFromKafkaAndHttpGetARepliesAndExactlyOneOutcomeEach() {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "in", 1);
        try (Node node = cluster.start("node-a", 0); var producer = cluster.producer()) {
            List<String> sent = new ArrayList<>();
            for (String room : KafkaTestNodes.allRooms()) {
                String id = "kin-" + room;
                KafkaTestNodes.produce(producer, cluster.topics().viewerMessages(), room, message(room, id, "do you have this in stock?"));
                sent.add(id);
            }
            Http viewer = new Http(node.port());
            for (int i = 0; i < 3; i++) {
                var posted = viewer.post("/v1/rooms/tech-room/messages", "{\"messageId\":\"http-" + i + "\",\"userId\":\"u" + i
                        + "\",\"text\":\"question number " + i + " about the earbuds battery\"}");
                assertEquals(202, posted.status(), posted.body());
                sent.add("http-" + i);
            }

            var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(90),
                    got -> ids(got).containsAll(sent));
            Map<String, Long> perId = counts(ids(outcomes));
            for (String id : sent) assertEquals(1L, perId.get(id), "one outcome for " + id + ": " + perId);
            assertEquals(sent.size(), outcomes.size(), "nothing but these outcomes: " + ids(outcomes));
            for (ConsumerRecord<String, String> o : outcomes) {
                assertEquals(json(o.value()).path("roomId").asText(), o.key(), "outcomes are keyed by room");
            }

            List<String> answered = outcomes.stream().filter(o -> json(o.value()).path("kind").asText().equals("answered"))
                    .map(o -> json(o.value()).path("messageId").asText()).toList();
            assertTrue(!answered.isEmpty(), "some messages are answered: " + ids(outcomes));
            var replies = cluster.readUntil(cluster.topics().avatarReplies(), Duration.ofSeconds(30),
                    got -> ids(got).containsAll(answered));
            assertEquals(Set.copyOf(answered), Set.copyOf(ids(replies)), "a reply for each answered message, no other");
            assertEquals(answered.size(), replies.size(), "and one only");
            for (var r : replies) assertTrue(!json(r.value()).path("text").asText().isBlank(), "a reply says something");

            JsonNode viaHttp = viewer.awaitOutcome("http-0", Duration.ofSeconds(30));
            assertEquals("http-0", viaHttp.path("messageId").asText());
            JsonNode viaKafka = viewer.awaitOutcome(KafkaTestNodes.allRooms().get(0), sent.get(0), Duration.ofSeconds(30));
            assertEquals(sent.get(0), viaKafka.path("messageId").asText(), "outcomes of messages that came by Kafka are readable too");
            assertEquals(409, viewer.post("/v1/rooms/tech-room/messages", "{\"messageId\":\"http-0\",\"userId\":\"u\",\"text\":\"again\"}").status());
        }
    }

    @Test
    void messagesReadAgainFromOldOffsetsAreNotAnsweredTwiceAndTheRoomsKeepTheirContext() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "redeliver", 1);
        List<String> rooms = KafkaTestNodes.allRooms();
        String topic = cluster.topics().viewerMessages();
        List<String> first = new ArrayList<>();
        try (var producer = cluster.producer()) {
            try (Node node = cluster.start("node-a", 0)) {
                for (String room : rooms) {
                    KafkaTestNodes.produce(producer, topic, room, message(room, "once-" + room, "how long does the battery last?"));
                    first.add("once-" + room);
                }
                cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(90), got -> ids(got).containsAll(first));
            }
            // As after a crash before the commit: the group's offsets go back to the start of every partition.
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
                Map<TopicPartition, OffsetAndMetadata> zero = new java.util.HashMap<>();
                for (int p = 0; p < KafkaTestNodes.PARTITIONS; p++) zero.put(new TopicPartition(topic, p), new OffsetAndMetadata(0));
                admin.alterConsumerGroupOffsets(cluster.prefix + "-group", zero).all().get(30, TimeUnit.SECONDS);
            }
            List<String> all = new ArrayList<>(first);
            try (Node again = cluster.start("node-b", 0)) {
                for (String room : rooms) {
                    KafkaTestNodes.produce(producer, topic, room, message(room, "twice-" + room, "and the warranty?"));
                    all.add("twice-" + room);
                }
                var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(90), got -> ids(got).containsAll(all));
                Thread.sleep(1_000); // room for a wrong second outcome to show up
                outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(5), got -> false);
                Map<String, Long> perId = counts(ids(outcomes));
                for (String id : all) assertEquals(1L, perId.get(id), "one outcome for " + id + " though it was read twice: " + perId);
                var replies = cluster.readUntil(cluster.topics().avatarReplies(), Duration.ofSeconds(5), got -> false);
                for (var e : counts(ids(replies)).entrySet()) assertEquals(1L, e.getValue(), "one reply for " + e.getKey());
                for (String room : rooms) {
                    var turns = again.rooms().snapshot(room).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
                            .turns().stream().map(io.liveharness.room.RoomSnapshot.Turn::messageId).toList();
                    assertTrue(turns.contains("once-" + room), room + " has its earlier turn back from the changelog: " + turns);
                }
            }
        }
    }

    @Test
    void aPoisonMessageFailsWithAReasonAndItsPartitionGoesOn() {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "poison", 1);
        try (Node node = cluster.start("node-a", 0); var producer = cluster.producer()) {
            String topic = cluster.topics().viewerMessages();
            KafkaTestNodes.produce(producer, topic, "tech-room", "this is { not json");
            KafkaTestNodes.produce(producer, topic, "no-such-room", message("no-such-room", "p-unknown", "hello?"));
            KafkaTestNodes.produce(producer, topic, "tech-room", message("tech-room", "p-huge", "x".repeat(20_000)));
            KafkaTestNodes.produce(producer, topic, "tech-room", message("tech-room", "p-long", "y".repeat(600)));
            KafkaTestNodes.produce(producer, topic, "tech-room", "{\"messageId\":\"p-nouser\",\"text\":\"hi\"}");
            KafkaTestNodes.produce(producer, topic, "tech-room", message("tech-room", "p-good", "how long does the battery last?"));

            var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(90), got -> got.size() >= 6);
            assertEquals(6, outcomes.size(), "one outcome per record: " + ids(outcomes));
            Map<String, JsonNode> byId = new java.util.HashMap<>();
            for (var o : outcomes) byId.put(json(o.value()).path("messageId").asText(), json(o.value()));

            // Records with no usable id get one from where they are: kafka-<partition>-<offset>.
            JsonNode notJson = byId.values().stream().filter(o -> o.path("messageId").asText().startsWith("kafka-")
                    && o.path("reason").asText().equals(KafkaIngress.BAD_MESSAGE)).findFirst()
                    .orElseThrow(() -> new AssertionError("the record that is not JSON gets an outcome under its offset: " + byId.keySet()));
            assertEquals("failed", notJson.path("kind").asText());
            assertTrue(notJson.path("detail").asText().contains("JSON"), notJson.toString());
            JsonNode huge = byId.values().stream().filter(o -> o.path("reason").asText().equals(KafkaIngress.TOO_LARGE)).findFirst()
                    .orElseThrow(() -> new AssertionError("the oversized record fails as too large: " + byId.values()));
            assertEquals("failed", huge.path("kind").asText());
            assertTrue(huge.path("detail").asText().contains("limit is 16384"), huge.toString());
            assertEquals("failed", byId.get("p-unknown").path("kind").asText());
            assertEquals(KafkaIngress.UNKNOWN_ROOM, byId.get("p-unknown").path("reason").asText());
            assertEquals(KafkaIngress.BAD_MESSAGE, byId.get("p-long").path("reason").asText());
            assertTrue(byId.get("p-long").path("detail").asText().contains("limit is 500"), byId.get("p-long").toString());
            assertEquals(KafkaIngress.BAD_MESSAGE, byId.get("p-nouser").path("reason").asText());
            assertTrue(byId.get("p-nouser").path("detail").asText().contains("userId"), byId.get("p-nouser").toString());
            assertTrue(Set.of("answered", "merged").contains(byId.get("p-good").path("kind").asText()),
                    "the message after the poison ones is answered: " + byId.get("p-good"));
            assertTrue(node.health().path("kafka").path("rooms").toString().contains("tech-room"), node.health().toString());
        }
    }
}
