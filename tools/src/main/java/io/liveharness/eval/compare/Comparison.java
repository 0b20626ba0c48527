package io.liveharness.eval.compare;

import io.liveharness.eval.compare.PairedBootstrap.Delta;

import java.util.List;
import java.util.Map;

/**
 * Run B against run A on the cases both ran: the change of each metric with its interval, and
 * the cases that flipped, grouped by intent and by failure kind.
 *
 * @param flipsByIntent      per intent, per metric: how many cases B fixed and how many it broke
 * @param regressionsByKind  per failure kind: how many of B's newly failing cases show it
 */
public record Comparison(String runA, String runB, String harnessA, String harnessB, String createdAt, long seed,
                         int resamples, int cases, List<String> onlyInOne, Map<String, Delta> deltas, List<Flip> flips,
                         Map<String, Map<String, Counts>> flipsByIntent, Map<String, Integer> regressionsByKind) {

    /** One case whose score on one metric changed. */
    public record Flip(String caseId, String intent, String metric, boolean before, boolean after, List<String> failuresAfter) { }

    public record Counts(int fixed, int broken) { }
}
