package io.liveharness.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects latencies per named stage and reports P50/P95 (nearest-rank), in insertion order of stages. */
public final class LatencySummary {
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();

    public void add(String stage, double ms) { samples.computeIfAbsent(stage, s -> new ArrayList<>()).add(ms); }

    public record Row(String stage, int count, double p50, double p95, double max) { }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        samples.forEach((stage, values) -> {
            List<Double> sorted = values.stream().sorted().toList();
            rows.add(new Row(stage, sorted.size(), percentile(sorted, 50), percentile(sorted, 95), sorted.getLast()));
        });
        return rows;
    }

    static double percentile(List<Double> sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    public String table() {
        StringBuilder out = new StringBuilder(String.format("%-16s %6s %10s %10s %10s%n", "stage", "n", "p50 ms", "p95 ms", "max ms"));
        for (Row r : rows()) {
            out.append(String.format("%-16s %6d %10.2f %10.2f %10.2f%n", r.stage(), r.count(), r.p50(), r.p95(), r.max()));
        }
        return out.toString();
    }
}
