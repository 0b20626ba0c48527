package io.liveharness.eval.export;

import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.Transcript;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Writes a run's trajectories as JSON Lines in one format, keeping the cases a filter passes. */
public final class TrajectoryExport {

    /** Which cases go out: all, or those passing one metric or both; fallbacks in or out. */
    public record Filter(String require, boolean includeFallbacks) {
        public static final List<String> REQUIRES = List.of("none", "accuracy", "effectiveness", "both");

        public Filter {
            if (!REQUIRES.contains(require)) throw new IllegalArgumentException("--require must be one of " + REQUIRES);
        }

        boolean keeps(CaseRecord r) {
            if (!includeFallbacks && Transcript.FALLBACK.equals(r.transcript().outcome())) return false;
            return switch (require) {
                case "accuracy" -> r.score().accuracy();
                case "effectiveness" -> r.score().effectiveness();
                case "both" -> r.score().accuracy() && r.score().effectiveness();
                default -> true;
            };
        }
    }

    /** @return how many trajectories were written */
    public static int write(List<CaseRecord> records, ExportFormat format, Filter filter, Path out) throws IOException {
        StringBuilder lines = new StringBuilder();
        int n = 0;
        for (CaseRecord r : records) {
            if (!filter.keeps(r)) continue;
            Optional<Trajectory> t = Trajectories.of(r);
            if (t.isEmpty()) continue;
            lines.append(format.write(t.get())).append('\n');
            n++;
        }
        if (out.getParent() != null) Files.createDirectories(out.getParent());
        Files.writeString(out, lines, StandardCharsets.UTF_8);
        return n;
    }

    public static List<Trajectory> read(Path file, ExportFormat format) throws IOException {
        List<Trajectory> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) if (!line.isBlank()) out.add(format.read(line));
        return out;
    }

    private TrajectoryExport() { }
}
