package io.liveharness.training.trainer;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** loss.html: a self-contained SVG of train and held-out loss by step, drawn from metrics.jsonl. */
final class LossChart {
    private static final int W = 900, H = 420, PAD = 60;

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

    static String render(List<double[]> train, List<double[]> held, String title) {
        double maxX = 1, minY = Double.MAX_VALUE, maxY = -Double.MAX_VALUE;
        for (List<double[]> s : List.of(train, held)) {
            for (double[] p : s) {
                if (!Double.isFinite(p[1])) continue;
                maxX = Math.max(maxX, p[0]);
                minY = Math.min(minY, p[1]);
                maxY = Math.max(maxY, p[1]);
            }
        }
        if (minY > maxY) { minY = 0; maxY = 1; }
        if (maxY - minY < 1e-9) maxY = minY + 1;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' font-family='sans-serif' font-size='12'>%n", W, H));
        svg.append(String.format(Locale.ROOT, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#999'/>%n", PAD, PAD / 2, W - PAD - 20, H - PAD - PAD / 2));
        for (int i = 0; i <= 4; i++) {
            double v = minY + (maxY - minY) * i / 4;
            double y = y(v, minY, maxY);
            svg.append(String.format(Locale.ROOT, "<text x='%d' y='%.1f' text-anchor='end'>%.3f</text>%n", PAD - 6, y + 4, v));
            svg.append(String.format(Locale.ROOT, "<line x1='%d' x2='%d' y1='%.1f' y2='%.1f' stroke='#eee'/>%n", PAD, W - 20, y, y));
        }
        svg.append(String.format(Locale.ROOT, "<text x='%d' y='%d'>step 0</text><text x='%d' y='%d' text-anchor='end'>step %.0f</text>%n",
                PAD, H - PAD / 2 + 4, W - 20, H - PAD / 2 + 4, maxX));
        svg.append(polyline(train, maxX, minY, maxY, "#1f77b4"));
        svg.append(polyline(held, maxX, minY, maxY, "#ff7f0e"));
        svg.append(String.format(Locale.ROOT, "<text x='%d' y='%d' fill='#1f77b4'>train loss</text><text x='%d' y='%d' fill='#ff7f0e'>held-out loss</text>%n",
                PAD + 10, PAD / 2 + 18, PAD + 110, PAD / 2 + 18));
        svg.append("</svg>\n");
        return "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + escape(title) + "</title></head><body>\n<h3>"
                + escape(title) + "</h3>\n" + svg + "</body></html>\n";
    }

    private static String polyline(List<double[]> points, double maxX, double minY, double maxY, String color) {
        if (points.isEmpty()) return "";
        StringBuilder s = new StringBuilder("<polyline fill='none' stroke-width='1.5' stroke='" + color + "' points='");
        for (double[] p : points) {
            if (!Double.isFinite(p[1])) continue;
            s.append(String.format(Locale.ROOT, "%.1f,%.1f ", PAD + (W - PAD - 20) * p[0] / maxX, y(p[1], minY, maxY)));
        }
        return s.append("'/>\n").toString();
    }

    private static double y(double v, double minY, double maxY) {
        return PAD / 2.0 + (H - PAD - PAD / 2.0) * (1 - (v - minY) / (maxY - minY));
    }

    private static String escape(String s) { return s.replace("&", "&amp;").replace("<", "&lt;"); }
}
