package io.liveharness.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.Json;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * {@code ./liveharness cluster}: a broker and N nodes as child JVMs (the fault run's
 * {@link ChaosCluster}), and the control plane's changes made through one node each: a publish, a
 * channel move, an experiment, a pin and a new room. For each it measures how long from the
 * request until every node serves it, as that node's own API tells it.
 */
public final class ClusterRun {
    private static final ObjectMapper JSON = Json.MAPPER;
    /** The goal: a change serves on every node within this. */
    public static final long TARGET_MS = 5_000;
    private static final Duration GIVE_UP = Duration.ofSeconds(30);

    /** One change: through which node, its request's status, and when every node served it (-1: not within 30 s). */
    public record Step(String name, String via, int status, long writeMs, long convergeMs) {
        public boolean ok() { return status / 100 == 2 && convergeMs >= 0; }
    }

    public record Result(List<Step> steps, double seconds) {
        /** The slowest step's time to serve on every node; -1 when one never did. */
        public long convergeMs() {
            return steps.stream().anyMatch(s -> !s.ok()) ? -1 : steps.stream().mapToLong(Step::convergeMs).max().orElse(0);
        }

        public boolean ok() { return convergeMs() >= 0 && convergeMs() <= TARGET_MS; }
    }

    private final int nodeCount;
    private final Path dir;
    private final PrintStream out;

    public ClusterRun(int nodeCount, Path dir, PrintStream out) {
        if (nodeCount < 2 || nodeCount > 9) throw new IllegalArgumentException("--nodes must be between 2 and 9, got " + nodeCount);
        this.nodeCount = nodeCount;
        this.dir = dir;
        this.out = out;
    }

    public Result run() throws Exception {
        long t0 = System.nanoTime();
        // rooms enough that every node hosts some (six partitions): a change is then served by rooms on each node
        try (ChaosCluster cluster = new ChaosCluster(dir, nodeCount, 3 * nodeCount, 30_000, 30_000)) {
            out.println("cluster: broker at " + cluster.broker().bootstrapServers() + "; starting " + nodeCount + " nodes (logs in " + dir + ")");
            cluster.startAll(Duration.ofSeconds(240));
            cluster.awaitPlacement(Duration.ofSeconds(120), false);
            List<NodeProcess> nodes = cluster.nodes();
            List<Step> steps = new ArrayList<>();
            String tag = Long.toString(System.currentTimeMillis(), 36);
            String stable = nodes.get(0).operatorGet("/v1/harness").json().path("channels").path("stable").asText();

            NodeProcess via = nodes.get(0);
            long t = System.nanoTime();
            NodeProcess.Answer published = via.request("POST", "/v1/harness", publishBody(tag), cluster.publisherToken());
            String version = published.json().path("version").asText();
            steps.add(step("publish " + version, via, published, t, nodes,
                    n -> contains(n.operatorGet("/v1/harness").json().path("versions"), "version", version)));

            via = nodes.get(1 % nodeCount);
            t = System.nanoTime();
            NodeProcess.Answer moved = via.operator("PUT", "/v1/harness/channels/canary", "{\"version\":\"" + version + "\"}");
            steps.add(step("channel canary -> " + version, via, moved, t, nodes,
                    n -> version.equals(n.operatorGet("/v1/harness").json().path("channels").path("canary").asText())));

            via = nodes.get(2 % nodeCount);
            String experiment = "cluster-" + tag;
            t = System.nanoTime();
            NodeProcess.Answer started = via.operator("POST", "/v1/experiments", JSON.createObjectNode().put("name", experiment)
                    .put("channel", "stable").put("control", stable).put("treatment", version).put("treatmentShare", 0.5).toString());
            steps.add(step("experiment " + experiment, via, started, t, nodes,
                    n -> contains(n.operatorGet("/v1/harness").json().path("experiments"), "name", experiment)));

            via = nodes.get(0);
            t = System.nanoTime();
            NodeProcess.Answer pinned = via.operator("PUT", "/v1/rooms/dress-room/harness", "{\"version\":\"" + version + "\"}");
            steps.add(step("pin dress-room -> " + version, via, pinned, t, nodes,
                    n -> version.equals(n.operatorGet("/v1/rooms/dress-room").json().path("harness").path("version").asText())));

            via = nodes.get(1 % nodeCount);
            String room = "cluster-room-" + tag;
            t = System.nanoTime();
            NodeProcess.Answer created = via.request("POST", "/v1/rooms", JSON.createObjectNode().put("id", room)
                    .put("title", "Added by the cluster run").put("persona", "You are the host of this room. Short answers.")
                    .put("language", "en").put("onStage", "earbuds-201").set("products", JSON.createArrayNode().add("earbuds-201")).toString(),
                    cluster.platformToken());
            // served: every node knows the room, and it has its partition's owner as its node
            steps.add(step("room " + room, via, created, t, nodes, n -> {
                NodeProcess.Answer a = n.operatorGet("/v1/rooms/" + room);
                return a.status() == 200 && !a.json().path("node").isNull();
            }));

            out.println("cluster: stopping " + nodeCount + " nodes and the broker");
            for (NodeProcess n : nodes) n.stop();
            return new Result(List.copyOf(steps), (System.nanoTime() - t0) / 1e9);
        }
    }

    private Step step(String name, NodeProcess via, NodeProcess.Answer answer, long startNs, List<NodeProcess> nodes,
                      Predicate<NodeProcess> serves) {
        long writeMs = (System.nanoTime() - startNs) / 1_000_000;
        long converge = -1;
        if (answer.status() / 100 == 2) {
            long until = System.nanoTime() + GIVE_UP.toNanos();
            while (System.nanoTime() < until) {
                if (nodes.stream().allMatch(serves)) {
                    converge = (System.nanoTime() - startNs) / 1_000_000;
                    break;
                }
                NodeProcess.sleep(10);
            }
        }
        Step s = new Step(name, via.nodeId(), answer.status(), writeMs, converge);
        out.printf("step %-48s via %s: %d in %d ms; %s%n", name, via.nodeId(), answer.status(), writeMs,
                answer.status() / 100 != 2 ? "REFUSED: " + answer.body()
                        : converge < 0 ? "NOT served on every node within " + GIVE_UP.toSeconds() + " s"
                        : "served on every node after " + converge + " ms");
        return s;
    }

    private static boolean contains(JsonNode list, String field, String value) {
        for (JsonNode n : list) if (value.equals(n.path(field).asText())) return true;
        return false;
    }

    /** The default harness with one line more in its rules: a new version. */
    private static String publishBody(String tag) throws IOException {
        Path root = Path.of("harness", "default");
        ObjectNode body = JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                if (rel.startsWith(".") || rel.contains("/.")) continue;
                files.put(rel, Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        String rules = files.path("prompts/rules.md").asText("");
        files.put("prompts/rules.md", rules + "\n<!-- cluster run " + tag + " -->\n");
        return body.toString();
    }
}
