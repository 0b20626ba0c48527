package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;
import io.liveharness.config.NodeConfig;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.room.RoomSnapshot;
import io.liveharness.support.TestNodes;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
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
import java.util.concurrent.TimeUnit;

import static io.liveharness.kafka.KafkaTestNodes.counts;
import static io.liveharness.kafka.KafkaTestNodes.ids;
import static io.liveharness.kafka.KafkaTestNodes.message;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A redelivered message is never answered twice, however many messages its room finished since
 * (the room's state keeps the offset up to which all its messages are done, not only recent ids),
 * a stale owner's late state record does not undo the newer owner's, the messages an owner
 * killed between a room's state and its outcomes had finished are answered by the next, and a room
 * let go while its outcomes are still being sent is not answered again by the next owner.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class KafkaFencingTest {
    private static final String ROOM = "tech-room";
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-fencing-"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    /** As the test cluster's, but a room's state keeps only {@code finishedIds} recent ids. */
    private static Node start(KafkaTestNodes cluster, String nodeId, int finishedIds) {
        return start(cluster, nodeId, finishedIds, null, Map.of());
    }

    /** As the test cluster's, with the given hand-off timeout (null: the test cluster's) and producer settings. */
    private static Node start(KafkaTestNodes cluster, String nodeId, int finishedIds, Long handoffTimeoutMs, Map<String, String> producer) {
        KafkaConfig k = cluster.kafka(nodeId, 0);
        k = new KafkaConfig(true, k.bootstrapServers(), k.groupId(), k.nodeId(), k.topics(), k.partitions(), k.replicationFactor(),
                finishedIds, k.commitIntervalMs(), handoffTimeoutMs == null ? k.handoffTimeoutMs() : handoffTimeoutMs, k.consumer(),
                producer, k.cluster());
        NodeConfig c = TestNodes.config().withKafka(k);
        Node node = Node.boot(c, KafkaTestNodes.EXTRA_ROOMS);
        await(nodeId + " hosts " + ROOM).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> node.kafka().ownedRooms().contains(ROOM));
        return node;
    }

    /** As after a crash before the commit: the group's offsets go back to the start of every partition. */
    private static void rewind(KafkaTestNodes cluster) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            Map<TopicPartition, OffsetAndMetadata> zero = new HashMap<>();
            for (int p = 0; p < KafkaTestNodes.PARTITIONS; p++) {
                zero.put(new TopicPartition(cluster.topics().viewerMessages(), p), new OffsetAndMetadata(0));
            }
            admin.alterConsumerGroupOffsets(cluster.prefix + "-group", zero).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static void assertOnceEach(KafkaTestNodes cluster, List<String> sent) throws Exception {
        cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(120), got -> ids(got).containsAll(sent));
        Thread.sleep(2_000); // room for a wrong second outcome to show up
        var outcomes = cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(5), got -> false);
        Map<String, Long> perId = counts(ids(outcomes));
        for (String id : sent) assertEquals(1L, perId.get(id), "one outcome for " + id + " though it was read twice: " + perId);
        var replies = cluster.readUntil(cluster.topics().avatarReplies(), Duration.ofSeconds(5), got -> false);
        for (var e : counts(ids(replies)).entrySet()) assertEquals(1L, e.getValue(), "one reply for " + e.getKey());
    }

    @Test
    void aRedeliveryAfterMoreFinishedMessagesThanTheIdCapIsNotAnsweredTwice() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "cap", 1);
        String topic = cluster.topics().viewerMessages();
        List<String> sent = new ArrayList<>();
        try (var producer = cluster.producer()) {
            try (Node a = start(cluster, "node-a", 2)) {
                for (int i = 0; i < 6; i++) {
                    KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "cap-" + i, "question " + i + " about the battery"));
                    sent.add("cap-" + i);
                    // One at a time, so the room finishes more messages than its state keeps ids of.
                    cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(60), got -> ids(got).containsAll(sent));
                }
            }
            rewind(cluster);
            try (Node b = start(cluster, "node-b", 2)) {
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "cap-after", "and the warranty?"));
                sent.add("cap-after");
                assertOnceEach(cluster, sent);
            }
        }
    }

    @Test
    void aStaleOwnersLateStateRecordDoesNotUndoTheNewerOwners() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "stale", 1);
        String topic = cluster.topics().viewerMessages();
        List<String> sent = new ArrayList<>();
        try (var producer = cluster.producer()) {
            try (Node a = start(cluster, "node-a", 512)) {
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "stale-1", "how long does the battery last?"));
                sent.add("stale-1");
                cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(60), got -> ids(got).containsAll(sent));
            }
            // An owner from before node A (epoch 0) whose retried flush lands only now: it knows no finished message.
            String stale = "{\"roomId\":\"" + ROOM + "\",\"owner\":\"node-old\",\"ownerClusterId\":null,\"released\":true,"
                    + "\"snapshot\":null,\"finished\":[],\"pin\":null,\"drainReason\":null,\"epoch\":0,\"atMs\":" + System.currentTimeMillis() + "}";
            KafkaTestNodes.produce(producer, cluster.topics().roomState(), ROOM, stale);
            rewind(cluster);
            try (Node b = start(cluster, "node-b", 512)) {
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "stale-2", "and the warranty?"));
                sent.add("stale-2");
                assertOnceEach(cluster, sent);
                RoomSnapshot s = b.rooms().snapshot(ROOM).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                List<String> turns = s.turns().stream().map(RoomSnapshot.Turn::messageId).toList();
                assertTrue(turns.contains("stale-1"), "the room keeps node A's context, not the stale owner's: " + turns);
            }
        }
    }

    @Test
    void messagesAKilledOwnerFinishedButSentNoOutcomeForAreAnsweredByTheNext() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "killed", 1);
        String topic = cluster.topics().viewerMessages();
        List<String> sent = new ArrayList<>();
        try (var producer = cluster.producer()) {
            try (Node a = start(cluster, "node-a", 512)) {
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "killed-1", "how long does the battery last?"));
                sent.add("killed-1");
                cluster.readUntil(cluster.topics().messageOutcomes(), Duration.ofSeconds(60), got -> ids(got).containsAll(sent));
            }
            var second = producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(topic, ROOM,
                    message(ROOM, "killed-2", "and the warranty?").getBytes(java.nio.charset.StandardCharsets.UTF_8))).get();
            sent.add("killed-2");
            // An owner after node A that finished both, wrote its state and was killed before killed-2's outcome went out.
            String killed = "{\"roomId\":\"" + ROOM + "\",\"owner\":\"node-gone\",\"ownerClusterId\":\"gone-0000\",\"released\":false,"
                    + "\"snapshot\":null,\"finished\":[\"killed-1\",\"killed-2\"],\"sending\":[\"killed-2\"],\"pin\":null,"
                    + "\"drainReason\":null,\"epoch\":7,\"partition\":" + second.partition() + ",\"doneThrough\":" + second.offset()
                    + ",\"doneThroughBefore\":" + (second.offset() - 1) + ",\"atMs\":" + System.currentTimeMillis() + "}";
            KafkaTestNodes.produce(producer, cluster.topics().roomState(), ROOM, killed);
            rewind(cluster);
            try (Node b = start(cluster, "node-b", 512)) {
                assertOnceEach(cluster, sent);
            }
        }
    }

    @Test
    void aRoomLetGoWhileItsOutcomesAreOnTheirWayIsNotAnsweredAgainByTheNextOwner() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "letgo", 1);
        String topic = cluster.topics().viewerMessages();
        List<String> sent = new ArrayList<>();
        try (var producer = cluster.producer()) {
            // Node A's outcomes take 3 s to go out, past the 0.5 s it waits for its rooms to go idle when it stops.
            try (Node a = start(cluster, "node-a", 512, 1_000L, Map.of("interceptor.classes", SlowOutcomes.class.getName()))) {
                SlowOutcomes.arm(3_000);
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "letgo-1", "how long does the battery last?"));
                sent.add("letgo-1");
                assertTrue(SlowOutcomes.holding.await(60, TimeUnit.SECONDS), "node A answered and is sending the outcome");
            } finally {
                SlowOutcomes.disarm();
            }
            try (Node b = start(cluster, "node-b", 512)) {
                KafkaTestNodes.produce(producer, topic, ROOM, message(ROOM, "letgo-2", "and the warranty?"));
                sent.add("letgo-2");
                assertOnceEach(cluster, sent);
            }
        }
    }
}
