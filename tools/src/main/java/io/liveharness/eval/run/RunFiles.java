package io.liveharness.eval.run;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.rubric.CaseScore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's folder, {@code eval/runs/<id>/}: {@code run.json} (what ran, and the summary),
 * {@code scores.jsonl} (one {@link CaseScore} a line), {@code cases/<case>.json} (the case, its
 * full transcript and its score) and {@code report.html}.
 */
public final class RunFiles {
    public static final Path DEFAULT_ROOT = Path.of("eval/runs");
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final ObjectMapper LINE = Json.LENIENT;

    /** A run read back. */
    public record Run(Path dir, RunMeta meta, RunSummary summary, List<CaseRecord> cases) {
        public List<CaseScore> scores() { return cases.stream().map(CaseRecord::score).toList(); }
    }

    public static void writeCase(Path dir, CaseRecord record) throws IOException {
        Path cases = dir.resolve("cases");
        Files.createDirectories(cases);
        JSON.writeValue(cases.resolve(record.devCase().id() + ".json").toFile(), record);
    }

    public static void writeRun(Path dir, RunMeta meta, List<CaseRecord> records) throws IOException {
        Files.createDirectories(dir);
        List<CaseScore> scores = records.stream().map(CaseRecord::score).toList();
        ObjectNode run = JSON.createObjectNode();
        run.set("meta", JSON.valueToTree(meta));
        run.set("summary", JSON.valueToTree(RunSummary.of(scores)));
        JSON.writeValue(dir.resolve("run.json").toFile(), run);
        StringBuilder lines = new StringBuilder();
        for (CaseScore s : scores) lines.append(LINE.writeValueAsString(s)).append('\n');
        Files.writeString(dir.resolve("scores.jsonl"), lines, StandardCharsets.UTF_8);
    }

    /** A run folder, or a run id under {@link #DEFAULT_ROOT}. */
    public static Path resolve(String dirOrId) {
        Path p = Path.of(dirOrId);
        if (Files.isRegularFile(p.resolve("run.json"))) return p;
        Path under = DEFAULT_ROOT.resolve(dirOrId);
        if (Files.isRegularFile(under.resolve("run.json"))) return under;
        throw new IllegalArgumentException("no run at '" + dirOrId + "' (a folder with run.json, or an id under " + DEFAULT_ROOT + ")");
    }

    public static Run read(Path dir) throws IOException {
        var run = JSON.readTree(dir.resolve("run.json").toFile());
        RunMeta meta = JSON.treeToValue(run.get("meta"), RunMeta.class);
        RunSummary summary = JSON.treeToValue(run.get("summary"), RunSummary.class);
        List<CaseRecord> cases = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("scores.jsonl"), StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            CaseScore s = LINE.readValue(line, CaseScore.class);
            cases.add(JSON.readValue(dir.resolve("cases").resolve(s.caseId() + ".json").toFile(), CaseRecord.class));
        }
        return new Run(dir, meta, summary, List.copyOf(cases));
    }

    private RunFiles() { }
}
