package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a real broker, a node is not ready until the consumer group has given it its partitions and
 * it has taken their rooms over. Here another member of the group holds every partition and stops
 * polling, so the rebalance the node asks for cannot finish: the node is up and live, and not ready.
 * Once that member leaves, the node gets the partitions and is ready.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class KafkaReadinessTest {
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-ready-"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    @Test
    void aNodeIsNotReadyUntilItsPartitionsAreAssignedThenReady() throws Exception {
        KafkaTestNodes cluster = new KafkaTestNodes(broker, "ready", 1);
        KafkaTopics.ensure(cluster.kafka("node-a", 0));
        KafkaConsumer<String, byte[]> holder = holderOfEveryPartition(cluster);
        try (Node node = cluster.start("node-a", 0)) {
            Http probe = new Http(node.port());
            Thread.sleep(2_000); // time the node would need to join an idle group
            Http.Reply ready = probe.get("/health/ready");
            assertEquals(503, ready.status(), "no partitions yet, so not ready: " + ready.body());
            assertTrue(ready.json().path("checks").path("partitions").asText().contains("waiting for the consumer group"), ready.body());
            assertEquals(200, probe.get("/health/live").status(), "live all the same");

            holder.close(); // leaves the group: the rebalance finishes and the node gets every partition
            holder = null;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < until && (ready = probe.get("/health/ready")).status() != 200) Thread.sleep(100);
            assertEquals(200, ready.status(), "ready once its partitions are its own: " + ready.body());
            JsonNode checks = ready.json().path("checks");
            assertEquals("ok", checks.path("partitions").asText(), ready.body());
            assertEquals(KafkaTestNodes.allRooms().size(), node.kafka().ownedRooms().size(), "every room is hosted here when ready");
        } finally {
            if (holder != null) holder.close();
        }
    }

    /** A member of the nodes' group that takes every partition, then stops polling (and so never gives them up). */
    private static KafkaConsumer<String, byte[]> holderOfEveryPartition(KafkaTestNodes cluster) {
        KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, cluster.prefix + "-group",
                ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, "org.apache.kafka.clients.consumer.CooperativeStickyAssignor",
                ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 120_000,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer());
        c.subscribe(List.of(cluster.topics().viewerMessages()));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (c.assignment().size() < KafkaTestNodes.PARTITIONS && System.nanoTime() < until) c.poll(Duration.ofMillis(100));
        assertEquals(KafkaTestNodes.PARTITIONS, c.assignment().size(), "the holder has every partition");
        return c;
    }
}
