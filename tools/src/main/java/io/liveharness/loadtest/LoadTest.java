package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.bench.rooms.SyntheticRooms;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** One load test from scenario to report: against a running node, or a node started in this JVM. */
public final class LoadTest {
    public static final Path REPORTS = Path.of("loadtest/reports");
    private static final ObjectMapper JSON = Json.MAPPER;

    /** Starts a node in-process with {@code s.rooms()} synthetic rooms, runs the scenario against it, writes the report. */
    public static Path embedded(Scenario s, NodeConfig conf, Path reports, PrintStream progress) throws Exception {
        NodeConfig c = withFreshHarnessState(conf.withPort(0));
        progress.printf("loadtest: starting an embedded node with %d synthetic rooms ...%n", s.rooms());
        long t = System.nanoTime();
        var synthetic = SyntheticRooms.manifests(s.rooms());
        try (Node node = Node.boot(c, synthetic)) {
            progress.printf("loadtest: node up on port %d in %.1f s%n", node.port(), (System.nanoTime() - t) / 1e9);
            List<String> ids = synthetic.stream().map(m -> m.id()).toList();
            URI target = URI.create("http://127.0.0.1:" + node.port());
            return run(s, target, ids, true, reports, progress,
                    "embedded node (node and generator in one JVM on this machine: " + Runtime.getRuntime().availableProcessors()
                            + " cores, max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); conf rooms.replyDeadlineMs="
                            + c.rooms().replyDeadlineMs() + ", queueCapacity=" + c.rooms().queueCapacity() + ", staleAfterMs=" + c.rooms().staleAfterMs());
        }
    }

    /** Runs the scenario against a node that is already running at {@code target}, on the first rooms it lists. */
    public static Path remote(Scenario s, URI target, Path reports, PrintStream progress) throws Exception {
        JsonNode rooms = getJson(target, "/v1/rooms");
        List<String> ids = new ArrayList<>();
        rooms.path("rooms").forEach(r -> ids.add(r.path("roomId").asText()));
        return run(s, target, ids, false, reports, progress, "remote node at " + target);
    }

    private static Path run(Scenario s, URI target, List<String> roomIds, boolean embedded, Path reports, PrintStream progress,
                            String note) throws Exception {
        JsonNode health = getJson(target, "/health");
        String started = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        MessageTexts texts = new MessageTexts(MessageTexts.DEFAULT_DATA, s.intentMix());
        progress.printf("loadtest %s: %d rooms x %.4f msg/s, %d s warm-up + %d s, ~%d messages%s; target %s%n", s.name(), s.rooms(),
                s.ratePerRoom(), s.warmupS(), s.durationS(), Math.round(s.expectedMessages()),
                s.burst().present() ? String.format(", burst x%.0f for %d s in %.0f %% of rooms", s.burst().multiplier(),
                        s.burst().durationS(), s.burst().shareOfRooms() * 100) : "", target);
        LoadGenerator.Result r;
        NodeProbe probe = new NodeProbe(target.toString(), embedded);
        try (probe) {
            r = new LoadGenerator(s, roomIds, target, texts, progress).run(probe);
        }
        var model = health.path("model");
        var summary = LoadReport.summary(s, new LoadReport.Context(embedded ? "embedded" : "target", target.toString(), started,
                model.path("name").asText("?"), model.path("testModel").asBoolean(false), note
                + "; runs are short (" + s.warmupS() + " s warm-up + " + s.durationS() + " s) to fit a shared 2-core machine"), r, probe);
        Path dir = LoadReport.write(reports.resolve(s.name() + "-" + started), summary);
        var h = summary.get("headline");
        progress.printf("loadtest: answered P50/P95/P99 %s/%s/%s ms, throughput %s msg/s answered, drops %s, peak heap %s MB%n",
                h.get("answeredLatencyMs").path("p50"), h.get("answeredLatencyMs").path("p95"), h.get("answeredLatencyMs").path("p99"),
                h.get("throughputPerS").get("answered"), h.get("dropsByReason"), h.get("peakHeapMb").asText());
        var first = summary.get("outcomeCollection").get("firstSegmentMsWsSample");
        progress.printf("loadtest: by the model %s (P50/P95 %s/%s ms), shed at once %s (P95 wait %s ms), first segment P50 %s ms%n",
                h.get("answeredByModel"), h.get("modelAnswerLatencyMs").path("p50"), h.get("modelAnswerLatencyMs").path("p95"),
                h.get("answeredByFallbackShedAtOnce"), h.get("shedAtOnceLatencyMs").path("p95"), first.path("p50"));
        progress.printf("loadtest: %s%n", summary.get("exactlyOneOutcome").get("statement").asText());
        return dir;
    }

    static JsonNode getJson(URI base, String path) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IOException("GET " + base.resolve(path) + " answered " + r.statusCode());
            return JSON.readTree(r.body());
        }
    }

    static NodeConfig withFreshHarnessState(NodeConfig c) throws IOException {
        Path state = Files.createTempDirectory("liveharness-loadtest-state-");
        state.toFile().deleteOnExit();
        var h = c.harness();
        return c.withHarness(new NodeConfig.HarnessConfig(h.dir(), state.toString(), h.defaultVersion(), h.refreshMs()))
                .withKafka(io.liveharness.config.KafkaConfig.disabled());
    }

    public static NodeConfig defaultConf(String file) {
        return ConfigLoader.load(file == null ? ConfigLoader.DEFAULT_FILE : Path.of(file));
    }

    private LoadTest() { }
}
