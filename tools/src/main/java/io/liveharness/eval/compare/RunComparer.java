package io.liveharness.eval.compare;

import io.liveharness.eval.compare.Comparison.Counts;
import io.liveharness.eval.compare.Comparison.Flip;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.rubric.Metric;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Compares two runs case by case (paired on case id). */
public final class RunComparer {

    public static Comparison compare(String runA, String harnessA, List<CaseScore> a, String runB, String harnessB,
                                     List<CaseScore> b, long seed, int resamples) {
        Map<String, CaseScore> byIdB = new LinkedHashMap<>();
        b.forEach(s -> byIdB.put(s.caseId(), s));
        List<CaseScore[]> pairs = new ArrayList<>();
        List<String> onlyInOne = new ArrayList<>();
        for (CaseScore x : a) {
            CaseScore y = byIdB.remove(x.caseId());
            if (y == null) onlyInOne.add(x.caseId()); else pairs.add(new CaseScore[]{x, y});
        }
        onlyInOne.addAll(byIdB.keySet());
        Map<String, PairedBootstrap.Delta> deltas = new LinkedHashMap<>();
        List<Flip> flips = new ArrayList<>();
        Map<String, Map<String, Counts>> byIntent = new TreeMap<>();
        Map<String, Integer> byKind = new TreeMap<>();
        for (Metric m : Metric.values()) {
            double[] sa = new double[pairs.size()], sb = new double[pairs.size()];
            for (int i = 0; i < pairs.size(); i++) {
                CaseScore x = pairs.get(i)[0], y = pairs.get(i)[1];
                sa[i] = x.score(m) ? 1 : 0;
                sb[i] = y.score(m) ? 1 : 0;
                if (x.score(m) == y.score(m)) continue;
                String metric = m.name().toLowerCase(Locale.ROOT);
                flips.add(new Flip(x.caseId(), x.intent(), metric, x.score(m), y.score(m), y.failures()));
                Counts c = byIntent.computeIfAbsent(String.valueOf(x.intent()), k -> new TreeMap<>()).getOrDefault(metric, new Counts(0, 0));
                byIntent.get(String.valueOf(x.intent())).put(metric, y.score(m) ? new Counts(c.fixed() + 1, c.broken()) : new Counts(c.fixed(), c.broken() + 1));
                if (!y.score(m)) y.failures().forEach(k -> byKind.merge(k, 1, Integer::sum));
            }
            // One seed per metric, derived from the run's seed, so adding a metric does not move the others' intervals.
            deltas.put(m.name().toLowerCase(Locale.ROOT), PairedBootstrap.of(sa, sb, resamples, seed + m.ordinal(), PairedBootstrap.DEFAULT_LEVEL));
        }
        return new Comparison(runA, runB, harnessA, harnessB, Instant.now().toString(), seed, resamples, pairs.size(),
                onlyInOne, deltas, flips, byIntent, byKind);
    }

    private RunComparer() { }
}
