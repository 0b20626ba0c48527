package io.liveharness.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.CatalogRecovery;
import io.liveharness.eval.run.EvalHarness;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.EvalRunner;
import io.liveharness.eval.run.Rescorer;
import io.liveharness.eval.run.Robustness;
import io.liveharness.eval.run.RunFiles;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.eval.run.Transcript;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * `eval rescore` against a small run made here with the committed model through the real rig: the
 * same checks give back the run's scores exactly, a stored score someone changed is restored, an
 * old run without catalog facts gets them back only where its own record agrees, a robustness
 * folder is re-scored run by run, and a broken run is an error naming the file.
 */
@Timeout(300)
class RescoreTest {
    private static final Set<String> CASES = Set.of("dress-product-qa-zh-001", "dress-product-qa-zh-016", "dress-spam-zh-001",
            "dress-promotion-en-001", "tech-product-qa-en-005", "snack-logistics-zh-001", "tech-after-sales-zh-001");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    private static Path run;
    private static NodeConfig config;

    @BeforeAll
    static void aSmallRun() throws Exception {
        config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        EvalHarness harness = EvalHarness.resolve("harness/default", config);
        List<DevCase> cases = DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().filter(c -> CASES.contains(c.id())).toList();
        assertEquals(CASES.size(), cases.size());
        run = tmp.resolve("runs/small");
        List<CaseRecord> records;
        String model;
        try (EvalRig rig = EvalRig.open(config, EvalModels.open(config.engine()), EvalModels.router(config), List.of(harness.harness()), 8_000)) {
            records = EvalRunner.run(rig, harness.harness(), cases, new EvalRunner.Options(run, null, null));
            model = rig.modelInfo().name();
        }
        EvalRunner.finish(run, new RunMeta("small", harness.harness().version(), harness.source(), model, false,
                "eval/dev/demo.jsonl", "x", null, "2026-12-07T00:00:00Z", 1, "./liveharness eval run --harness harness/default --id small"), records);
    }

    @Test
    void aRunStoresTheCatalogFactsEachCaseRanAgainst() throws Exception {
        Transcript t = record(run, "dress-product-qa-zh-001").transcript();
        assertNotNull(t.catalog(), "the case file holds the room, its products and the policies");
        assertTrue(t.catalog().room().path("persona").asText().contains("小美"), t.catalog().room().toString());
        assertEquals(List.of("dress-101", "dress-102"), t.catalog().products().stream().map(p -> p.path("id").asText()).toList());
        assertTrue(t.catalog().product("dress-101").orElseThrow().path("price").asDouble() > 0);
        assertTrue(t.catalog().policies().path("regions").isArray(), t.catalog().policies().toString());
        Transcript spam = record(run, "dress-spam-zh-001").transcript();
        assertNotNull(spam.catalog(), "a case dropped before the pipeline too");
    }

    @Test
    void rescoringWithTheSameChecksReproducesTheRunsScoresExactly() throws Exception {
        Path out = tmp.resolve("again");
        Rescorer.Result r = Rescorer.rescore(run, out, "small-again", "./liveharness eval rescore small", CatalogRecovery.of(config));
        assertEquals(Files.readString(run.resolve("scores.jsonl")), Files.readString(out.resolve("scores.jsonl")), "scores.jsonl, byte for byte");
        assertEquals(0, r.changed());
        RunFiles.Run was = RunFiles.read(run), now = RunFiles.read(out);
        assertEquals(was.cases(), now.cases(), "every case file: the case, the transcript, the score");
        assertEquals(was.summary(), now.summary());
        RunMeta.Rescored how = now.meta().rescored();
        assertEquals("small", how.sourceId());
        assertEquals(run.toString(), how.sourceDir());
        assertEquals("./liveharness eval rescore small", how.command());
        assertNotNull(how.at());
        assertEquals(List.of(), how.notes(), "nothing was missing");
        assertEquals("small-again", now.meta().id());
        assertEquals(was.meta().command(), now.meta().command(), "the command that ran the cases stays the source's");
        assertTrue(Files.readString(out.resolve("report.html")).contains("re-scored"));
    }

    @Test
    void aStoredScoreThatWasChangedIsRestored() throws Exception {
        Path copy = copy(run, tmp.resolve("tampered"));
        String id = "dress-product-qa-zh-001";
        CaseScore original = record(run, id).score();
        // a hand edit of both files: the case passes nothing, and one check says otherwise than it did
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(copy.resolve("scores.jsonl"))) {
            lines.add(line.contains("\"caseId\":\"" + id + "\"") ? tamper((ObjectNode) JSON.readTree(line)).toString() : line);
        }
        Files.write(copy.resolve("scores.jsonl"), lines);
        Path caseFile = copy.resolve("cases/" + id + ".json");
        ObjectNode record = (ObjectNode) JSON.readTree(caseFile.toFile());
        tamper((ObjectNode) record.get("score"));
        JSON.writeValue(caseFile.toFile(), record);
        assertNotEquals(original, RunFiles.read(copy).cases().stream().filter(c -> c.devCase().id().equals(id)).findFirst().orElseThrow().score());

        Rescorer.Result r = Rescorer.rescore(copy, copy, "tampered", "test", CatalogRecovery.of(config));
        assertEquals(1, r.changed());
        assertEquals(original, record(copy, id).score(), "re-scored in place, the case's score is the checks' again");
        assertEquals(Files.readString(run.resolve("scores.jsonl")), Files.readString(copy.resolve("scores.jsonl")));
        try (Stream<Path> s = Files.list(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains("rescoring")), "no half-written folder is left");
        }
    }

    @Test
    void anOldRunWithoutCatalogFactsGetsThemOnlyWhereItsOwnRecordAgrees() throws Exception {
        Path old = copy(run, tmp.resolve("old"));
        String changed = "dress-product-qa-zh-016";
        try (Stream<Path> s = Files.list(old.resolve("cases"))) {
            for (Path f : s.toList()) {
                ObjectNode record = (ObjectNode) JSON.readTree(f.toFile());
                ObjectNode transcript = (ObjectNode) record.get("transcript");
                transcript.remove("catalog");
                if (f.getFileName().toString().equals(changed + ".json")) {
                    // this case ran when the dress cost something else than the catalog says today
                    var facts = transcript.withArray("backedFacts");
                    ObjectNode dress = (ObjectNode) JSON.readTree(facts.get(0).asText());
                    dress.put("price", 99.0);
                    facts.set(0, JSON.getNodeFactory().textNode(dress.toString()));
                }
                JSON.writeValue(f.toFile(), record);
            }
        }
        Rescorer.Result r = Rescorer.rescore(old, tmp.resolve("old-rescored"), "old-rescored", "test", CatalogRecovery.of(config));
        List<String> notes = r.meta().rescored().notes();
        assertTrue(notes.getFirst().startsWith("catalog facts stored in 0 of " + CASES.size() + " cases"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("recovered for " + (CASES.size() - 2) + " cases")), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("recovered unchecked for 1 cases")), "the spam case: " + notes);
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("not recovered for 1 cases") && n.contains("[dress-101]") && n.contains(changed)),
                notes.toString());
        assertNull(record(tmp.resolve("old-rescored"), changed).transcript().catalog());
        assertEquals(record(run, "tech-product-qa-en-005").transcript().catalog(),
                record(tmp.resolve("old-rescored"), "tech-product-qa-en-005").transcript().catalog());
    }

    @Test
    void aRobustnessFolderIsRescoredRunByRunWithItsSpread() throws Exception {
        Path source = tmp.resolve("robustness/small");
        copy(run, source.resolve("base"));
        Path variant = copy(run, source.resolve("hsa1"));
        ObjectNode runJson = (ObjectNode) JSON.readTree(variant.resolve("run.json").toFile());
        ((ObjectNode) runJson.get("meta")).put("harnessVersion", "default-hsa1-test");
        JSON.writeValue(variant.resolve("run.json").toFile(), runJson);
        RunSummary s = RunFiles.read(run).summary();
        Map<String, RunSummary> summaries = new LinkedHashMap<>();
        summaries.put(RunFiles.read(run).meta().harnessVersion(), s);
        summaries.put("default-hsa1-test", s);
        Robustness was = Robustness.of(RunFiles.read(run).meta().harnessVersion(), 7, summaries);
        was.write(source.resolve(Robustness.FILE));

        assertTrue(Rescorer.isRobustness(source));
        List<Rescorer.Result> results = Rescorer.rescoreRobustness(source, tmp.resolve("robustness/small-rescored"), "small-rescored", "test",
                CatalogRecovery.of(config));
        assertEquals(List.of("small-rescored/base", "small-rescored/hsa1"), results.stream().map(x -> x.meta().id()).toList());
        assertEquals(was, Robustness.read(tmp.resolve("robustness/small-rescored").resolve(Robustness.FILE)));
        assertEquals(Files.readString(run.resolve("scores.jsonl")),
                Files.readString(tmp.resolve("robustness/small-rescored/hsa1/scores.jsonl")));
    }

    @Test
    void aMissingOrGarbledRunIsAnErrorNamingTheFile() throws Exception {
        var recovery = CatalogRecovery.of(config);
        var none = assertThrows(IllegalArgumentException.class, () -> RunFiles.resolve(tmp.resolve("nowhere").toString()));
        assertTrue(none.getMessage().contains("nowhere"), none.getMessage());

        Path a = copy(run, tmp.resolve("bad-run-json"));
        Files.writeString(a.resolve("run.json"), "{\"meta\": {\"id\": ");
        assertNamed(a.resolve("run.json"), "does not parse", () -> Rescorer.rescore(a, tmp.resolve("x1"), "x", "t", recovery));

        Path b = copy(run, tmp.resolve("bad-scores"));
        List<String> lines = new ArrayList<>(Files.readAllLines(b.resolve("scores.jsonl")));
        lines.set(1, "{\"caseId\": 12, oops");
        Files.write(b.resolve("scores.jsonl"), lines);
        assertNamed(b.resolve("scores.jsonl"), ": 2: not a case score", () -> Rescorer.rescore(b, tmp.resolve("x2"), "x", "t", recovery));

        Path c = copy(run, tmp.resolve("missing-case"));
        Files.delete(c.resolve("cases/dress-spam-zh-001.json"));
        assertNamed(c.resolve("cases/dress-spam-zh-001.json"), "is missing", () -> Rescorer.rescore(c, tmp.resolve("x3"), "x", "t", recovery));

        Path d = copy(run, tmp.resolve("no-scores"));
        Files.delete(d.resolve("scores.jsonl"));
        assertNamed(d.resolve("scores.jsonl"), "is missing", () -> Rescorer.rescore(d, tmp.resolve("x4"), "x", "t", recovery));

        Path e = copy(run, tmp.resolve("bad-robustness"));
        Files.writeString(e.resolve(Robustness.FILE), "[1, 2");
        assertNamed(e.resolve(Robustness.FILE), "does not parse", () -> Rescorer.rescoreRobustness(e, tmp.resolve("x5"), "x", "t", recovery));

        Path taken = copy(run, tmp.resolve("taken"));
        var exists = assertThrows(IllegalArgumentException.class, () -> Rescorer.rescore(run, taken, "taken", "t", recovery));
        assertTrue(exists.getMessage().contains("exists"), exists.getMessage());
        assertFalse(Files.exists(tmp.resolve("x1")) || Files.exists(tmp.resolve("x2")) || Files.exists(tmp.resolve("x3")));
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void assertNamed(Path file, String what, Call call) {
        var e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(what), e.getMessage());
    }

    private static JsonNode tamper(ObjectNode score) {
        score.put("accuracy", !score.get("accuracy").asBoolean());
        score.put("effectiveness", !score.get("effectiveness").asBoolean());
        ((ObjectNode) score.withArray("checks").get(0)).put("status", "fail").put("detail", "edited by hand");
        return score;
    }

    private static CaseRecord record(Path dir, String id) throws IOException {
        return RunFiles.read(dir).cases().stream().filter(c -> c.devCase().id().equals(id)).findFirst().orElseThrow();
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
        return to;
    }
}
