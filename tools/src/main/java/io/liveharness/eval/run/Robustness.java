package io.liveharness.eval.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spread of each metric over a harness and its variants (the report's Harness-Variant QA):
 * a model that reads its harness scores alike on all of them; one that memorised the surface does not.
 */
public record Robustness(String base, long seed, Map<String, Double> accuracyByVersion, Map<String, Double> effectivenessByVersion,
                         Spread accuracy, Spread effectiveness) {

    /** Over the variants only (the base is listed beside them): mean, lowest, highest, standard deviation, and the base's own. */
    public record Spread(double base, double mean, double min, double max, double stdev) {
        static Spread of(double base, List<Double> xs) {
            double mean = xs.stream().mapToDouble(d -> d).average().orElse(0);
            double var = xs.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / Math.max(1, xs.size() - 1);
            return new Spread(base, mean, xs.stream().mapToDouble(d -> d).min().orElse(0), xs.stream().mapToDouble(d -> d).max().orElse(0),
                    Math.sqrt(var));
        }
    }

    /** @param runs the base run first, then one per variant, keyed by harness version */
    public static Robustness of(String base, long seed, Map<String, RunSummary> runs) {
        Map<String, Double> acc = new LinkedHashMap<>(), eff = new LinkedHashMap<>();
        runs.forEach((v, s) -> {
            acc.put(v, s.accuracy());
            eff.put(v, s.effectiveness());
        });
        List<Double> va = acc.entrySet().stream().filter(e -> !e.getKey().equals(base)).map(Map.Entry::getValue).toList();
        List<Double> ve = eff.entrySet().stream().filter(e -> !e.getKey().equals(base)).map(Map.Entry::getValue).toList();
        return new Robustness(base, seed, acc, eff, Spread.of(acc.getOrDefault(base, 0.0), va), Spread.of(eff.getOrDefault(base, 0.0), ve));
    }
}
