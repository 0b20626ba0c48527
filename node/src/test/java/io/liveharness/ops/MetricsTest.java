package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** /metrics after a real message: LiveHarness's and Vert.x's meters, valid for promtool, scraped by a real Prometheus. */
class MetricsTest {
    private static Node node;
    private static String metrics;

    @BeforeAll
    static void startAndAnswerOneMessage() {
        OpsNodes.ensureTestTools();
        node = TestNodes.start(OpsNodes.config());
        Http http = new Http(node.port());
        assertEquals(202, http.post("/v1/rooms/dress-room/messages", OpsNodes.message("metrics-1", "这条裙子有M码吗? 加我13812345678")).status());
        http.awaitOutcome("metrics-1", Duration.ofSeconds(60));
        metrics = new OpsNodes.Client(node.port(), null).get("/metrics").body();
    }

    @AfterAll
    static void stop() { if (node != null) node.close(); }

    @Test
    void afterAMessageTheMetricsHoldLatencyHistogramsOutcomesIntentsAndEngineFigures() {
        for (String series : new String[]{"liveharness_reply_latency_seconds_bucket{", "liveharness_stage_latency_seconds_bucket{",
                "stage=\"agent_loop\"", "le=\"8.0\"", "liveharness_outcomes_total{", "liveharness_intents_total{",
                "liveharness_engine_ttft_seconds_bucket", "liveharness_engine_tokens_per_second_bucket",
                "liveharness_engine_batch_tokens_bucket", "liveharness_engine_kv_cells_capacity", "liveharness_room_queue_depth",
                "liveharness_engine_kv_restores_total", "liveharness_engine_kv_host_bytes", "liveharness_engine_kv_prefix_copies_total",
                "vertx_http_server_requests_total", "vertx_eventbus_"}) {
            assertTrue(metrics.contains(series), "missing " + series);
        }
    }

    @Test
    void noMetricCarriesARoomIdSoThousandsOfRoomsCostNoMoreSeries() {
        assertFalse(metrics.contains("dress-room"), "a room id leaked into a label");
        assertFalse(metrics.contains("13812345678"), "viewer text leaked into the metrics");
    }

    @Test
    void promtoolCheckMetricsPassesOnTheScrape() throws Exception {
        Process p = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            in.write(metrics.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "promtool check metrics: " + out);
    }

    @Test
    void aRealPrometheusScrapingTheNodeFindsTheReplyLatencyHistogram() throws Exception {
        Path dir = Files.createTempDirectory("liveharness-prometheus-");
        int port = OpsNodes.freePort();
        Files.writeString(dir.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: liveharness
                    scrape_interval: 1s
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(node.port()));
        Process prometheus = new ProcessBuilder("prometheus", "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String query = URLEncoder.encode("liveharness_reply_latency_seconds_bucket", StandardCharsets.UTF_8);
            JsonNode result;
            try {
                result = await("Prometheus has scraped liveharness_reply_latency_seconds_bucket").atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .ignoreExceptionsInstanceOf(IOException.class) // Prometheus is still starting
                        .until(() -> {
                            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                                    + "/api/v1/query?query=" + query)).build(), HttpResponse.BodyHandlers.ofString());
                            return r.statusCode() == 200 ? Http.JSON.readTree(r.body()).path("data").path("result") : MissingNode.getInstance();
                        }, found -> !found.isEmpty());
            } catch (ConditionTimeoutException e) {
                throw new AssertionError("Prometheus has no liveharness_reply_latency_seconds_bucket; its log: "
                        + Files.readString(dir.resolve("prometheus.log")), e);
            }
            assertEquals("liveharness", result.get(0).path("metric").path("job").asText());
            assertTrue(result.toString().contains("\"le\""), result.toString());
        } finally {
            prometheus.destroy();
            if (!prometheus.waitFor(10, TimeUnit.SECONDS)) prometheus.destroyForcibly().waitFor();
        }
    }
}
