package io.liveharness.eval.run;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.report.HtmlReport;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.rubric.Judge;
import io.liveharness.eval.rubric.JudgeVerdict;
import io.liveharness.eval.rubric.Scorer;
import io.liveharness.harness.Harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a dev set on one harness version through an {@link EvalRig}, one case at a time, scores
 * each case as it ends, shows progress, and writes the run's folder.
 */
public final class EvalRunner {

    /**
     * @param judge    null for deterministic checks only
     * @param progress where a line per case goes; null for none
     */
    public record Options(Path dir, Judge judge, PrintStream progress) { }

    public static List<CaseRecord> run(EvalRig rig, Harness harness, List<DevCase> cases, Options o) throws IOException {
        List<CaseRecord> records = new ArrayList<>();
        int acc = 0, eff = 0;
        for (int i = 0; i < cases.size(); i++) {
            DevCase c = cases.get(i);
            long started = System.nanoTime();
            Transcript t = rig.run(c, harness);
            JudgeVerdict verdict = o.judge() == null || t.silent() ? null : o.judge().judge(c, t);
            CaseScore s = Scorer.score(c, t, verdict);
            CaseRecord record = new CaseRecord(c, t, s);
            RunFiles.writeCase(o.dir(), record);
            records.add(record);
            if (s.accuracy()) acc++;
            if (s.effectiveness()) eff++;
            if (o.progress() != null) {
                o.progress().printf("[%d/%d] %-32s %-8s acc %s eff %s  %.1fs   running: accuracy %.1f%% effectiveness %.1f%%%n",
                        i + 1, cases.size(), c.id(), t.outcome(), s.accuracy() ? "✓" : "✗", s.effectiveness() ? "✓" : "✗",
                        (System.nanoTime() - started) / 1e9, 100.0 * acc / (i + 1), 100.0 * eff / (i + 1));
            }
        }
        return records;
    }

    /** Writes run.json, scores.jsonl and report.html for finished records. */
    public static void finish(Path dir, RunMeta meta, List<CaseRecord> records) throws IOException {
        RunFiles.writeRun(dir, meta, records);
        HtmlReport.write(dir.resolve("report.html"), meta, RunSummary.of(records.stream().map(CaseRecord::score).toList()), records);
    }

    private EvalRunner() { }
}
