package io.liveharness.ops;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects latencies per named stage and reports P50/P95 and the max, in insertion order of stages.
 * Recorded in microseconds to three significant digits: a percentile is off by at most 0.1%.
 */
public final class LatencySummary {
    private final Map<String, Histogram> samples = new LinkedHashMap<>();

    public void add(String stage, double ms) {
        samples.computeIfAbsent(stage, s -> new Histogram(3)).recordValue(Math.max(0, Math.round(ms * 1000)));
    }

    public record Row(String stage, int count, double p50, double p95, double max) { }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        samples.forEach((stage, h) -> rows.add(new Row(stage, (int) h.getTotalCount(),
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(95) / 1000.0, h.getMaxValue() / 1000.0)));
        return rows;
    }

    public String table() {
        StringBuilder out = new StringBuilder(String.format("%-16s %6s %10s %10s %10s%n", "stage", "n", "p50 ms", "p95 ms", "max ms"));
        for (Row r : rows()) {
            out.append(String.format("%-16s %6d %10.2f %10.2f %10.2f%n", r.stage(), r.count(), r.p50(), r.p95(), r.max()));
        }
        return out.toString();
    }
}
