package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.KafkaConfig;
import io.liveharness.config.KafkaConfig.ClusterConfig;
import io.liveharness.config.KafkaConfig.Topics;
import io.liveharness.config.NodeConfig;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/** Nodes of one Kafka cluster for tests: the committed conf, Kafka on, topics and group of the test's own. */
final class KafkaTestNodes {
    static final int PARTITIONS = 6;
    /** The test cluster's secret: every node of one test cluster shares it. */
    static final String SECRET = "test-cluster-secret-0123456789abcdef";
    /** The committed rooms plus these, so that two nodes each get some. */
    static final List<RoomManifest> EXTRA_ROOMS = IntStream.range(0, 5).mapToObj(i -> new RoomManifest("k-room-" + i,
            "Kafka room " + i, "You are the host of this room. Short answers.", "en", List.of("earbuds-201"), "earbuds-201",
            null, null)).toList();

    final KafkaBroker broker;
    final String prefix;
    final List<Integer> hazelcastPorts;

    /** A cluster of up to {@code nodes} nodes on {@code broker}, its topics named after {@code prefix}. */
    KafkaTestNodes(KafkaBroker broker, String prefix, int nodes) {
        this.broker = broker;
        this.prefix = prefix;
        this.hazelcastPorts = IntStream.range(0, nodes).map(i -> freePort()).boxed().toList();
    }

    KafkaConfig kafka(String nodeId, int index) {
        List<String> members = hazelcastPorts.stream().map(p -> "127.0.0.1:" + p).toList();
        return new KafkaConfig(true, broker.bootstrapServers(), prefix + "-group", nodeId, topics(), PARTITIONS, 1, null,
                100L, 10_000L, Map.of(), Map.of(), new ClusterConfig("127.0.0.1", hazelcastPorts.get(index), members, 0, SECRET));
    }

    Topics topics() {
        return new Topics(prefix + "-viewer-messages", prefix + "-avatar-replies", prefix + "-message-outcomes", prefix + "-room-state");
    }

    Node start(String nodeId, int index) {
        NodeConfig c = TestNodes.config().withKafka(kafka(nodeId, index));
        return Node.boot(c, EXTRA_ROOMS);
    }

    static List<String> allRooms() {
        List<String> rooms = new ArrayList<>(List.of("dress-room", "snack-room", "tech-room"));
        EXTRA_ROOMS.forEach(m -> rooms.add(m.id()));
        return rooms;
    }

    /** Writes a record to viewer-messages as any producer would. */
    static void produce(KafkaProducer<String, byte[]> producer, String topic, String key, String value) {
        produce(producer, topic, key, value.getBytes(StandardCharsets.UTF_8));
    }

    static void produce(KafkaProducer<String, byte[]> producer, String topic, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (Exception e) {
            throw new AssertionError("could not produce to " + topic + ": " + e, e);
        }
    }

    KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000),
                new StringSerializer(), new ByteArraySerializer());
    }

    static String message(String roomId, String id, String text) {
        return "{\"roomId\":\"" + roomId + "\",\"messageId\":\"" + id + "\",\"userId\":\"viewer-" + id + "\",\"text\":\"" + text
                + "\",\"acceptedAtMs\":" + System.currentTimeMillis() + "}";
    }

    /** Every record of {@code topic} from the beginning, read until {@code done} holds or the timeout. */
    List<ConsumerRecord<String, String>> readUntil(String topic, Duration timeout, Predicate<List<ConsumerRecord<String, String>>> done) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, prefix + "-reader-" + System.nanoTime());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> all = new ArrayList<>();
        long until = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            while (System.nanoTime() < until && !done.test(all)) {
                consumer.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }

    /** Message id of each record's JSON, in order. */
    static List<String> ids(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> json(r.value()).path("messageId").asText()).toList();
    }

    static JsonNode json(String s) {
        try {
            return Http.JSON.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, Long> counts(List<String> ids) {
        Map<String, Long> c = new HashMap<>();
        ids.forEach(id -> c.merge(id, 1L, Long::sum));
        return c;
    }

    /** The node each room lives on, as GET /v1/rooms on {@code node} tells it. */
    static Map<String, String> placement(Node node) {
        Map<String, String> where = new HashMap<>();
        for (JsonNode r : Http.operator(node.port()).get("/v1/rooms").json().path("rooms")) {
            where.put(r.path("roomId").asText(), r.path("node").isNull() ? null : r.path("node").asText());
        }
        return where;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
