package io.liveharness.chaos;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.kafka.broker.KafkaBroker;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real Kafka-mode cluster for fault runs: the embedded broker ({@link KafkaBroker}) and nodes as
 * child JVMs, each with a conf file and a harness store of its own (what they share, they share
 * through the control plane), the committed rooms plus a few more, and random tokens and cluster
 * secret made for this run (given to the nodes in their environment, never written into a conf file).
 */
public final class ChaosCluster implements AutoCloseable {
    public static final int PARTITIONS = 6;
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final List<String> COMMITTED_ROOMS = List.of("dress-room", "snack-room", "tech-room");

    private final Path dir;
    private final KafkaBroker broker;
    private final String prefix;
    private final List<String> rooms = new ArrayList<>();
    private final List<NodeProcess> nodes = new ArrayList<>();
    private final Path harnessStore;
    private final String operatorToken = token();
    private final String platformToken = token();
    private final String publisherToken = token();
    // Ctrl-C on a run must not leave node JVMs behind (the broker has a reaper of its own).
    private final Thread reaper = new Thread(() -> nodes.forEach(NodeProcess::kill), "chaos-node-reaper");

    /**
     * Formats and starts a broker under {@code dir}/broker and writes the conf of {@code nodeCount}
     * nodes (not started). {@code extraRooms} rooms are added to the three committed ones.
     */
    public ChaosCluster(Path dir, int nodeCount, int extraRooms, long staleAfterMs, long replyDeadlineMs) throws IOException {
        this.dir = dir.toAbsolutePath();
        Files.createDirectories(this.dir);
        this.prefix = "chaos-" + Long.toString(System.currentTimeMillis(), 36);
        this.harnessStore = this.dir.resolve("node-a").resolve("harness-store");
        Path roomsDir = this.dir.resolve("rooms");
        Files.createDirectories(roomsDir);
        for (String r : COMMITTED_ROOMS) {
            Files.copy(Path.of("rooms", r + ".yaml"), roomsDir.resolve(r + ".yaml"));
            rooms.add(r);
        }
        for (int i = 0; i < extraRooms; i++) {
            String id = "chaos-room-" + i;
            Files.writeString(roomsDir.resolve(id + ".yaml"), String.join("\n", "id: " + id, "title: Chaos room " + i,
                    "persona: You are the host of this room. Short answers.", "language: en", "products: [earbuds-201]",
                    "onStage: earbuds-201", ""));
            rooms.add(id);
        }
        this.broker = KafkaBroker.start(this.dir.resolve("broker"));
        Runtime.getRuntime().addShutdownHook(reaper);
        List<Integer> hazelcast = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) hazelcast.add(freePort());
        String members = String.join(", ", hazelcast.stream().map(p -> "127.0.0.1:" + p).toList());
        Map<String, String> env = Map.of("LIVEHARNESS_CLUSTER_SECRET", token(), "LIVEHARNESS_OPERATOR_TOKEN", operatorToken,
                "LIVEHARNESS_PLATFORM_TOKEN", platformToken, "LIVEHARNESS_PUBLISHER_TOKEN", publisherToken);
        for (int i = 0; i < nodeCount; i++) {
            String nodeId = "node-" + (char) ('a' + i);
            int port = freePort();
            Path nodeDir = this.dir.resolve(nodeId);
            Files.createDirectories(nodeDir);
            String conf = String.join("\n",
                    "# written by the fault run (io.liveharness.chaos); tokens and the cluster secret come from the environment",
                    "http: {host: 127.0.0.1, port: " + port + "}",
                    "rooms: {dir: " + roomsDir + ", staleAfterMs: " + staleAfterMs + ", replyDeadlineMs: " + replyDeadlineMs + "}",
                    "harness: {dir: harness, stateDir: " + nodeDir.resolve("harness-store") + ", defaultVersion: default, refreshMs: 250}",
                    "ops: {tokenFile: " + nodeDir.resolve("operator-token") + ", publisherTokenFile: " + nodeDir.resolve("publisher-token")
                            + ", faults: true}", // POST /v1/faults/engine-crash, for this run only
                    "platform: {tokenFile: " + nodeDir.resolve("platform-token") + "}",
                    "kafka:",
                    "  enabled: true",
                    "  bootstrapServers: " + broker.bootstrapServers(),
                    "  groupId: " + prefix + "-group",
                    "  nodeId: " + nodeId,
                    "  topics: {viewerMessages: " + topic("viewer-messages") + ", avatarReplies: " + topic("avatar-replies")
                            + ", messageOutcomes: " + topic("message-outcomes") + ", roomState: " + topic("room-state")
                            + ", controlPlane: " + topic("control-plane") + "}",
                    "  partitions: " + PARTITIONS,
                    // long on purpose: a kill then leaves messages answered but not committed, which the
                    // next owner reads again and must recognise (RoomState) rather than answer twice
                    "  commitIntervalMs: 2000",
                    "  handoffTimeoutMs: 10000",
                    // a killed node's partitions move after this, not after the client's 45 s default
                    "  consumer: {session.timeout.ms: \"6000\", heartbeat.interval.ms: \"1000\"}",
                    "  cluster: {host: 127.0.0.1, port: " + hazelcast.get(i) + ", members: [" + members + "], eventBusPort: 0}",
                    "");
            Path confFile = nodeDir.resolve("node.yaml");
            Files.writeString(confFile, conf);
            nodes.add(new NodeProcess(nodeId, port, confFile, nodeDir.resolve("node.log"), env, operatorToken));
        }
    }

    public KafkaBroker broker() { return broker; }

    public Path dir() { return dir; }

    /** node-a's harness store (each node has its own). */
    public Path harnessStore() { return harnessStore; }

    /** The platform's token for this run's nodes (creates, updates, retires rooms). */
    public String platformToken() { return platformToken; }

    /** The publisher's token for this run's nodes (publishes harness versions). */
    public String publisherToken() { return publisherToken; }

    public List<String> rooms() { return List.copyOf(rooms); }

    public List<NodeProcess> nodes() { return List.copyOf(nodes); }

    public NodeProcess node(int i) { return nodes.get(i); }

    public String topic(String name) { return prefix + "-" + name; }

    /** Starts every node at once and waits for each to answer /health. */
    public void startAll(Duration timeout) throws IOException {
        for (NodeProcess n : nodes) n.start();
        for (NodeProcess n : nodes) n.awaitHealthy(timeout);
    }

    /**
     * Where each room lives, as GET /v1/rooms on a live node tells it (null: no owner right now);
     * empty when no live node answered.
     */
    public Map<String, String> placement() {
        for (NodeProcess n : nodes) {
            if (!n.alive()) continue;
            NodeProcess.Answer a = n.operatorGet("/v1/rooms");
            if (a.status() != 200) continue;
            Map<String, String> where = new HashMap<>();
            for (JsonNode r : a.json().path("rooms")) {
                where.put(r.path("roomId").asText(), r.path("node").isNull() ? null : r.path("node").asText());
            }
            return where;
        }
        return Map.of();
    }

    /** Waits until every room has an owner among the live nodes, each live node hosting some. */
    public Map<String, String> awaitPlacement(Duration timeout) { return awaitPlacement(timeout, true); }

    /** Waits until every room has an owner among the live nodes; {@code everyNode}: each live node hosting some too. */
    public Map<String, String> awaitPlacement(Duration timeout, boolean everyNode) {
        Set<String> live = new HashSet<>();
        for (NodeProcess n : nodes) if (n.alive()) live.add(n.nodeId());
        long until = System.nanoTime() + timeout.toNanos();
        Map<String, String> now = Map.of();
        while (System.nanoTime() < until) {
            Map<String, String> seen = placement();
            now = seen;
            if (seen.keySet().containsAll(rooms) && rooms.stream().allMatch(r -> seen.get(r) != null && live.contains(seen.get(r)))
                    && (!everyNode || rooms.size() < live.size() || Set.copyOf(seen.values()).containsAll(live))) {
                return seen;
            }
            NodeProcess.sleep(250);
        }
        throw new IllegalStateException("rooms not placed on the live nodes " + live + " within " + timeout.toSeconds() + " s: " + now);
    }

    /** An idempotent producer with acks=all, as the platform's ingest would use. */
    public KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000), new StringSerializer(), new ByteArraySerializer());
    }

    /** A viewer message as the Kafka ingress reads it. */
    public static byte[] message(String roomId, String messageId, String userId, String text) {
        return JSON.createObjectNode().put("roomId", roomId).put("messageId", messageId).put("userId", userId).put("text", text)
                .put("acceptedAtMs", System.currentTimeMillis()).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Starts reading the outcomes topic from its beginning, counting outcomes per message id, until closed. */
    public OutcomeCounter countOutcomes() { return new OutcomeCounter(broker.bootstrapServers(), topic("message-outcomes"), prefix); }

    @Override
    public void close() {
        for (NodeProcess n : nodes) n.kill();
        broker.close();
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it kills the nodes itself
        }
    }

    /**
     * Every outcome on the topic, by message id, read by a thread of its own. Each record counts
     * once, by its partition and offset: the counter's own group may hand it records again from its
     * last commit (after the broker restarts), and those are not outcomes given twice.
     */
    public static final class OutcomeCounter implements AutoCloseable {
        private final Map<String, List<String>> perId = new ConcurrentHashMap<>(); // id -> each outcome's kind/reason
        private final Map<String, Integer> perKind = new ConcurrentHashMap<>();
        private final Set<String> offsets = ConcurrentHashMap.newKeySet(); // partition/offset of every record counted
        private final AtomicLong records = new AtomicLong();
        private final AtomicLong readAgain = new AtomicLong();
        private final Thread reader;
        private volatile boolean closed;

        OutcomeCounter(String bootstrap, String topic, String prefix) {
            Map<String, Object> props = new HashMap<>();
            props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            props.put(ConsumerConfig.GROUP_ID_CONFIG, prefix + "-counter-" + System.nanoTime());
            props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            reader = Thread.ofPlatform().daemon().name("chaos-outcomes").start(() -> {
                try (KafkaConsumer<String, String> c = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
                    c.subscribe(List.of(topic));
                    while (!closed) {
                        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                            if (!offsets.add(r.partition() + "/" + r.offset())) {
                                readAgain.incrementAndGet();
                                continue;
                            }
                            records.incrementAndGet();
                            try {
                                JsonNode j = JSON.readTree(r.value());
                                String reason = j.path("reason").asText("");
                                String kind = j.path("kind").asText("?") + (reason.isEmpty() ? "" : "/" + reason);
                                perId.computeIfAbsent(j.path("messageId").asText(), id -> new CopyOnWriteArrayList<>()).add(kind);
                                perKind.merge(kind, 1, Integer::sum);
                            } catch (IOException e) {
                                perId.computeIfAbsent("<not json at offset " + r.partition() + "/" + r.offset() + ">", id -> new CopyOnWriteArrayList<>())
                                        .add("?");
                            }
                        }
                    }
                }
            });
        }

        /** The outcomes (kind/reason of each, in the order read) per message id so far. */
        public Map<String, List<String>> perId() {
            Map<String, List<String>> out = new HashMap<>();
            perId.forEach((id, kinds) -> out.put(id, List.copyOf(kinds)));
            return out;
        }

        /** Outcomes per kind and reason ({@code answered}, {@code dropped/stale}, ...) so far. */
        public Map<String, Integer> perKind() { return Map.copyOf(perKind); }

        public long records() { return records.get(); }

        /** Records the counter's consumer was handed a second time (and did not count again). */
        public long readAgain() { return readAgain.get(); }

        /** Waits until every id in {@code ids} has an outcome, or the timeout; true when all have. */
        public boolean awaitAll(Set<String> ids, Duration timeout) {
            long until = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < until) {
                if (perId.keySet().containsAll(ids)) return true;
                NodeProcess.sleep(200);
            }
            return perId.keySet().containsAll(ids);
        }

        @Override
        public void close() throws InterruptedException {
            closed = true;
            reader.join(10_000);
        }
    }

    private static String token() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
