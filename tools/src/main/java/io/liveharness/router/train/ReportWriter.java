package io.liveharness.router.train;

import io.liveharness.report.HtmlReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes an evaluation as a text report and as one self-contained HTML page (inline CSS, shaded confusion matrix; markup in reports/router-eval.mustache). */
public final class ReportWriter {

    public static String text(String title, List<String> notes, Evaluation e) {
        StringBuilder b = new StringBuilder();
        b.append(title).append('\n').append("=".repeat(title.length())).append("\n\n");
        notes.forEach(n -> b.append(n).append('\n'));
        b.append('\n').append(e.summaryLine()).append("\n\n");
        b.append("%-24s %7s %9s %7s %7s%n".formatted("class", "support", "precision", "recall", "f1"));
        for (Evaluation.ClassStats s : e.perClass()) {
            b.append("%-24s %7d %9.4f %7.4f %7.4f%n".formatted(s.label(), s.support(), s.precision(), s.recall(), s.f1()));
        }
        if (e.labels().size() <= 20) {
            b.append("\nconfusion matrix (rows: gold, columns: predicted)\n");
            b.append("%-16s".formatted(""));
            for (String l : e.labels()) b.append("%8.7s".formatted(l));
            b.append('\n');
            for (int g = 0; g < e.labels().size(); g++) {
                b.append("%-16s".formatted(e.labels().get(g)));
                for (int p = 0; p < e.labels().size(); p++) b.append("%8d".formatted(e.confusion()[g][p]));
                b.append('\n');
            }
        }
        return b.toString();
    }

    public static String html(String title, List<String> notes, Evaluation e) {
        List<Row> rows = new ArrayList<>();
        for (int g = 0; g < e.labels().size(); g++) {
            int total = 0;
            for (int v : e.confusion()[g]) total += v;
            List<Cell> cells = new ArrayList<>();
            for (int p = 0; p < e.labels().size(); p++) {
                int v = e.confusion()[g][p];
                double share = total == 0 ? 0 : (double) v / total;
                cells.add(new Cell(v, g == p ? "46,160,67" : "214,39,40", "%.3f".formatted(v == 0 ? 0 : 0.1 + 0.9 * share)));
            }
            rows.add(new Row(e.labels().get(g), cells));
        }
        return HtmlReport.render("router-eval", Map.of("title", title, "notes", notes,
                "accuracy", "%.4f".formatted(e.accuracy()), "macroF1", "%.4f".formatted(e.macroF1()), "total", e.total(),
                "perClass", e.perClass().stream().map(s -> new ClassRow(s.label(), s.support(), "%.4f".formatted(s.precision()),
                        "%.4f".formatted(s.recall()), "%.4f".formatted(s.f1()))).toList(),
                "labels", e.labels(), "rows", rows));
    }

    record ClassRow(String label, int support, String precision, String recall, String f1) { }
    record Cell(int count, String colour, String alpha) { }
    record Row(String gold, List<Cell> cells) { }

    public static void write(Path dir, String name, String title, List<String> notes, Evaluation e) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".txt"), text(title, notes, e));
        Files.writeString(dir.resolve(name + ".html"), html(title, notes, e));
    }

    private ReportWriter() { }
}
