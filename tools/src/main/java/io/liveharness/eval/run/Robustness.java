package io.liveharness.eval.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The file beside the run folders of a robustness run. */
    public static final String FILE = "robustness.json";

    public void write(Path file) throws IOException {
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        RunFiles.JSON.writeValue(file.toFile(), this);
    }

    /** A robustness.json read back; one missing or that does not parse is an error naming it. */
    public static Robustness read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": is missing");
        try {
            Robustness r = RunFiles.JSON.readValue(file.toFile(), Robustness.class);
            if (r.base() == null) throw new IllegalArgumentException(file + ": has no \"base\" harness version");
            return r;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": does not parse: " + e.getOriginalMessage(), e);
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
