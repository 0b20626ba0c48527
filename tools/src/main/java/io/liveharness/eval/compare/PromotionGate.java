package io.liveharness.eval.compare;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether a harness version may become {@code stable}: only when the latest comparison between it
 * and the current stable version shows neither metric falling by more than its margin (§2.3: a
 * change that raises Accuracy by refusing more must not ship on Accuracy alone).
 */
public final class PromotionGate {
    public static final Path DEFAULT_COMPARISONS = Path.of("eval/comparisons");
    public static final Path DEFAULT_POLICY = Path.of("eval/promotion.yaml");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * How far each metric may fall (as a fraction: 0.01 is one point) before a promotion is refused.
     */
    public record Margins(double accuracy, double effectiveness) {
        public static final Margins DEFAULT = new Margins(0.01, 0.01);

        public static Margins load(Path file) throws IOException {
            if (!Files.isRegularFile(file)) return DEFAULT;
            var n = Json.YAML.readTree(file.toFile());
            return new Margins(n.path("accuracyMargin").asDouble(DEFAULT.accuracy), n.path("effectivenessMargin").asDouble(DEFAULT.effectiveness));
        }

        double of(String metric) { return metric.equals("accuracy") ? accuracy : effectiveness; }
    }

    /** The gate's answer, with the comparison it read (null when none was found). */
    public record Decision(boolean allowed, String reason, Comparison comparison) { }

    public static Decision check(String candidate, String stable, List<Comparison> comparisons, Margins margins) {
        if (candidate.equals(stable)) return new Decision(true, candidate + " is already the stable version", null);
        Optional<Comparison> latest = comparisons.stream()
                .filter(c -> c.harnessA().equals(stable) && c.harnessB().equals(candidate))
                .max(Comparator.comparing(Comparison::createdAt));
        if (latest.isEmpty()) {
            return new Decision(false, "no comparison of " + candidate + " against the stable version " + stable
                    + ": run `eval run` on both and `eval compare <stable-run> <candidate-run>` first", null);
        }
        Comparison c = latest.get();
        List<String> regressions = new ArrayList<>();
        c.deltas().forEach((metric, d) -> {
            if (d.delta() < -margins.of(metric)) {
                regressions.add(String.format(Locale.ROOT, "%s %.1f%% -> %.1f%% (%+.1f points, 95%% CI %+.1f..%+.1f; margin %.1f)", metric,
                        100 * d.a(), 100 * d.b(), 100 * d.delta(), 100 * d.low(), 100 * d.high(), 100 * margins.of(metric)));
            }
        });
        String which = " (comparison " + c.runA() + " vs " + c.runB() + ", " + c.createdAt() + ")";
        if (!regressions.isEmpty()) return new Decision(false, "regression beyond the margin: " + String.join("; ", regressions) + which, c);
        return new Decision(true, "no metric falls beyond its margin" + which, c);
    }

    /** Every comparison file under a folder. */
    public static List<Comparison> load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        List<Comparison> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) out.add(JSON.readValue(f.toFile(), Comparison.class));
        }
        return out;
    }

    public static Path write(Path dir, Comparison c) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(fileName(c.runA()) + "__vs__" + fileName(c.runB()) + ".json");
        JSON.writeValue(file.toFile(), c);
        return file;
    }

    /** A run id as part of a file name: a robustness run's id has a '/' in it. */
    private static String fileName(String runId) { return runId.replaceAll("[^A-Za-z0-9._-]", "_"); }

    private PromotionGate() { }
}
