package io.liveharness.loadtest;

import io.liveharness.engine.bench.EngineBenchmark;
import io.liveharness.engine.llama.BatchingBackend;
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
import java.util.function.Supplier;

/** One load test from scenario to report: against a running node, or a node started in this JVM. */
public final class LoadTest {
    public static final Path REPORTS = Path.of("loadtest/reports");
    private static final ObjectMapper JSON = Json.MAPPER;

    /** Starts a node in-process with {@code s.rooms()} synthetic rooms, runs the scenario against it, writes the report. */
    public static Path embedded(Scenario s, NodeConfig conf, Path reports, PrintStream progress) throws Exception {
        // The generator is one address posting for thousands of viewers: the node's per-address limits would refuse it.
        NodeConfig fresh = withFreshHarnessState(conf.withPort(0));
        NodeConfig c = fresh.withHttp(fresh.http().withoutAddressLimits());
        progress.printf("loadtest: starting an embedded node with %d synthetic rooms ...%n", s.rooms());
        long t = System.nanoTime();
        var synthetic = SyntheticRooms.manifests(s.rooms());
        try (Node node = Node.boot(c, synthetic)) {
            progress.printf("loadtest: node up on port %d in %.1f s%n", node.port(), (System.nanoTime() - t) / 1e9);
            List<String> ids = synthetic.stream().map(m -> m.id()).toList();
            URI target = URI.create("http://127.0.0.1:" + node.port());
            // the engine's own ceiling, measured on the node's engine once the load is over: same model, options and machine
            Supplier<EngineFigures.Ceiling> ceiling = () -> node.model() instanceof BatchingBackend b
                    ? new EngineFigures.Ceiling(c.engine().maxSequences(), CEILING_TOKENS,
                            EngineBenchmark.ceilingTokensPerSecond(b, c.engine().maxSequences(), CEILING_TOKENS))
                    : null;
            return run(s, target, ids, ceiling, reports, progress,
                    "embedded node (node and generator in one JVM on this machine: " + Runtime.getRuntime().availableProcessors()
                            + " cores, max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); conf rooms.replyDeadlineMs="
                            + c.rooms().replyDeadlineMs() + ", queueCapacity=" + c.rooms().queueCapacity() + ", staleAfterMs=" + c.rooms().staleAfterMs());
        }
    }

    /** Runs the scenario against a node that is already running at {@code target}, on the first rooms it lists. */
    public static Path remote(Scenario s, URI target, Path reports, PrintStream progress) throws Exception {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do { // GET /v1/rooms gives one page at a time
            JsonNode page = getJson(target, "/v1/rooms?limit=500" + (cursor == null ? "" : "&cursor=" + cursor));
            page.path("rooms").forEach(r -> ids.add(r.path("roomId").asText()));
            cursor = page.path("nextCursor").isTextual() ? page.path("nextCursor").asText() : null;
        } while (cursor != null && ids.size() < s.rooms());
        return run(s, target, ids, null, reports, progress, "remote node at " + target);
    }

    /** Reply tokens of each request of the ceiling run: bench engine's default. */
    static final int CEILING_TOKENS = 32;

    /** {@code ceiling} null: a remote node, whose engine this process cannot drive. */
    private static Path run(Scenario s, URI target, List<String> roomIds, Supplier<EngineFigures.Ceiling> ceiling, Path reports,
                            PrintStream progress, String note) throws Exception {
        boolean embedded = ceiling != null;
        JsonNode health = getJson(target, "/health");
        String started = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        MessageTexts texts = new MessageTexts(s.texts(), s.intentMix());
        progress.printf("loadtest %s: %d rooms x %.4f msg/s, %d s warm-up + %d s, ~%d messages%s; target %s%n", s.name(), s.rooms(),
                s.ratePerRoom(), s.warmupS(), s.durationS(), Math.round(s.expectedMessages()),
                s.burst().present() ? String.format(", burst x%.0f for %d s in %.0f %% of rooms", s.burst().multiplier(),
                        s.burst().durationS(), s.burst().shareOfRooms() * 100) : "", target);
        LoadGenerator.Result r;
        NodeProbe probe = new NodeProbe(target.toString(), embedded);
        try (probe) {
            r = new LoadGenerator(s, roomIds, target, texts, progress).run(probe);
        }
        String metrics = getText(target, "/metrics"); // before the ceiling run adds generations of its own
        if (embedded) progress.printf("loadtest: measuring the engine's ceiling on the node's own engine ...%n");
        EngineFigures engine = EngineFigures.parse(metrics == null ? "" : metrics, embedded ? ceiling.get() : null);
        var model = health.path("model");
        var summary = LoadReport.summary(s, new LoadReport.Context(embedded ? "embedded" : "target", target.toString(), started,
                model.path("name").asText("?"), model.path("testModel").asBoolean(false), note
                + "; runs are short (" + s.warmupS() + " s warm-up + " + s.durationS() + " s) to fit a shared 2-core machine"), r, probe,
                engine);
        Path dir = LoadReport.write(reports.resolve(s.name() + "-" + started), summary);
        var h = summary.get("headline");
        progress.printf("loadtest: answered P50/P95/P99 %s/%s/%s ms, throughput %s msg/s answered, drops %s, peak heap %s MB%n",
                h.get("answeredLatencyMs").path("p50"), h.get("answeredLatencyMs").path("p95"), h.get("answeredLatencyMs").path("p99"),
                h.get("throughputPerS").get("answered"), h.get("dropsByReason"), h.get("peakHeapMb").asText());
        var first = summary.get("outcomeCollection").get("firstSegmentMsWsSample");
        progress.printf("loadtest: by the model %s (P50/P95 %s/%s ms), shed at once %s (P95 wait %s ms), first segment P50 %s ms%n",
                h.get("answeredByModel"), h.get("modelAnswerLatencyMs").path("p50"), h.get("modelAnswerLatencyMs").path("p95"),
                h.get("answeredByFallbackShedAtOnce"), h.get("shedAtOnceLatencyMs").path("p95"), first.path("p50"));
        var e = summary.get("engine");
        progress.printf("loadtest: shed at the batcher %s, within 1 s of reaching it %s; model answers %s/s against the engine's ceiling %s/s (%s)%n",
                e.path("shedAtBatcher").path("count").asText("?"), e.path("shedAtBatcher").path("withinOneSecond").asText("?"),
                h.get("throughputPerS").get("answeredByModel"), e.path("ceilingAnswersPerSecond").asText("not measured"),
                e.path("ceilingNote").asText());
        progress.printf("loadtest: %s%n", summary.get("exactlyOneOutcome").get("statement").asText());
        return dir;
    }

    static JsonNode getJson(URI base, String path) throws IOException, InterruptedException {
        String body = getText(base, path);
        if (body == null) throw new IOException("GET " + base.resolve(path) + " did not answer 200");
        return JSON.readTree(body);
    }

    /** The body of GET {@code path}, or null if the node does not serve it. */
    static String getText(URI base, String path) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpRequest.Builder get = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET();
            // the room list is the operator's (/health and /metrics take no token, and /health refuses one)
            String token = System.getenv(io.liveharness.config.NodeConfig.OpsConfig.TOKEN_ENV);
            if (path.startsWith("/v1/") && token != null && !token.isBlank()) get.header("Authorization", "Bearer " + token.trim());
            HttpResponse<String> r = http.send(get.build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
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
