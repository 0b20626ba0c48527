package io.liveharness.eval.rubric;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The two scores of one case and what decided each.
 *
 * @param accuracyBy      the checks (and {@code judge}) that decided Accuracy: the failed ones when
 *                        it failed, else the ones that passed
 * @param failures        the failure kinds of {@link FailureTaxonomy} this case shows
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CaseScore(String caseId, String room, String intent, String lang, List<String> tags, String routedIntent,
                        String outcome, boolean accuracy, boolean effectiveness, List<String> accuracyBy,
                        List<String> effectivenessBy, List<CheckResult> checks, JudgeVerdict judge, List<String> failures) {
    public CaseScore {
        tags = tags == null ? List.of() : List.copyOf(tags);
        checks = checks == null ? List.of() : List.copyOf(checks);
        failures = failures == null ? List.of() : List.copyOf(failures);
    }

    public boolean score(Metric m) { return m == Metric.ACCURACY ? accuracy : effectiveness; }
}
