package io.liveharness.eval;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.rubric.Judge;
import io.liveharness.eval.rubric.JudgeVerdict;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.EvalHarness;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.EvalRunner;
import io.liveharness.eval.run.RunFiles;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.Transcript;
import io.liveharness.node.Node;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A few dev-set cases through the real rig (router, pipeline, tool and hook verticles, the tiny
 * model): each transcript holds what happened, the run's files are written and read back.
 */
@Timeout(120)
class EvalRunTest {
    private static final Set<String> CASES = Set.of("dress-product-qa-zh-001", "dress-after-sales-zh-001", "dress-spam-zh-001",
            "dress-chitchat-zh-012");

    @Test
    void casesRunThroughTheRoomsPipelineAndTheRunFolderReadsBack(@TempDir Path dir) throws Exception {
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        EvalHarness harness = EvalHarness.resolve("harness/default", config);
        List<DevCase> cases = DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().filter(c -> CASES.contains(c.id())).toList();
        assertEquals(4, cases.size());
        List<CaseRecord> records;
        try (EvalRig rig = EvalRig.open(config, EvalModels.open(config.engine()), EvalModels.router(config), List.of(harness.harness()), 8_000)) {
            records = EvalRunner.run(rig, harness.harness(), cases, new EvalRunner.Options(dir, null, null));
        }
        Transcript price = find(records, "dress-product-qa-zh-001").transcript();
        assertFalse(price.modelCalls().isEmpty(), "the model was called");
        assertTrue(price.systemPrompt().contains("## Rules") && price.systemPrompt().contains("¥159"), price.systemPrompt());
        assertTrue(price.hooks().stream().anyMatch(h -> h.point().equals("output")), "output hooks ran: " + price.hooks());
        assertNotNull(price.reply());
        assertTrue(price.backedFacts().getFirst().contains("dress-101"));

        Transcript afterSales = find(records, "dress-after-sales-zh-001").transcript();
        assertEquals(List.of("after_sales_policy", "product_lookup"), afterSales.offeredTools().stream().map(Transcript.OfferedTool::name).toList());

        Transcript abuse = find(records, "dress-chitchat-zh-012").transcript();
        assertEquals(Transcript.SILENT, abuse.outcome());
        // the room drops spam before any hook runs; otherwise the input hook refuses it
        assertTrue(abuse.routedIntent().equals("spam") ? abuse.detail().contains("spam")
                : abuse.hooks().stream().anyMatch(h -> h.type().equals("abuse-filter") && h.decision().equals("block")), abuse.toString());
        assertTrue(find(records, "dress-chitchat-zh-012").score().accuracy(), "silence is right for abuse");
        assertEquals(Transcript.SILENT, find(records, "dress-spam-zh-001").transcript().outcome());

        RunMeta meta = new RunMeta("t", harness.harness().version(), harness.source(), "stories260K", true, "eval/dev/demo.jsonl", "x",
                null, "now", 1, "test");
        EvalRunner.finish(dir, meta, records);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("carries no meaning"));
        RunFiles.Run back = RunFiles.read(dir);
        assertEquals(records, back.cases());
        assertEquals(4, back.summary().cases());
    }

    @Test
    void aJudgeWhoseAnswerCannotBeReadLeavesTheChecksDecidingAndSaysSo(@TempDir Path dir) throws Exception {
        // The judge is a real OpenAI-compatible server: a node's /v1/chat/completions, on the tiny model.
        try (Node node = TestNodes.start()) {
            EvalHarness harness = EvalHarness.resolve("harness/default", ConfigLoader.load(ConfigLoader.DEFAULT_FILE));
            DevCase c = DevSet.read(Path.of("eval/dev/demo.jsonl")).getFirst();
            try (Judge judge = new Judge(EvalModels.judge("http://127.0.0.1:" + node.port() + "/v1", "stories260K", io.liveharness.support.TestNodes.API_KEY, 30_000),
                    harness.files().text(Judge.PROMPT_FILE), 30_000)) {
                Transcript t = Transcripts.reply("这条裙子¥159哦");
                assertTrue(judge.prompt(c, t).contains("这条裙子¥159哦") && judge.prompt(c, t).contains(c.text()));
                JudgeVerdict v = judge.judge(c, t);
                assertNull(v.accurate(), "a story is not a verdict: " + v);
                assertNotNull(v.error());
                var score = io.liveharness.eval.rubric.Scorer.score(c, t, v);
                assertFalse(score.accuracyBy().contains("judge"), score.accuracyBy().toString());
            }
        }
    }

    @Test
    void aReadableVerdictHasTheLastWordWhenNoCheckFailed() {
        JudgeVerdict v = JudgeVerdictParsing.parse("<think>hmm</think> {\"accurate\": true, \"effective\": false, \"reason\": \"vague\"}");
        assertEquals(Boolean.TRUE, v.accurate());
        assertEquals(Boolean.FALSE, v.effective());
        DevCase c = Transcripts.answer("多少钱?", "zh", Transcripts.facts("159"));
        var score = io.liveharness.eval.rubric.Scorer.score(c, Transcripts.reply("这条裙子¥159哦"), v);
        assertTrue(score.accuracy());
        assertFalse(score.effectiveness(), "the checks passed; the judge said it does not help");
        assertEquals("judge", score.effectivenessBy().getFirst());
        assertNull(JudgeVerdictParsing.parse("no verdict here").accurate());
    }

    private static CaseRecord find(List<CaseRecord> records, String id) {
        return records.stream().filter(r -> r.devCase().id().equals(id)).findFirst().orElseThrow();
    }
}
