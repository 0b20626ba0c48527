package io.liveharness.bench.kafka;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.KafkaConfig;
import io.liveharness.config.KafkaConfig.ClusterConfig;
import io.liveharness.config.KafkaConfig.Topics;
import io.liveharness.config.NodeConfig;
import io.liveharness.kafka.KafkaTopics;
import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;
import io.liveharness.bench.rooms.SyntheticRooms;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.vertx.core.eventbus.MessageConsumer;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Messages per second through a node over Kafka, against the same node over HTTP and a plain
 * consumer-producer loop on the same broker, in one run. Over Kafka, once the consumer holds its
 * partitions, N viewer messages go to the input topic as fast as a producer sends them, and the
 * clock stops when the N-th outcome is on the output topic. The loop parses each message and
 * writes an outcome, committing after the broker has them: the ceiling Kafka alone allows. Over
 * HTTP, the same N messages are posted to the same rooms of a node with the same model, and the
 * clock stops when the room has published the N-th outcome. The node does everything a message
 * needs (room, router, harness, model; over Kafka the changelog too), so {@code kafka_vs_http}
 * says what carrying the rooms over Kafka costs a node with the same work to do.
 */
public final class KafkaBenchmark {
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);

    public record Result(int messages, int rooms, double loopSeconds, double httpSeconds, Map<String, Integer> httpKinds,
                         double nodeSeconds, Map<String, Integer> nodeKinds) {
        public double loopRate() { return messages / loopSeconds; }

        public double httpRate() { return messages / httpSeconds; }

        public double nodeRate() { return messages / nodeSeconds; }

        /** The node over Kafka against the plain loop: how much of Kafka's own rate one node keeps. */
        public double ratio() { return nodeRate() / loopRate(); }

        /** The node over Kafka against the same node over HTTP: what Kafka costs a node. */
        public double kafkaVsHttp() { return nodeRate() / httpRate(); }

        /** Of the node's outcomes, the answered ones per second (the rest were merged or dropped by the burst policy). */
        public double nodeAnsweredRate() {
            return nodeKinds.entrySet().stream().filter(e -> e.getKey().startsWith("answered:")).mapToInt(Map.Entry::getValue).sum() / nodeSeconds;
        }
    }

    private final NodeConfig base;
    private final int messages;
    private final int roomCount;
    private final PrintStream progress;

    public KafkaBenchmark(NodeConfig base, int messages, int rooms, PrintStream progress) {
        this.base = base;
        this.messages = messages;
        this.roomCount = rooms;
        this.progress = progress;
    }

    public Result run() throws Exception {
        Path dir = Files.createTempDirectory("liveharness-bench-kafka-");
        progress.println("starting a Kafka broker (KRaft, one node) in " + dir + " ...");
        try (KafkaBroker broker = KafkaBroker.start(dir)) {
            List<RoomManifest> rooms = SyntheticRooms.manifests(roomCount);
            List<String> ids = rooms.stream().map(RoomManifest::id).toList();
            progress.println("broker up at " + broker.bootstrapServers() + "; " + messages + " messages over " + roomCount + " rooms");

            KafkaConfig loopConf = kafka(broker, "loop");
            KafkaTopics.ensure(loopConf);
            double loop = plainLoop(loopConf, ids);
            progress.printf("plain consumer-producer loop: %d messages in %.2f s%n", messages, loop);

            Map<String, Integer> httpKinds = new TreeMap<>();
            double http;
            progress.println("starting a node without Kafka (rooms, router, model " + base.engine().model() + ") ...");
            NodeConfig plain = base.withKafka(KafkaConfig.disabled());
            try (Node n = Node.boot(plain.withHttp(plain.http().withoutAddressLimits()), rooms)) { // one address posts for every viewer
                measureHttp(n, ids, "http warm-up", ids.size(), new TreeMap<>());
                http = measureHttp(n, ids, "http", messages, httpKinds);
            }
            progress.printf("node over HTTP: %d messages in %.2f s, outcomes %s%n", messages, http, httpKinds);

            KafkaConfig nodeConf = kafka(broker, "node");
            NodeConfig config = base.withKafka(nodeConf);
            config = config.withHttp(config.http().withoutAddressLimits()); // one address posts for every viewer
            Map<String, Integer> kinds = new TreeMap<>();
            double node;
            progress.println("starting a node (rooms, router, model " + config.engine().model() + ") ...");
            try (Node n = Node.boot(config, rooms)) {
                awaitCondition(() -> n.kafka().ownedRooms().containsAll(ids), "the node hosts every room");
                node = measure(nodeConf, ids, "node", kinds);
            }
            progress.printf("node: %d messages in %.2f s, outcomes %s%n", messages, node, kinds);
            return new Result(messages, roomCount, loop, http, httpKinds, node, kinds);
        }
    }

    /** The baseline: consume, parse, produce an outcome, commit after the broker has the outcomes. */
    private double plainLoop(KafkaConfig conf, List<String> rooms) throws Exception {
        AtomicBoolean assigned = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        Thread loop = Thread.ofPlatform().name("bench-plain-loop").start(() -> {
            Map<String, Object> c = consumerProps(conf, conf.groupId());
            c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c);
                 KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps(conf))) {
                consumer.subscribe(List.of(conf.topics().viewerMessages()));
                while (!stop.get()) {
                    var records = consumer.poll(Duration.ofMillis(50));
                    if (!consumer.assignment().isEmpty()) assigned.set(true);
                    if (records.isEmpty()) continue;
                    for (ConsumerRecord<String, String> r : records) {
                        JsonNode m = JSON.readTree(r.value());
                        String outcome = JSON.createObjectNode().put("roomId", r.key()).put("messageId", m.path("messageId").asText())
                                .put("kind", "answered").put("reason", "baseline").toString();
                        producer.send(new ProducerRecord<>(conf.topics().messageOutcomes(), r.key(), outcome));
                    }
                    producer.flush();
                    consumer.commitSync();
                }
            } catch (Exception e) {
                progress.println("plain loop failed: " + e);
            }
        });
        try {
            awaitCondition(assigned::get, "the plain loop holds its partitions");
            return measure(conf, rooms, "plain loop", new TreeMap<>());
        } finally {
            stop.set(true);
            loop.join(30_000);
        }
    }

    /** Sends the messages, then waits for as many outcomes; seconds from the first send to the last outcome. */
    private double measure(KafkaConfig conf, List<String> rooms, String who, Map<String, Integer> kinds) throws Exception {
        // One message per room first, untimed: the first answer of a room pays its cold prompt.
        measure(conf, rooms, who + " warm-up", rooms.size(), new TreeMap<>());
        return measure(conf, rooms, who, messages, kinds);
    }

    private double measure(KafkaConfig conf, List<String> rooms, String who, int messages, Map<String, Integer> kinds) throws Exception {
        try (KafkaConsumer<String, String> outcomes = new KafkaConsumer<>(consumerProps(conf, conf.groupId() + "-bench-reader-" + who.replace(' ', '-')));
             KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps(conf))) {
            outcomes.subscribe(List.of(conf.topics().messageOutcomes()));
            while (outcomes.assignment().isEmpty()) outcomes.poll(Duration.ofMillis(100));
            outcomes.seekToEnd(outcomes.assignment());
            outcomes.assignment().forEach(outcomes::position); // the end, resolved now: only this round's outcomes count
            long start = System.nanoTime();
            for (int i = 0; i < messages; i++) {
                String room = rooms.get(i % rooms.size());
                // Each room's k-th message is a different question, so the burst policy merges none of them.
                String text = who.endsWith("warm-up") ? "hello!" : QUESTIONS[(i / rooms.size()) % QUESTIONS.length];
                String value = JSON.createObjectNode().put("roomId", room).put("messageId", who.replace(' ', '-') + "-" + i)
                        .put("userId", "viewer-" + (i % 997)).put("text", text).put("acceptedAtMs", System.currentTimeMillis()).toString();
                producer.send(new ProducerRecord<>(conf.topics().viewerMessages(), room, value));
            }
            producer.flush();
            int seen = 0;
            long until = start + RUN_TIMEOUT.toNanos();
            long lastReport = System.nanoTime();
            while (seen < messages) {
                if (System.nanoTime() > until) throw new IllegalStateException(who + ": only " + seen + " of " + messages + " outcomes within " + RUN_TIMEOUT.toMinutes() + " min");
                for (ConsumerRecord<String, String> r : outcomes.poll(Duration.ofMillis(100))) {
                    seen++;
                    JsonNode o = JSON.readTree(r.value());
                    kinds.merge(o.path("kind").asText() + ":" + o.path("reason").asText(), 1, Integer::sum);
                }
                if (System.nanoTime() - lastReport > 1_000_000_000L) {
                    progress.printf("  %s: %d/%d outcomes after %.1f s%n", who, seen, messages, (System.nanoTime() - start) / 1e9);
                    lastReport = System.nanoTime();
                }
            }
            return (System.nanoTime() - start) / 1e9;
        }
    }

    /**
     * Posts the messages to the node's viewer API as fast as the client sends them, then waits until
     * the rooms have published as many outcomes; seconds from the first post to the last outcome.
     */
    private double measureHttp(Node node, List<String> rooms, String who, int messages, Map<String, Integer> kinds) throws Exception {
        String prefix = who.replace(' ', '-') + "-";
        AtomicInteger seen = new AtomicInteger();
        Map<String, Integer> found = new ConcurrentHashMap<>();
        List<MessageConsumer<MessageOutcome>> listeners = new ArrayList<>();
        for (String room : rooms) {
            listeners.add(node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome(room), m -> {
                MessageOutcome o = m.body();
                if (!o.messageId().startsWith(prefix)) return;
                found.merge(o.kind().label() + ":" + o.reason(), 1, Integer::sum);
                seen.incrementAndGet();
            }));
        }
        for (MessageConsumer<MessageOutcome> l : listeners) l.completion().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> posts = new ArrayList<>(messages);
            for (int i = 0; i < messages; i++) {
                String room = rooms.get(i % rooms.size());
                String text = who.endsWith("warm-up") ? "hello!" : QUESTIONS[(i / rooms.size()) % QUESTIONS.length];
                String body = JSON.createObjectNode().put("messageId", prefix + i).put("userId", "viewer-" + (i % 997)).put("text", text).toString();
                posts.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port() + "/v1/rooms/" + room + "/messages"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (var post : posts) {
                HttpResponse<String> r = post.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                if (r.statusCode() != 202) throw new IllegalStateException(who + ": the node refused a message: " + r.statusCode() + " " + r.body());
            }
            long until = start + RUN_TIMEOUT.toNanos(), lastReport = System.nanoTime();
            while (seen.get() < messages) {
                if (System.nanoTime() > until) throw new IllegalStateException(who + ": only " + seen + " of " + messages + " outcomes within " + RUN_TIMEOUT.toMinutes() + " min");
                Thread.sleep(20);
                if (System.nanoTime() - lastReport > 1_000_000_000L) {
                    progress.printf("  %s: %d/%d outcomes after %.1f s%n", who, seen.get(), messages, (System.nanoTime() - start) / 1e9);
                    lastReport = System.nanoTime();
                }
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            for (MessageConsumer<MessageOutcome> l : listeners) l.unregister();
            kinds.putAll(found);
        }
    }

    private static final String[] QUESTIONS = {
            "这条裙子有M码吗?", "how long does the battery last?", "发什么快递?", "is there a coupon today?",
            "can I return it after seven days?", "颜色有几种?", "does it come in black?", "what is the price now?",
            "面料是纯棉的吗?", "when will my parcel arrive in Hangzhou?", "有没有优惠券可以领?", "is the zipper metal or plastic?",
            "孕妇可以穿吗?", "which size fits 170 cm and 60 kg?", "包邮吗?", "can I wash it in the machine?",
            "有赠品吗?", "how do I claim the full-reduction discount?", "尺码偏大还是偏小?", "will it shrink after washing?"};

    private static KafkaConfig kafka(KafkaBroker broker, String name) throws Exception {
        Topics topics = new Topics(name + "-viewer-messages", name + "-avatar-replies", name + "-message-outcomes", name + "-room-state");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        byte[] random = new byte[24];
        new java.security.SecureRandom().nextBytes(random);
        String secret = java.util.HexFormat.of().formatHex(random); // the bench's one node signs only for itself
        return new KafkaConfig(true, broker.bootstrapServers(), "bench-" + name, "bench-" + name, topics, null, null, null,
                null, null, null, null, new ClusterConfig("127.0.0.1", port, null, 0, secret));
    }

    private static Map<String, Object> consumerProps(KafkaConfig conf, String group) {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, conf.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return c;
    }

    private static Map<String, Object> producerProps(KafkaConfig conf) {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, conf.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 2);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return p;
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) throw new IllegalStateException("timed out waiting until " + what);
            Thread.sleep(100);
        }
    }
}
