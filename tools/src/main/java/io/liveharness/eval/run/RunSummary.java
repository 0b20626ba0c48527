package io.liveharness.eval.run;

import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.rubric.CheckResult;
import io.liveharness.eval.rubric.FailureTaxonomy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The figures of one run: both metrics overall and by intent, language and tag, how replies came
 * about (model, fallback, silence), how often the router agreed with the dev set's label, the
 * failure kinds and the checks that failed most; per kind of claim and of disfluency, how many
 * replies made one and how many of those were false, for the model's replies and the fallbacks apart.
 */
public record RunSummary(int cases, double accuracy, double effectiveness, Map<String, Slice> byIntent,
                         Map<String, Slice> byLang, Map<String, Slice> byTag, Map<String, Integer> outcomes,
                         double routerAgreement, Map<String, Integer> failureKinds, Map<String, Integer> checkFailures,
                         int judged, Map<String, Rate> claims, Rate falseClaims, Rate disfluent) {

    /**
     * How many replies a check applied to and how many failed it, the model's and the fallback's apart.
     * For {@code falseClaims} and {@code disfluent}: replies spoken, and those with any false claim
     * (any disfluency).
     */
    public record Rate(int model, int modelFailed, int fallback, int fallbackFailed) {
        public int replies() { return model + fallback; }

        public int failed() { return modelFailed + fallbackFailed; }

        public double failedShare() { return replies() == 0 ? 0 : (double) failed() / replies(); }

        Rate plus(boolean byModel, boolean failed) {
            return byModel ? new Rate(model + 1, modelFailed + (failed ? 1 : 0), fallback, fallbackFailed)
                    : new Rate(model, modelFailed, fallback + 1, fallbackFailed + (failed ? 1 : 0));
        }
    }

    /**
     * Both metrics over a subset of the cases, and the share the model answered itself with both
     * passed (a fallback that states the facts is effective, but it is not the model's answer).
     */
    public record Slice(int cases, double accuracy, double effectiveness, double byModel) { }

    public static RunSummary of(List<CaseScore> scores) {
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<String, Integer> kinds = new LinkedHashMap<>();
        FailureTaxonomy.ALL.forEach(k -> kinds.put(k, 0));
        Map<String, Integer> checks = new TreeMap<>();
        int agree = 0, judged = 0;
        for (CaseScore s : scores) {
            outcomes.merge(s.outcome(), 1, Integer::sum);
            s.failures().forEach(k -> kinds.merge(k, 1, Integer::sum));
            s.checks().stream().filter(CheckResult::failed).forEach(c -> checks.merge(c.check(), 1, Integer::sum));
            if (s.intent() != null && s.intent().equals(s.routedIntent())) agree++;
            if (s.judge() != null && s.judge().accurate() != null) judged++;
        }
        Map<String, Slice> byTag = new TreeMap<>();
        for (CaseScore s : scores) for (String tag : s.tags()) byTag.put(tag, null);
        byTag.replaceAll((tag, x) -> slice(scores.stream().filter(s -> s.tags().contains(tag)).toList()));
        Map<String, Rate> claims = new TreeMap<>();
        Rate falseClaims = new Rate(0, 0, 0, 0), disfluent = new Rate(0, 0, 0, 0);
        for (CaseScore s : scores) {
            if (!Transcript.MODEL.equals(s.outcome()) && !Transcript.FALLBACK.equals(s.outcome())) continue;
            boolean byModel = Transcript.MODEL.equals(s.outcome());
            for (CheckResult c : s.checks()) {
                if (!c.applies() || !(c.check().startsWith("claim-") || c.check().startsWith("fluent-"))) continue;
                claims.merge(c.check(), new Rate(0, 0, 0, 0).plus(byModel, c.failed()),
                        (a, b) -> new Rate(a.model() + b.model(), a.modelFailed() + b.modelFailed(), a.fallback() + b.fallback(),
                                a.fallbackFailed() + b.fallbackFailed()));
            }
            falseClaims = falseClaims.plus(byModel, s.checks().stream().anyMatch(c -> c.failed() && c.check().startsWith("claim-")));
            disfluent = disfluent.plus(byModel, s.checks().stream().anyMatch(c -> c.failed() && c.check().startsWith("fluent-")));
        }
        return new RunSummary(scores.size(), rate(scores, CaseScore::accuracy), rate(scores, CaseScore::effectiveness),
                by(scores, CaseScore::intent), by(scores, CaseScore::lang), byTag, outcomes,
                scores.isEmpty() ? 0 : (double) agree / scores.size(), kinds, checks, judged, claims, falseClaims, disfluent);
    }

    private static Map<String, Slice> by(List<CaseScore> scores, Function<CaseScore, String> key) {
        Map<String, List<CaseScore>> groups = new TreeMap<>();
        for (CaseScore s : scores) groups.computeIfAbsent(String.valueOf(key.apply(s)), k -> new java.util.ArrayList<>()).add(s);
        Map<String, Slice> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, slice(v)));
        return out;
    }

    private static Slice slice(List<CaseScore> s) {
        return new Slice(s.size(), rate(s, CaseScore::accuracy), rate(s, CaseScore::effectiveness),
                rate(s, c -> Transcript.MODEL.equals(c.outcome()) && c.accuracy() && c.effectiveness()));
    }

    private static double rate(List<CaseScore> s, java.util.function.Predicate<CaseScore> p) {
        return s.isEmpty() ? 0 : (double) s.stream().filter(p).count() / s.size();
    }
}
