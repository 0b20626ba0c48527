package io.liveharness.eval.report;

import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.eval.rubric.CaseScore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.liveharness.eval.report.Html.mark;
import static io.liveharness.eval.report.Html.pct;

/** A run's report.html (reports/eval.mustache): the figures, the slices, the failure kinds, and every case with what decided it. */
public final class HtmlReport {

    record Line(String name, Object value) { }

    public static void write(Path file, RunMeta meta, RunSummary s, List<CaseRecord> records) throws IOException {
        List<Line> about = new ArrayList<>(List.of(
                new Line("harness", meta.harnessVersion() + (meta.harnessSource() == null ? "" : "  (" + meta.harnessSource() + ")")),
                new Line("model", meta.model()),
                new Line("dev set", meta.devSet() + "  sha256 " + meta.devSetSha256()),
                new Line("judge", meta.judge() == null ? "none: deterministic checks only" : meta.judge() + " (" + s.judged() + " cases judged)"),
                new Line("started", meta.startedAt() + ", took " + String.format("%.1f s", meta.wallMs() / 1000.0)),
                new Line("command", meta.command())));
        if (meta.rescored() != null) {
            var r = meta.rescored();
            about.add(new Line("re-scored", "from run " + r.sourceId() + " (" + r.sourceDir() + ") at " + r.at() + " by " + r.command()));
            for (String note : r.notes()) about.add(new Line("re-scoring note", note));
        }
        Map<String, Object> scope = new HashMap<>();
        scope.put("style", Html.STYLE);
        scope.put("id", meta.id());
        scope.put("testModel", meta.testModel());
        scope.put("model", meta.model());
        scope.put("about", about);
        scope.put("cases", s.cases());
        scope.put("accuracy", pct(s.accuracy()));
        scope.put("effectiveness", pct(s.effectiveness()));
        scope.put("outcomes", String.valueOf(s.outcomes()));
        scope.put("routerAgreement", pct(s.routerAgreement()));
        scope.put("slices", List.of(slices("By intent", s.byIntent()), slices("By language", s.byLang()), slices("By tag", s.byTag())));
        scope.put("failureKinds", lines(s.failureKinds()));
        scope.put("checkFailures", lines(s.checkFailures()));
        if (s.claims() != null && s.falseClaims() != null) scope.put("claims", claims(s, records));
        scope.put("cases_", records.stream().map(r -> {
            CaseScore c = r.score();
            Map<String, Object> row = new HashMap<>();
            row.put("caseId", c.caseId());
            row.put("intent", c.intent());
            row.put("routed", c.routedIntent());
            row.put("message", r.devCase().text());
            row.put("reply", r.transcript().reply());
            row.put("outcome", c.outcome());
            row.put("accuracyMark", mark(c.accuracy()));
            row.put("accuracyBy", String.join(", ", c.accuracyBy()));
            row.put("effectivenessMark", mark(c.effectiveness()));
            row.put("effectivenessBy", String.join(", ", c.effectivenessBy()));
            row.put("failures", String.join(", ", c.failures()));
            return row;
        }).toList());
        Files.writeString(file, io.liveharness.report.HtmlReport.render("eval", scope), StandardCharsets.UTF_8);
    }

    private static List<Line> lines(Map<String, Integer> counts) {
        return counts.entrySet().stream().map(e -> new Line(e.getKey(), e.getValue())).toList();
    }

    private static Map<String, Object> slices(String title, Map<String, RunSummary.Slice> slices) {
        return Map.of("title", title, "rows", slices.entrySet().stream().map(e -> Map.of("name", e.getKey(), "cases", e.getValue().cases(),
                "accuracy", pct(e.getValue().accuracy()), "effectiveness", pct(e.getValue().effectiveness()),
                "byModel", pct(e.getValue().byModel()))).toList());
    }

    /**
     * Per kind of claim and of disfluency: replies that made one and how many were false, the model's
     * and the fallback's apart; then every reply with a false claim or a disfluency, with why.
     */
    private static Map<String, Object> claims(RunSummary s, List<CaseRecord> records) {
        List<Map<String, Object>> rates = new ArrayList<>(List.of(rate("any claim false", s.falseClaims()), rate("any disfluency", s.disfluent())));
        s.claims().forEach((k, r) -> rates.add(rate(k, r)));
        List<Map<String, Object>> wrong = new ArrayList<>();
        for (CaseRecord r : records) {
            var failed = r.score().checks().stream()
                    .filter(c -> c.failed() && (c.check().startsWith("claim-") || c.check().startsWith("fluent-"))).toList();
            if (failed.isEmpty()) continue;
            wrong.add(Map.of("caseId", r.score().caseId(), "outcome", r.score().outcome(), "message", r.devCase().text(),
                    "reply", r.transcript().reply(), "checks", failed.stream().map(c -> c.check() + ": " + c.detail()).toList()));
        }
        return Map.of("rates", rates, "wrong", wrong);
    }

    private static Map<String, Object> rate(String name, RunSummary.Rate r) {
        return Map.of("name", name, "model", r.model(), "modelFailed", r.modelFailed(),
                "modelPass", r.model() == 0 ? "" : pct(1 - (double) r.modelFailed() / r.model()),
                "fallback", r.fallback(), "fallbackFailed", r.fallbackFailed(),
                "fallbackPass", r.fallback() == 0 ? "" : pct(1 - (double) r.fallbackFailed() / r.fallback()));
    }

    private HtmlReport() { }
}
