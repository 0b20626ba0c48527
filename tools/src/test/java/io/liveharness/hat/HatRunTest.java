package io.liveharness.hat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.YamlFiles;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.training.recipe.Steps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code hat/tiny.yaml} end to end with the real parts (the expert through the pipeline, the Java
 * trainer, llama.cpp serving the trained GGUFs, the eval's rig and checks): stopped after three
 * steps as a kill would stop it, resumed without redoing them, then the report checked; steps
 * whose markers are removed are redone, training through the trainer's own resume. And the plan
 * reader refuses bad plans with file:line.
 */
class HatRunTest {
    static final Path TINY = Path.of("hat/tiny.yaml");
    static final ObjectMapper JSON = new ObjectMapper();
    static final NodeConfig CONFIG = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);

    @TempDir
    Path dir;

    @Test
    void theTinyPlanRunsEndToEndResumesAfterAKillAndReportsEveryArmAndSet() throws Exception {
        Path out = dir.resolve("tiny");
        HatRun.Result first = HatRun.run(TINY, out, CONFIG, null, 3);
        assertFalse(first.finished());
        Path steps = out.resolve(Steps.DIR);
        List<String> before = List.of("data-fixed-sft.json", "data-hsa-sft.json", "train-fixed-sft.json");
        assertEquals(3, list(steps).size(), "three steps ran: " + list(steps));
        Map<String, String> markers = new TreeMap<>();
        for (String m : before) markers.put(m, Files.readString(steps.resolve(m)));
        assertFalse(Files.exists(out.resolve(HatReport.JSON_FILE)));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        HatRun.Result second = HatRun.run(TINY, out, CONFIG, new PrintStream(log, true, StandardCharsets.UTF_8), 0);
        assertTrue(second.finished());
        String progress = log.toString(StandardCharsets.UTF_8);
        for (String m : before) assertEquals(markers.get(m), Files.readString(steps.resolve(m)), m + " was not redone");
        assertTrue(progress.contains("[hat 1/11] data:fixed-sft: done before"), progress);
        assertTrue(progress.contains("[hat 3/11] train:fixed-sft: done before"), progress);
        assertTrue(progress.contains("[hat 4/11] train:hsa-sft ..."), progress);
        assertEquals(11, list(steps).size());

        JsonNode report = JSON.readTree(out.resolve(HatReport.JSON_FILE).toFile());
        String html = Files.readString(out.resolve(HatReport.HTML));
        HatPlan plan = HatPlan.load(TINY);
        assertEquals(3, report.path("arms").size());
        for (Arm arm : Arm.values()) {
            JsonNode a = arm(report, arm.id());
            assertTrue(html.contains("<th>" + arm.id() + "</th>"), "report.html has a row for " + arm.id());
            for (EvalSet set : EvalSet.values()) {
                JsonNode s = a.path("sets").path(set.id());
                int perHarness = plan.eval().limit();
                int harnesses = switch (set) {
                    case DEFAULT -> 1;
                    case VARIANTS -> plan.eval().heldOutVariants();
                    case WITHHELD -> plan.eval().withheldVariants();
                };
                assertEquals(perHarness * harnesses, s.path("cases").asInt(), arm.id() + " " + set.id());
                assertTrue(s.path("accuracy").asDouble() >= 0 && s.path("accuracy").asDouble() <= 1);
                assertTrue(s.has("failedChecks") && s.has("failureKinds"));
                // the model's own passes are a part of what the viewer got: the fallback's are taken out
                assertTrue(s.path("accuracyOwn").asDouble() <= s.path("accuracy").asDouble() + 1e-9, s.toString());
                assertTrue(s.path("effectivenessOwn").asDouble() <= s.path("effectiveness").asDouble() + 1e-9, s.toString());
                assertTrue(s.path("byModel").asDouble() + s.path("byFallback").asDouble() <= 1 + 1e-9, s.toString());
                assertTrue(html.contains(set.title()), "report.html has the column " + set.title());
            }
            assertTrue(a.path("spread").has("accuracy") && a.path("spread").has("effectiveness"));
            assertTrue(a.path("tokens").asLong() > 0 && a.path("cpuHours").asDouble() > 0, a.toString());
            assertTrue(Files.isRegularFile(out.resolve(a.path("lossCurve").asText())), "loss curve of " + arm.id());
            assertTrue(html.contains("href=\"" + a.path("lossCurve").asText() + "\""));
        }
        // the same budget: both SFT arms stop at the first step past it, so they differ by less than a batch of sequences
        long fixed = arm(report, "fixed-sft").path("tokens").asLong(), hsa = arm(report, "hsa-sft").path("tokens").asLong();
        long batch = (long) plan.training().batch() * plan.model().context();
        assertTrue(fixed >= plan.training().tokens() && hsa >= plan.training().tokens() && Math.abs(fixed - hsa) < batch, fixed + " vs " + hsa);
        assertEquals(6, report.path("comparisons").size());
        for (JsonNode c : report.path("comparisons")) {
            assertTrue(Files.isRegularFile(out.resolve(c.path("file").asText())));
            JsonNode d = c.path("deltas").path("accuracy");
            assertTrue(d.path("low").asDouble() <= d.path("delta").asDouble() + 1e-9 && d.path("delta").asDouble() <= d.path("high").asDouble() + 1e-9);
        }

        // the data: fixed-sft saw the default harness only; hsa-sft saw variants, none renaming an argument (the withheld family)
        assertEquals(Set.of("default"), fieldNames(JSON.readTree(out.resolve("data/fixed-sft/data.json").toFile()).path("byHarness")));
        assertTrue(JSON.readTree(out.resolve("data/hsa-sft/data.json").toFile()).path("byHarness").has("variant"));
        Set<String> baseArguments = new HashSet<>();
        for (var t : HarnessLoader.load(HarnessFiles.fromDirectory(HatRun.BASE_HARNESS)).tools()) {
            baseArguments.addAll(fieldNames(JSON.readTree(t.parametersSchemaJson()).path("properties")));
        }
        int calls = 0;
        for (String line : Files.readAllLines(out.resolve("data/hsa-sft/train.jsonl"))) {
            Trajectory t = new OpenAiChatFormat().read(line);
            for (var m : t.messages()) {
                if (m.toolCalls() == null) continue;
                for (var c : m.toolCalls()) {
                    calls++;
                    assertTrue(baseArguments.containsAll(fieldNames(JSON.readTree(c.arguments()))), "a renamed argument in HSA data: " + c);
                }
            }
        }
        assertTrue(calls > 0, "the HSA data has tool calls to check");

        // the RL stage: every case sampled k times, rewards in [0, 1]; what was kept was trained on, from hsa-sft's checkpoint
        List<String> samples = Files.readAllLines(out.resolve("rl/samples.jsonl"));
        assertEquals(plan.rl().cases(), samples.size());
        for (String s : samples) {
            JsonNode n = JSON.readTree(s);
            assertEquals(plan.rl().samples(), n.path("rewards").size());
            n.path("rewards").forEach(r -> assertTrue(r.asDouble() >= 0 && r.asDouble() <= 1));
        }
        int kept = report.path("rl").path("kept").asInt();
        assertTrue(kept > 0, "the tiny plan's threshold keeps some samples, so the stage trains");
        assertEquals(kept, Files.readAllLines(out.resolve("rl/train.jsonl")).size());
        JsonNode rlSettings = JSON.readTree(out.resolve("arms/hsa-rl/run/settings.json").toFile()).path("identity");
        assertTrue(rlSettings.path("initFrom").asText().endsWith("arms/hsa-sft/run"), rlSettings.toString());

        // a marker removed is a step redone: the RL training resumes from its own checkpoint, the eval reads its finished folders
        long hsaCheckpoint = Files.getLastModifiedTime(out.resolve("arms/hsa-sft/run/checkpoint.bin")).toMillis();
        long evalRun = Files.getLastModifiedTime(out.resolve("arms/hsa-rl/eval/default/run.json")).toMillis();
        for (String m : List.of("train-hsa-rl.json", "eval-hsa-rl.json", "compare.json", "report.json")) Files.delete(steps.resolve(m));
        Files.delete(out.resolve(HatReport.JSON_FILE));
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertTrue(HatRun.run(TINY, out, CONFIG, new PrintStream(again, true, StandardCharsets.UTF_8), 0).finished());
        String third = again.toString(StandardCharsets.UTF_8);
        assertTrue(third.contains("train:hsa-sft: done before") && third.contains("[hat 6/11] train:hsa-rl ..."), third);
        assertTrue(Files.readString(out.resolve("arms/hsa-rl/run/train.log")).contains("resumed at step"), "the trainer resumed");
        assertEquals(hsaCheckpoint, Files.getLastModifiedTime(out.resolve("arms/hsa-sft/run/checkpoint.bin")).toMillis());
        assertEquals(evalRun, Files.getLastModifiedTime(out.resolve("arms/hsa-rl/eval/default/run.json")).toMillis());
        assertFalse(third.contains("eval: hsa-rl on"), "finished eval folders are read, not run again: " + third);
        assertTrue(Files.isRegularFile(out.resolve(HatReport.JSON_FILE)));

        // the folder belongs to its plan
        Path other = dir.resolve("other.yaml");
        Files.writeString(other, Files.readString(TINY).replace("seed: 1\n", "seed: 2\n"));
        var e = assertThrows(IllegalArgumentException.class, () -> HatRun.run(other, out, CONFIG, null, 0));
        assertTrue(e.getMessage().contains("another plan"), e.getMessage());
        // a plan whose comments changed (a finished run noted in it) is still the same plan
        Path noted = dir.resolve("noted.yaml");
        Files.writeString(noted, "# ran to the end on the first try\n" + Files.readString(TINY));
        assertTrue(HatRun.run(noted, out, CONFIG, null, 0).finished());
    }

    @Test
    void theCommittedAvatarSizePlanReads() {
        HatPlan p = HatPlan.load(Path.of("hat/avatar-size.yaml"));
        assertEquals(256, p.model().hidden());
        assertEquals(6, p.model().layers());
        assertTrue(p.fromScratch());
    }

    @Test
    void aBadPlanIsRefusedWithFileAndLine() throws Exception {
        List<String> lines = Files.readAllLines(TINY);
        assertRefused(lines, "  hidden:", "  hiddne: 32", "hiddne");
        assertRefused(lines, "  withheld:", "  withheld: rename-everything", "rename-everything");
        assertRefused(lines, "  heldOutSeed:", "  heldOutSeed: 100", "heldOutSeed"); // variants.seed: a training seed
        assertRefused(lines, "  tokens:", "  tokens: lots", "tokens");
        assertRefused(lines, "  threshold:", "  threshold: 1.5", "rl.threshold");
        assertRefused(lines, "init:", "init: models/none.gguf", "init");
    }

    /** The first line of tiny.yaml that starts with {@code prefix}, replaced: refused, at that line, naming what was wrong. */
    private void assertRefused(List<String> lines, String prefix, String replacement, String named) throws Exception {
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++) if (lines.get(i).startsWith(prefix)) at = i;
        assertTrue(at >= 0, "tiny.yaml has a line " + prefix);
        List<String> bad = new java.util.ArrayList<>(lines);
        bad.set(at, replacement);
        Path file = dir.resolve("bad-" + named + ".yaml");
        Files.write(file, bad);
        var e = assertThrows(YamlFiles.FileException.class, () -> HatPlan.load(file));
        String expected = file + ":";
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        int reported = Integer.parseInt(e.getMessage().substring(expected.length()).split(":")[0]);
        assertTrue(reported > 0 && Math.abs(reported - (at + 1)) <= 1, "line " + reported + " for a mistake on line " + (at + 1) + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    private static JsonNode arm(JsonNode report, String id) {
        for (JsonNode a : report.path("arms")) if (a.path("arm").asText().equals(id)) return a;
        throw new AssertionError("no arm " + id + " in report.json");
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> out = new HashSet<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static List<String> list(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
