package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the node once a second: heap from this JVM's MemoryMXBean when the node is embedded
 * (node and generator share the JVM, so the figure is an upper bound for the node), and the node's
 * own figures: Prometheus {@code /metrics} when the node serves it (queue depth, batch size
 * series), else {@code GET /health} (messages accepted and not yet finished: the node-wide queue
 * depth as far as the API shows it, and active rooms). The report says which source it used.
 */
public final class NodeProbe implements AutoCloseable {

    /** One sample; NaN where not measured. */
    public record Sample(double atS, double heapUsedMb, double heapCommittedMb, double pending, double activeRooms,
                         double queueDepth, double batchSize) { }

    private static final ObjectMapper JSON = Json.MAPPER;
    private final String base;
    private final boolean embedded;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "loadtest-probe");
        t.setDaemon(true);
        return t;
    });
    private final List<Sample> samples = new ArrayList<>();
    private final Set<String> metricNames = new TreeSet<>();
    private volatile boolean metrics;
    private long startNs;
    private double lastBatchSum = Double.NaN;
    private double lastBatchCount = Double.NaN;
    private double peakHeapMb;

    public NodeProbe(String base, boolean embedded) {
        this.base = base;
        this.embedded = embedded;
    }

    /** Probes {@code /metrics} once, then samples every second from {@code startNs}. */
    public void start(long startNs) {
        this.startNs = startNs;
        try {
            HttpResponse<String> r = get("/metrics");
            metrics = r.statusCode() == 200 && !r.body().isBlank() && !r.body().trim().startsWith("{");
        } catch (Exception e) {
            metrics = false;
        }
        timer.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    public boolean embedded() { return embedded; }

    public boolean metricsAvailable() { return metrics; }

    public synchronized Set<String> metricNames() { return Set.copyOf(metricNames); }

    public synchronized List<Sample> samples() { return List.copyOf(samples); }

    public synchronized double peakHeapMb() { return embedded ? peakHeapMb : Double.NaN; }

    public synchronized Sample last() { return samples.isEmpty() ? null : samples.getLast(); }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(2)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void sample() {
        double used = Double.NaN;
        double committed = Double.NaN;
        if (embedded) {
            var heap = memory.getHeapMemoryUsage();
            used = heap.getUsed() / 1e6;
            committed = heap.getCommitted() / 1e6;
        }
        double pending = Double.NaN;
        double active = Double.NaN;
        double queue = Double.NaN;
        double batch = Double.NaN;
        try {
            JsonNode h = JSON.readTree(get("/health").body());
            pending = h.path("messages").path("pending").asDouble(Double.NaN);
            active = h.path("activeRooms").asDouble(Double.NaN);
        } catch (Exception e) {
            // the node did not answer within 2 s: a gap in the series, which the chart shows
        }
        if (metrics) {
            try {
                double[] qb = parseMetrics(get("/metrics").body());
                queue = qb[0];
                batch = qb[1];
            } catch (Exception e) {
                // as above
            }
        }
        synchronized (this) {
            if (!Double.isNaN(used)) peakHeapMb = Math.max(peakHeapMb, used);
            samples.add(new Sample((System.nanoTime() - startNs) / 1e9, used, committed, pending, active, queue, batch));
        }
    }

    /** Sum of queue-depth gauges, and the mean batch size since the last scrape (or a batch gauge). */
    private synchronized double[] parseMetrics(String text) {
        double queue = Double.NaN;
        double batchSum = Double.NaN;
        double batchCount = Double.NaN;
        double batchGauge = Double.NaN;
        for (PrometheusSample sample : PrometheusSample.parse(text)) {
            String name = sample.name();
            double v = sample.value();
            String lower = name.toLowerCase();
            if (lower.contains("queue") && !lower.endsWith("_total") && !lower.endsWith("_bucket")
                    && !lower.endsWith("_sum") && !lower.endsWith("_count") && !lower.endsWith("_created")) {
                metricNames.add(name);
                queue = (Double.isNaN(queue) ? 0 : queue) + v;
            } else if (lower.contains("batch")) {
                if (lower.endsWith("_sum")) { metricNames.add(name); batchSum = (Double.isNaN(batchSum) ? 0 : batchSum) + v; }
                else if (lower.endsWith("_count")) { metricNames.add(name); batchCount = (Double.isNaN(batchCount) ? 0 : batchCount) + v; }
                else if (!lower.endsWith("_bucket") && !lower.endsWith("_total") && !lower.endsWith("_created")) {
                    metricNames.add(name);
                    batchGauge = v;
                }
            }
        }
        double batch = batchGauge;
        if (!Double.isNaN(batchSum) && !Double.isNaN(batchCount)) {
            if (!Double.isNaN(lastBatchCount) && batchCount > lastBatchCount) {
                batch = (batchSum - lastBatchSum) / (batchCount - lastBatchCount);
            }
            lastBatchSum = batchSum;
            lastBatchCount = batchCount;
        }
        return new double[]{queue, batch};
    }

    @Override
    public void close() {
        timer.shutdownNow();
        http.close();
    }
}
