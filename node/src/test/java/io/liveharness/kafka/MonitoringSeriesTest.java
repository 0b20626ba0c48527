package io.liveharness.kafka;

import io.liveharness.kafka.broker.KafkaBroker;
import io.liveharness.node.Node;
import io.liveharness.ops.MonitoringFiles;
import io.liveharness.support.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every metric the shipped rules and dashboard (monitoring/) read is one a real node exports: a
 * node of a Kafka cluster (so the Kafka consumer's lag is there too) after it answered a message.
 * A renamed meter fails here, not silently on a dashboard.
 */
@Timeout(value = 480, unit = TimeUnit.SECONDS) // a broker, a cluster node and a model on a shared 2-core machine
class MonitoringSeriesTest {
    private static final Pattern SERIES = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]", Pattern.MULTILINE);

    @Test
    void everyMetricTheRulesAndTheDashboardReadIsOneANodeExports() throws Exception {
        Set<String> used = MonitoringFiles.metricNames();
        try (KafkaBroker broker = KafkaBroker.start(Files.createTempDirectory("liveharness-kafka-monitoring-"))) {
            KafkaTestNodes cluster = new KafkaTestNodes(broker, "mon", 1);
            try (Node node = cluster.start("node-m", 0)) {
                Http viewer = new Http(node.port());
                assertEquals(202, viewer.post("/v1/rooms/tech-room/messages",
                        "{\"messageId\":\"mon-1\",\"userId\":\"u\",\"text\":\"how long does the battery last?\"}").status());
                viewer.awaitOutcome("mon-1", Duration.ofSeconds(90));
                System.gc(); // the GC pause timer appears with the first collection it hears of
                HttpClient client = HttpClient.newHttpClient();
                URI metrics = URI.create("http://127.0.0.1:" + node.port() + "/metrics");
                // The Kafka client's meters are bound once a minute at most: scrape again for a while.
                await().atMost(Duration.ofSeconds(75)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                    String scrape = client.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString()).body();
                    Set<String> exported = new TreeSet<>();
                    Matcher m = SERIES.matcher(scrape);
                    while (m.find()) exported.add(m.group(1));
                    Set<String> missing = new TreeSet<>(used);
                    missing.removeAll(exported);
                    assertEquals(Set.of(), missing, "read by monitoring/ but not exported by the node (of " + used + ")");
                });
            }
        }
    }
}
