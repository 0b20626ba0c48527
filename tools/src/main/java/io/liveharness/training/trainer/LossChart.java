package io.liveharness.training.trainer;

import io.liveharness.config.Json;
import io.liveharness.report.HtmlReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** loss.html: train and held-out loss by step from metrics.jsonl, a uPlot chart with the library inside the page (opens offline). */
final class LossChart {
    private LossChart() { }

    static void write(Path metrics, Path html, String title) {
        List<double[]> train = new ArrayList<>(), held = new ArrayList<>();
        ObjectMapper json = Json.MAPPER;
        try {
            if (Files.isRegularFile(metrics)) {
                for (String line : Files.readAllLines(metrics)) {
                    if (line.isBlank()) continue;
                    JsonNode n = json.readTree(line);
                    double step = n.get("step").asDouble();
                    if (n.hasNonNull("loss")) train.add(new double[]{step, n.get("loss").asDouble()});
                    if (n.hasNonNull("heldOutLoss")) held.add(new double[]{step, n.get("heldOutLoss").asDouble()});
                }
            }
            Path tmp = html.resolveSibling(html.getFileName() + ".tmp");
            Files.writeString(tmp, render(train, held, title));
            Files.move(tmp, html, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
    }

    /** One x (the steps of either series) and a y per series, null at a step the series has no point: uPlot's data shape. */
    static String render(List<double[]> train, List<double[]> held, String title) {
        TreeMap<Double, Double[]> byStep = new TreeMap<>();
        for (double[] p : train) if (Double.isFinite(p[1])) byStep.computeIfAbsent(p[0], k -> new Double[2])[0] = p[1];
        for (double[] p : held) if (Double.isFinite(p[1])) byStep.computeIfAbsent(p[0], k -> new Double[2])[1] = p[1];
        List<Double> steps = new ArrayList<>(byStep.keySet());
        List<Double> trainLoss = new ArrayList<>(), heldLoss = new ArrayList<>();
        byStep.values().forEach(v -> { trainLoss.add(v[0]); heldLoss.add(v[1]); });
        return HtmlReport.render("loss", Map.of("title", title, "chartScript", HtmlReport.chartScript(),
                "chartStyle", HtmlReport.chartStyle(), "data", HtmlReport.scriptJson(List.of(steps, trainLoss, heldLoss))));
    }
}
