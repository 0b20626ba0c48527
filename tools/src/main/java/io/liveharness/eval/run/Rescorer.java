package io.liveharness.eval.run;

import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.rubric.Scorer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A run's stored transcripts scored again by today's checks ({@link Scorer}, the same code
 * {@code eval run} scores with), written as a run folder of the same format. Nothing runs again:
 * the model's replies, tool calls and hook decisions are the run's; a judge's stored verdict is kept.
 * A robustness folder ({@code eval robustness}) is re-scored run by run, with its spread.
 */
public final class Rescorer {

    /** One run re-scored: its figures before and after, and how many cases changed (either metric, or any check). */
    public record Result(Path dir, RunMeta meta, RunSummary before, RunSummary after, int accuracyFlips, int effectivenessFlips,
                         int changed) { }

    /** True for a folder {@code eval robustness} wrote: robustness.json beside a run folder per harness. */
    public static boolean isRobustness(Path dir) { return Files.isRegularFile(dir.resolve(Robustness.FILE)); }

    /**
     * Re-scores the run in {@code source} into {@code target} (which may be {@code source} itself:
     * the run is read whole before anything is written).
     *
     * @param command the command line doing it, for the meta
     */
    public static Result rescore(Path source, Path target, String id, String command, CatalogRecovery facts) throws IOException {
        RunFiles.Run run = RunFiles.read(source);
        List<CaseRecord> records = new ArrayList<>();
        int accFlips = 0, effFlips = 0, changed = 0;
        for (CaseRecord stored : run.cases()) {
            CaseRecord r = facts.fill(stored);
            CaseScore was = stored.score();
            CaseScore now = Scorer.score(r.devCase(), r.transcript(), was == null ? null : was.judge());
            if (was == null || was.accuracy() != now.accuracy()) accFlips++;
            if (was == null || was.effectiveness() != now.effectiveness()) effFlips++;
            if (!now.equals(was)) changed++;
            records.add(new CaseRecord(r.devCase(), r.transcript(), now));
        }
        RunMeta meta = run.meta().rescoredAs(id, new RunMeta.Rescored(run.meta().id(), source.toString(), Instant.now().toString(),
                command, facts.notes(records.size())));
        write(target, source, meta, records);
        return new Result(target, meta, run.summary(), RunSummary.of(records.stream().map(CaseRecord::score).toList()),
                accFlips, effFlips, changed);
    }

    /**
     * Re-scores every run of a robustness folder (base, hsa1, ...) into {@code target}, under
     * {@code <id>/<run>}, and writes the spread again.
     */
    public static List<Result> rescoreRobustness(Path source, Path target, String id, String command, CatalogRecovery facts) throws IOException {
        Robustness was = Robustness.read(source.resolve(Robustness.FILE));
        List<Path> runs;
        try (Stream<Path> s = Files.list(source)) {
            runs = s.filter(d -> Files.isRegularFile(d.resolve("run.json"))).sorted(Comparator.comparing(Rescorer::runOrder)).toList();
        }
        if (runs.isEmpty()) throw new IllegalArgumentException(source + ": a robustness folder with no run folders (subfolders with run.json)");
        List<Result> results = new ArrayList<>();
        Map<String, RunSummary> summaries = new LinkedHashMap<>();
        for (Path run : runs) {
            String name = run.getFileName().toString();
            Result r = rescore(run, target.resolve(name), id + "/" + name, command, facts);
            results.add(r);
            summaries.put(r.meta().harnessVersion(), r.after());
        }
        Robustness.of(was.base(), was.seed(), summaries).write(target.resolve(Robustness.FILE));
        return results;
    }

    /** base first, then hsa1, hsa2, ..., hsa10 in number order. */
    private static String runOrder(Path dir) {
        String name = dir.getFileName().toString();
        if (name.equals("base")) return "";
        String digits = name.replaceAll("\\D", "");
        return digits.isEmpty() ? name : name.replaceAll("\\d", "") + "%09d".formatted(Long.parseLong(digits.substring(0, Math.min(9, digits.length()))));
    }

    /** Into a fresh folder beside the target, then in its place: a failure leaves the target (perhaps the source) as it was. */
    private static void write(Path target, Path source, RunMeta meta, List<CaseRecord> records) throws IOException {
        boolean inPlace = Files.exists(target) && Files.isSameFile(target, source);
        if (!inPlace && Files.exists(target.resolve("run.json"))) {
            throw new IllegalArgumentException("run " + target + " exists; choose another --id or --out");
        }
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path fresh = Files.createTempDirectory(parent, "." + target.getFileName() + "-rescoring-");
        try {
            for (CaseRecord r : records) RunFiles.writeCase(fresh, r);
            EvalRunner.finish(fresh, meta, records);
            if (Files.exists(target)) deleteTree(target);
            Files.move(fresh, target);
        } catch (IOException | RuntimeException e) {
            if (Files.exists(fresh)) deleteTree(fresh);
            throw e;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private Rescorer() { }
}
