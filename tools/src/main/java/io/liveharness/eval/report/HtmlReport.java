package io.liveharness.eval.report;

import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.eval.rubric.CaseScore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.liveharness.eval.report.Html.esc;
import static io.liveharness.eval.report.Html.mark;
import static io.liveharness.eval.report.Html.pct;

/** A run's report.html: the figures, the slices, the failure kinds, and every case with what decided it. */
public final class HtmlReport {

    public static void write(Path file, RunMeta meta, RunSummary s, List<CaseRecord> records) throws IOException {
        StringBuilder h = new StringBuilder("<!doctype html><meta charset=utf-8><title>eval ").append(esc(meta.id()))
                .append("</title>").append(Html.STYLE).append("<h1>Evaluation run ").append(esc(meta.id())).append("</h1>");
        if (meta.testModel()) {
            h.append("<p class=note><b>Test model.</b> ").append(esc(meta.model())).append(" is a tiny model whose text carries no ")
                    .append("meaning: most replies are the skills' grounded fallbacks. These scores measure the harness's fallbacks and ")
                    .append("the pipeline, not answer quality; they say nothing about how a real model would do.</p>");
        }
        h.append("<table>");
        row(h, "harness", meta.harnessVersion() + (meta.harnessSource() == null ? "" : "  (" + meta.harnessSource() + ")"));
        row(h, "model", meta.model());
        row(h, "dev set", meta.devSet() + "  sha256 " + meta.devSetSha256());
        row(h, "judge", meta.judge() == null ? "none: deterministic checks only" : meta.judge() + " (" + s.judged() + " cases judged)");
        row(h, "started", meta.startedAt() + ", took " + String.format("%.1f s", meta.wallMs() / 1000.0));
        row(h, "command", meta.command());
        if (meta.rescored() != null) {
            var r = meta.rescored();
            row(h, "re-scored", "from run " + r.sourceId() + " (" + r.sourceDir() + ") at " + r.at() + " by " + r.command());
            for (String note : r.notes()) row(h, "re-scoring note", note);
        }
        h.append("</table>");
        h.append("<h2>Scores</h2><table><tr><th>cases<th>Accuracy<th>Effectiveness<th>outcomes<th>router agrees with label</tr>")
                .append("<tr><td class=num>").append(s.cases()).append("<td class=num><b>").append(pct(s.accuracy()))
                .append("</b><td class=num><b>").append(pct(s.effectiveness())).append("</b><td>").append(esc(s.outcomes()))
                .append("<td class=num>").append(pct(s.routerAgreement())).append("</tr></table>");
        slices(h, "By intent", s.byIntent());
        slices(h, "By language", s.byLang());
        slices(h, "By tag", s.byTag());
        h.append("<h2>Failure kinds</h2><table><tr><th>kind<th>cases</tr>");
        s.failureKinds().forEach((k, n) -> h.append("<tr><td>").append(esc(k)).append("<td class=num>").append(n).append("</tr>"));
        h.append("</table><h2>Failed checks</h2><table><tr><th>check<th>cases</tr>");
        s.checkFailures().forEach((k, n) -> h.append("<tr><td>").append(esc(k)).append("<td class=num>").append(n).append("</tr>"));
        h.append("</table>");
        claims(h, s, records);
        h.append("<h2>Cases</h2><table><tr><th>case<th>intent / routed<th>message<th>reply<th>outcome<th>Acc<th>decided by")
                .append("<th>Eff<th>decided by<th>failure kinds</tr>");
        for (CaseRecord r : records) {
            CaseScore c = r.score();
            h.append("<tr><td><a href=\"cases/").append(esc(c.caseId())).append(".json\">").append(esc(c.caseId())).append("</a>")
                    .append("<td>").append(esc(c.intent())).append(" / ").append(esc(c.routedIntent()))
                    .append("<td>").append(esc(r.devCase().text())).append("<td>").append(esc(r.transcript().reply()))
                    .append("<td>").append(esc(c.outcome())).append("<td>").append(mark(c.accuracy())).append("<td><small>")
                    .append(esc(String.join(", ", c.accuracyBy()))).append("</small><td>").append(mark(c.effectiveness()))
                    .append("<td><small>").append(esc(String.join(", ", c.effectivenessBy()))).append("</small><td>")
                    .append(esc(String.join(", ", c.failures()))).append("</tr>");
        }
        h.append("</table>");
        Files.writeString(file, h, StandardCharsets.UTF_8);
    }

    private static void row(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(esc(k)).append("<td>").append(esc(v)).append("</tr>");
    }

    private static void slices(StringBuilder h, String title, Map<String, RunSummary.Slice> slices) {
        h.append("<h3>").append(esc(title)).append("</h3><table><tr><th><th>cases<th>Accuracy<th>Effectiveness<th>both, by the model</tr>");
        slices.forEach((k, v) -> h.append("<tr><td>").append(esc(k)).append("<td class=num>").append(v.cases())
                .append("<td class=num>").append(pct(v.accuracy())).append("<td class=num>").append(pct(v.effectiveness()))
                .append("<td class=num>").append(pct(v.byModel())).append("</tr>"));
        h.append("</table>");
    }

    private HtmlReport() { }

    /**
     * Per kind of claim and of disfluency: replies that made one and how many were false, the model's
     * and the fallback's apart; then every reply with a false claim or a disfluency, with why.
     */
    private static void claims(StringBuilder h, RunSummary s, List<CaseRecord> records) {
        if (s.claims() == null || s.falseClaims() == null) return;
        h.append("<h2>Claims and fluency</h2><p>A reply is counted under a kind when it makes a claim of that kind (or can stutter: ")
                .append("every spoken reply, for the fluency rows); <i>false</i> is how many of those the turn's facts contradict.</p>")
                .append("<table><tr><th>check<th>model: replies<th>false<th>pass<th>fallback: replies<th>false<th>pass</tr>");
        rateRow(h, "any claim false", s.falseClaims());
        rateRow(h, "any disfluency", s.disfluent());
        s.claims().forEach((k, r) -> rateRow(h, k, r));
        h.append("</table><h2>Replies with a false claim or a disfluency</h2><table><tr><th>case<th>outcome<th>message<th>reply<th>what is wrong</tr>");
        for (CaseRecord r : records) {
            var failed = r.score().checks().stream()
                    .filter(c -> c.failed() && (c.check().startsWith("claim-") || c.check().startsWith("fluent-"))).toList();
            if (failed.isEmpty()) continue;
            h.append("<tr><td>").append(esc(r.score().caseId())).append("<td>").append(esc(r.score().outcome()))
                    .append("<td>").append(esc(r.devCase().text())).append("<td>").append(esc(r.transcript().reply())).append("<td><small>");
            failed.forEach(c -> h.append(esc(c.check())).append(": ").append(esc(c.detail())).append("<br>"));
            h.append("</small></tr>");
        }
        h.append("</table>");
    }

    private static void rateRow(StringBuilder h, String name, RunSummary.Rate r) {
        h.append("<tr><td>").append(esc(name)).append("<td class=num>").append(r.model()).append("<td class=num>").append(r.modelFailed())
                .append("<td class=num>").append(r.model() == 0 ? "" : pct(1 - (double) r.modelFailed() / r.model()))
                .append("<td class=num>").append(r.fallback()).append("<td class=num>").append(r.fallbackFailed())
                .append("<td class=num>").append(r.fallback() == 0 ? "" : pct(1 - (double) r.fallbackFailed() / r.fallback())).append("</tr>");
    }
}
