package io.liveharness.eval.rubric;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;

import java.util.ArrayList;
import java.util.List;

/**
 * Combines the checks of one case into its two scores: a metric fails when any of its applicable
 * checks fails; when none fails, the judge (if one ran and could be read) has the last word on
 * what the checks cannot see.
 */
public final class Scorer {

    public static CaseScore score(DevCase c, Transcript t, JudgeVerdict judge) {
        List<CheckResult> checks = RubricChecks.run(c, t);
        Decision acc = decide(checks, Metric.ACCURACY, judge == null ? null : judge.accurate());
        Decision eff = decide(checks, Metric.EFFECTIVENESS, judge == null ? null : judge.effective());
        return new CaseScore(c.id(), c.room(), c.intent(), c.lang(), c.tags(), t.routedIntent(), t.outcome(), acc.pass(),
                eff.pass(), acc.by(), eff.by(), checks, judge, FailureTaxonomy.of(c, t, checks));
    }

    private record Decision(boolean pass, List<String> by) { }

    private static Decision decide(List<CheckResult> checks, Metric m, Boolean judge) {
        List<String> failed = new ArrayList<>(), passed = new ArrayList<>();
        for (CheckResult r : checks) {
            if (r.metric() != m || !r.applies()) continue;
            (r.failed() ? failed : passed).add(r.check());
        }
        if (!failed.isEmpty()) return new Decision(false, failed);
        if (judge != null) {
            List<String> by = new ArrayList<>(List.of("judge"));
            by.addAll(passed);
            return new Decision(judge, by);
        }
        return new Decision(true, passed.isEmpty() ? List.of("no check applies") : passed);
    }

    private Scorer() { }
}
