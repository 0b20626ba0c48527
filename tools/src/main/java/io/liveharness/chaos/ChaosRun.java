package io.liveharness.chaos;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.loadtest.ArrivalSchedule;
import io.liveharness.loadtest.MessageTexts;
import io.liveharness.loadtest.Scenario;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A fault run: a Kafka-mode cluster of two child-JVM nodes under an open-model load (the load
 * test's {@link ArrivalSchedule} and {@link MessageTexts}, sent to {@code viewer-messages}), and at
 * set shares of the run the faults of {@link Fault}. At the end it counts, from the outcomes topic,
 * every accepted message's outcomes (none missing, none twice) and asks each node's /health.
 */
public final class ChaosRun {
    private static final ObjectMapper JSON = Json.MAPPER;

    /** The faults, in the order they are injected, and when (share of the sending time). */
    public enum Fault {
        ENGINE("engine-thread", 0.15, "node-a's decode thread killed (operator fault endpoint)"),
        HARNESS("harness-publish", 0.30, "a harness version folder left half-written in node-a's store"),
        BROKER("broker-restart", 0.45, "the Kafka broker SIGKILLed and started again on its data"),
        NODE("node-sigkill", 0.60, "node-b SIGKILLed, its rooms taken over, then started again"),
        CONTROL("control-plane-cut", 0.75, "node-b cut off the control plane while node-a moves a channel, then brought back");

        public final String label;
        public final double at;
        public final String what;

        Fault(String label, double at, String what) {
            this.label = label;
            this.at = at;
            this.what = what;
        }

        public static Fault of(String label) {
            for (Fault f : values()) if (f.label.equals(label)) return f;
            throw new IllegalArgumentException("unknown fault '" + label + "' (known: engine-thread, harness-publish, broker-restart, node-sigkill, control-plane-cut)");
        }
    }

    /**
     * @param durationS seconds of sending
     * @param rate      messages a second over all rooms (Poisson arrivals)
     * @param extraRooms rooms beside the three committed ones
     * @param graceS    how long after the last send outcomes are waited for
     * @param faults    which faults to inject
     */
    public record Options(int durationS, double rate, int extraRooms, int graceS, Set<Fault> faults, long seed) {
        public static final int DEFAULT_DURATION_S = 90;
        public static final double DEFAULT_RATE = 4.0;
        public static final int DEFAULT_EXTRA_ROOMS = 5;
        public static final int DEFAULT_GRACE_S = 60;

        public Options {
            if (durationS < 10) throw new IllegalArgumentException("--duration must be at least 10 seconds, got " + durationS);
            if (rate <= 0 || rate > 500) throw new IllegalArgumentException("--rate must be above 0 and at most 500 messages a second, got " + rate);
            if (extraRooms < 0 || extraRooms > 50) throw new IllegalArgumentException("--rooms must be between 3 and 53, got " + (extraRooms + 3));
            if (graceS < 5) throw new IllegalArgumentException("--grace must be at least 5 seconds, got " + graceS);
            faults = faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults);
        }

        public static Options defaults() {
            return new Options(DEFAULT_DURATION_S, DEFAULT_RATE, DEFAULT_EXTRA_ROOMS, DEFAULT_GRACE_S, EnumSet.allOf(Fault.class), 42);
        }
    }

    /** What one fault did: when, whether it was injected, and what the cluster showed. */
    public record FaultResult(String fault, double atS, boolean injected, boolean recovered, String detail) { }

    /** The run's figures; {@code twice}: the outcomes of (up to 50) messages that had more than one. */
    public record Result(Path dir, long sent, long accepted, long refused, long outcomes, int missing, int duplicates, int unknown,
                         Map<String, Integer> kinds, List<FaultResult> faults, Map<String, String> health, double seconds,
                         Map<String, List<String>> twice) {
        /** Every accepted message has exactly one outcome. */
        public boolean ok() { return missing == 0 && duplicates == 0; }
    }

    private final Options options;
    private final Path dir;
    private final PrintStream out;

    public ChaosRun(Options options, Path dir, PrintStream out) {
        this.options = options;
        this.dir = dir;
        this.out = out;
    }

    public Result run() throws Exception {
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        out.println("chaos: run folder " + dir);
        try (ChaosCluster cluster = new ChaosCluster(dir.resolve("cluster"), 2, options.extraRooms(), 6_000, 8_000)) {
            out.println("chaos: broker at " + cluster.broker().bootstrapServers() + "; starting " + cluster.nodes().size() + " nodes");
            cluster.startAll(Duration.ofSeconds(180));
            cluster.awaitPlacement(Duration.ofSeconds(90));
            out.println("chaos: placement " + new TreeMap<>(cluster.placement()));
            List<String> rooms = cluster.rooms();
            Scenario scenario = new Scenario("chaos", "fault run", rooms.size(), options.rate() / rooms.size(), 0, options.durationS(),
                    options.seed(), Scenario.Burst.NONE, Scenario.DEFAULT_MIX, 64, Scenario.Outcomes.DEFAULT, null);
            MessageTexts texts = new MessageTexts(MessageTexts.DEFAULT_DATA, Scenario.DEFAULT_MIX);
            Set<String> accepted = ConcurrentHashMap.newKeySet();
            Map<String, String> refused = new ConcurrentHashMap<>();
            AtomicLong sent = new AtomicLong();
            List<FaultResult> faults = Collections.synchronizedList(new ArrayList<>());
            try (ChaosCluster.OutcomeCounter counter = cluster.countOutcomes(); KafkaProducer<String, byte[]> producer = cluster.producer()) {
                long start = System.nanoTime();
                Thread injector = Thread.ofPlatform().name("chaos-faults").start(() -> injectAll(cluster, start, faults));
                ArrivalSchedule schedule = new ArrivalSchedule(scenario);
                SplittableRandom random = new SplittableRandom(options.seed());
                String runId = Long.toString(System.currentTimeMillis(), 36);
                long lastProgress = System.nanoTime();
                for (ArrivalSchedule.Arrival a; (a = schedule.next()) != null; ) {
                    long wait = start + a.atNs() - System.nanoTime();
                    if (wait > 0) LockSupport.parkNanos(wait);
                    String room = rooms.get(a.room());
                    String id = "chaos-" + runId + "-" + sent.incrementAndGet();
                    String text = texts.text(texts.drawIntent(random), random);
                    producer.send(new ProducerRecord<>(cluster.topic("viewer-messages"), room,
                                    ChaosCluster.message(room, id, "u" + a.room() + "-" + random.nextInt(50), text)),
                            (meta, e) -> { if (e == null) accepted.add(id); else refused.put(id, e.toString()); });
                    if (System.nanoTime() - lastProgress > 10_000_000_000L) {
                        lastProgress = System.nanoTime();
                        out.printf("chaos: %4.0fs sent=%d accepted=%d outcomes=%d%n", (lastProgress - start) / 1e9, sent.get(),
                                accepted.size(), counter.records());
                    }
                }
                producer.flush();
                injector.join();
                out.printf("chaos: sending done (%d sent, %d accepted); waiting up to %d s for outcomes%n", sent.get(), accepted.size(),
                        options.graceS());
                counter.awaitAll(accepted, Duration.ofSeconds(options.graceS()));
                Thread.sleep(3_000); // a second answer to anything would show now
                if (counter.readAgain() > 0) out.printf("chaos: %d outcome records were handed to the counter again (counted once)%n", counter.readAgain());
                Map<String, List<String>> perId = counter.perId();
                int missing = 0;
                int duplicates = 0;
                List<String> missingIds = new ArrayList<>();
                Map<String, List<String>> twice = new TreeMap<>();
                for (String id : accepted) {
                    int n = perId.getOrDefault(id, List.of()).size();
                    if (n == 0) {
                        missing++;
                        if (missingIds.size() < 50) missingIds.add(id);
                    } else if (n > 1) {
                        duplicates++;
                        if (twice.size() < 50) twice.put(id, perId.get(id));
                    }
                }
                Set<String> unknown = new TreeSet<>(perId.keySet());
                unknown.removeAll(accepted);
                unknown.removeAll(refused.keySet()); // a send reported failed may have landed after all
                Map<String, String> health = new TreeMap<>();
                for (NodeProcess n : cluster.nodes()) health.put(n.nodeId(), health(n));
                Result r = new Result(dir, sent.get(), accepted.size(), refused.size(), counter.records(), missing, duplicates,
                        unknown.size(), new TreeMap<>(counter.perKind()), List.copyOf(faults), health, (System.nanoTime() - t0) / 1e9, twice);
                ChaosReport.write(r, options, missingIds, List.copyOf(unknown).subList(0, Math.min(50, unknown.size())));
                return r;
            }
        }
    }

    /** "healthy (200)" or "UNHEALTHY (503 ...)" or "DOWN (no answer)". */
    static String health(NodeProcess n) {
        if (!n.alive()) return "DOWN (process not running)";
        NodeProcess.Answer a = n.health();
        if (a.status() == 200) return "healthy (200, status " + a.json().path("status").asText() + ")";
        if (a.status() == 0) return "DOWN (no answer: " + a.body() + ")";
        return "UNHEALTHY (" + a.status() + ", status " + a.json().path("status").asText() + ", engine "
                + a.json().path("engine").path("status").asText() + ": " + a.json().path("engine").path("reason").asText() + ")";
    }

    private void injectAll(ChaosCluster cluster, long start, List<FaultResult> results) {
        for (Fault f : Fault.values()) {
            if (!options.faults().contains(f)) continue;
            long due = start + (long) (f.at * options.durationS() * 1e9);
            long wait = due - System.nanoTime();
            if (wait > 0) LockSupport.parkNanos(wait);
            double at = (System.nanoTime() - start) / 1e9;
            FaultResult r;
            try {
                r = inject(f, cluster, at);
            } catch (Exception e) {
                r = new FaultResult(f.label, at, false, false, "the injection failed: " + e);
            }
            results.add(r);
            out.printf("chaos: %4.0fs fault %-16s %s%n", r.atS(), r.fault(), r.detail());
        }
    }

    private FaultResult inject(Fault f, ChaosCluster cluster, double at) throws Exception {
        return switch (f) {
            case ENGINE -> {
                NodeProcess a = cluster.node(0);
                NodeProcess.Answer crash = a.operator("POST", "/v1/faults/engine-crash", "{}");
                if (crash.status() != 200) {
                    yield new FaultResult(f.label, at, false, false, "not injected: POST /v1/faults/engine-crash answered " + crash.status()
                            + " " + crash.body());
                }
                long until = System.nanoTime() + 10_000_000_000L;
                NodeProcess.Answer h = a.health();
                while (h.status() == 200 && System.nanoTime() < until) {
                    NodeProcess.sleep(200);
                    h = a.health();
                }
                boolean shows = h.status() == 503;
                yield new FaultResult(f.label, at, true, shows, a.nodeId() + " decode thread killed; /health "
                        + (shows ? "answers 503 (" + h.json().path("engine").path("reason").asText() + ")" : "still answers " + h.status()));
            }
            case HARNESS -> {
                Path versions = cluster.harnessStore().resolve("versions");
                Path good;
                try (Stream<Path> s = Files.list(versions)) {
                    good = s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith(".")).findFirst()
                            .orElseThrow(() -> new IOException("no published version in " + versions));
                }
                // What a publish killed between writing and checking leaves: a version folder whose
                // files are there but cut short (the id is a hash its files no longer have).
                String id = good.getFileName().toString().replaceAll(".$", "") + (good.getFileName().toString().endsWith("0") ? "1" : "0");
                Path half = versions.resolve(".chaos-" + id);
                copyTree(good, half);
                Path yaml = half.resolve("harness.yaml");
                byte[] bytes = Files.readAllBytes(yaml);
                Files.write(yaml, java.util.Arrays.copyOf(bytes, bytes.length / 2));
                Files.move(half, versions.resolve(id), StandardCopyOption.ATOMIC_MOVE);
                long until = System.nanoTime() + 15_000_000_000L;
                String reason = null;
                while (reason == null && System.nanoTime() < until) {
                    NodeProcess.sleep(250);
                    for (NodeProcess n : cluster.nodes()) {
                        if (!n.alive()) continue;
                        NodeProcess.Answer h = n.operatorGet("/v1/harness");
                        for (var q : h.json().path("quarantined")) if (q.path("version").asText().startsWith(id)) reason = brief(q.path("reason").asText());
                    }
                }
                boolean serving = cluster.nodes().stream().filter(NodeProcess::alive)
                        .allMatch(n -> n.operatorGet("/v1/harness").status() == 200);
                yield new FaultResult(f.label, at, true, reason != null && serving, reason == null
                        ? "version " + id + " written half; NOT quarantined within 15 s"
                        : "version " + id + " written half; quarantined (" + reason + "); GET /v1/harness " + (serving ? "200 on every live node" : "failing"));
            }
            case BROKER -> {
                long t = System.nanoTime();
                cluster.broker().kill();
                NodeProcess.sleep(2_000);
                cluster.broker().restart();
                yield new FaultResult(f.label, at, true, cluster.broker().alive(),
                        String.format("broker killed and back in %.1f s", (System.nanoTime() - t) / 1e9));
            }
            case NODE -> {
                NodeProcess b = cluster.node(1);
                long pid = b.pid();
                long t = System.nanoTime();
                b.kill();
                cluster.awaitPlacement(Duration.ofSeconds(60));
                double takeover = (System.nanoTime() - t) / 1e9;
                b.start();
                b.awaitHealthy(Duration.ofSeconds(120));
                cluster.awaitPlacement(Duration.ofSeconds(90));
                yield new FaultResult(f.label, at, true, true, String.format(
                        "%s (pid %d) SIGKILLed; its rooms on the others after %.1f s; restarted and hosting rooms again after %.1f s",
                        b.nodeId(), pid, takeover, (System.nanoTime() - t) / 1e9));
            }
            case CONTROL -> controlPlaneCut(f, cluster, at);
        };
    }

    /**
     * node-b stops hearing the control plane; node-a moves a channel meanwhile. Recovered: node-b
     * said it was not caught up and did not have the move while cut off, and once back has it and
     * says it is caught up, within 15 s.
     */
    private static FaultResult controlPlaneCut(Fault f, ChaosCluster cluster, double at) {
        NodeProcess a = cluster.node(0);
        NodeProcess b = cluster.node(1);
        NodeProcess.Answer cut = b.operator("POST", "/v1/faults/control-plane", "{\"cut\":true}");
        if (cut.status() != 200) {
            return new FaultResult(f.label, at, false, false, "not injected: POST /v1/faults/control-plane answered " + cut.status() + " " + cut.body());
        }
        String stable = a.operatorGet("/v1/harness").json().path("channels").path("stable").asText();
        String channel = "chaos-cut-" + Long.toString(System.currentTimeMillis(), 36);
        NodeProcess.Answer moved = a.operator("PUT", "/v1/harness/channels/" + channel, "{\"version\":\"" + stable + "\"}");
        NodeProcess.sleep(1_000);
        boolean unheard = b.operatorGet("/v1/harness").json().path("channels").path(channel).isMissingNode();
        boolean saidBehind = !b.health().json().path("controlPlane").path("caughtUp").asBoolean(true);
        long t = System.nanoTime();
        b.operator("POST", "/v1/faults/control-plane", "{\"cut\":false}");
        long until = t + 15_000_000_000L;
        boolean back = false;
        while (!back && System.nanoTime() < until) {
            NodeProcess.sleep(50);
            back = b.health().json().path("controlPlane").path("caughtUp").asBoolean(false)
                    && stable.equals(b.operatorGet("/v1/harness").json().path("channels").path(channel).asText());
        }
        return new FaultResult(f.label, at, true, moved.status() == 200 && unheard && saidBehind && back, String.format(
                "%s cut off: caughtUp %s, channel %s moved on %s (%d) %s there; back: %s", b.nodeId(), saidBehind ? "false" : "STILL TRUE",
                channel, a.nodeId(), moved.status(), unheard ? "not heard" : "HEARD", back
                        ? String.format("caught up with the move in %.2f s", (System.nanoTime() - t) / 1e9) : "NOT caught up within 15 s"));
    }

    /** The first 160 characters of {@code s} on one line. */
    private static String brief(String s) {
        String line = s.replaceAll("\\s+", " ");
        return line.length() <= 160 ? line : line.substring(0, 160) + "...";
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target); else Files.copy(p, target);
            }
        }
    }

    static String json(Object o) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode object() { return JSON.createObjectNode(); }

    static ArrayNode array() { return JSON.createArrayNode(); }

    static void write(Path file, String text) throws IOException { Files.writeString(file, text, StandardCharsets.UTF_8); }
}
