package io.liveharness.router.train;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes an evaluation as a text report and as one self-contained HTML page (inline CSS, shaded confusion matrix). */
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
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(title)).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}\n")
                .append("td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f4f4f4}\n")
                .append("td.l,th.l{text-align:left}.big{font-size:1.4em}.note{color:#555}\n</style></head><body>\n");
        b.append("<h1>").append(esc(title)).append("</h1>\n");
        notes.forEach(n -> b.append("<p class=\"note\">").append(esc(n)).append("</p>\n"));
        b.append("<p class=\"big\">accuracy <b>%.4f</b> &nbsp; macro-F1 <b>%.4f</b> &nbsp; n = %d</p>\n"
                .formatted(e.accuracy(), e.macroF1(), e.total()));
        b.append("<h2>Per class</h2>\n<table><tr><th class=\"l\">class</th><th>support</th><th>precision</th><th>recall</th><th>F1</th></tr>\n");
        for (Evaluation.ClassStats s : e.perClass()) {
            b.append("<tr><td class=\"l\">%s</td><td>%d</td><td>%.4f</td><td>%.4f</td><td>%.4f</td></tr>\n"
                    .formatted(esc(s.label()), s.support(), s.precision(), s.recall(), s.f1()));
        }
        b.append("</table>\n<h2>Confusion matrix</h2>\n<p class=\"note\">rows: gold label, columns: predicted; shade = share of the row</p>\n<table><tr><th class=\"l\">gold \\ predicted</th>");
        for (String l : e.labels()) b.append("<th>").append(esc(l)).append("</th>");
        b.append("</tr>\n");
        for (int g = 0; g < e.labels().size(); g++) {
            int row = 0;
            for (int v : e.confusion()[g]) row += v;
            b.append("<tr><th class=\"l\">").append(esc(e.labels().get(g))).append("</th>");
            for (int p = 0; p < e.labels().size(); p++) {
                int v = e.confusion()[g][p];
                double share = row == 0 ? 0 : (double) v / row;
                String colour = g == p ? "46,160,67" : "214,39,40";
                b.append("<td style=\"background:rgba(%s,%.3f)\">%d</td>".formatted(colour, v == 0 ? 0 : 0.1 + 0.9 * share, v));
            }
            b.append("</tr>\n");
        }
        return b.append("</table>\n</body></html>\n").toString();
    }

    public static void write(Path dir, String name, String title, List<String> notes, Evaluation e) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".txt"), text(title, notes, e));
        Files.writeString(dir.resolve(name + ".html"), html(title, notes, e));
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private ReportWriter() { }
}
