package io.liveharness.eval.run;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
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

    /**
     * Reads a run's folder back; a file that is missing or does not parse is an
     * {@link IllegalArgumentException} naming it (and the line, in scores.jsonl).
     */
    public static Run read(Path dir) throws IOException {
        Path runFile = dir.resolve("run.json");
        JsonNode run = readJson(runFile, JsonNode.class);
        if (!run.path("meta").isObject() || !run.path("summary").isObject()) throw bad(runFile, "has no \"meta\" and \"summary\" objects");
        RunMeta meta = convert(runFile, run.get("meta"), RunMeta.class);
        RunSummary summary = convert(runFile, run.get("summary"), RunSummary.class);
        Path scoresFile = dir.resolve("scores.jsonl");
        if (!Files.isRegularFile(scoresFile)) throw bad(scoresFile, "is missing");
        List<String> lines = Files.readAllLines(scoresFile, StandardCharsets.UTF_8);
        List<CaseRecord> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            CaseScore s;
            try {
                s = LINE.readValue(lines.get(i), CaseScore.class);
            } catch (JsonProcessingException e) {
                throw bad(scoresFile, (i + 1) + ": not a case score: " + e.getOriginalMessage());
            }
            if (s.caseId() == null) throw bad(scoresFile, (i + 1) + ": a case score without caseId");
            Path caseFile = dir.resolve("cases").resolve(s.caseId() + ".json");
            CaseRecord record = readJson(caseFile, CaseRecord.class);
            if (record.devCase() == null || record.transcript() == null || !s.caseId().equals(record.devCase().id())) {
                throw bad(caseFile, "is not the record of case " + s.caseId() + " (it needs devCase with that id, and transcript)");
            }
            cases.add(record);
        }
        return new Run(dir, meta, summary, List.copyOf(cases));
    }

    private static <T> T readJson(Path file, Class<T> type) throws IOException {
        if (!Files.isRegularFile(file)) throw bad(file, "is missing");
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (JsonProcessingException e) {
            throw bad(file, "does not parse: " + e.getOriginalMessage());
        }
    }

    private static <T> T convert(Path file, JsonNode node, Class<T> type) {
        try {
            return JSON.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw bad(file, "does not parse: " + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
    }

    private static IllegalArgumentException bad(Path file, String what) { return new IllegalArgumentException(file + ": " + what); }

    private RunFiles() { }
}
