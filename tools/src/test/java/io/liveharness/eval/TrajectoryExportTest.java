package io.liveharness.eval;

import io.liveharness.engine.ChatMessage;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.export.ExportFormat;
import io.liveharness.eval.export.Trajectories;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.eval.export.TrajectoryExport;
import io.liveharness.eval.rubric.Scorer;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.Transcript;
import io.liveharness.eval.run.Transcript.ModelCall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Exported JSONL parses back into the very trajectories it was written from, in both formats. */
class TrajectoryExportTest {
    static final String SYSTEM = "你是\"小美\"...\n## Tools\nCall a tool with <tool_call>...</tool_call>";
    static final String CALL = "<tool_call>{\"name\": \"stock_check\", \"arguments\": {\"productId\": \"dress-101\", \"size\": \"M\"}}</tool_call>";
    static final String RESULT = "{\"productId\":\"dress-101\",\"stock\":42,\"inStock\":true,\"sizeOffered\":true}";

    static CaseRecord record() {
        DevCase c = Transcripts.answer("有M码吗?", "zh", Transcripts.facts("M"));
        List<ChatMessage> first = List.of(ChatMessage.system(SYSTEM), ChatMessage.user("有M码吗?"));
        List<ChatMessage> second = List.of(ChatMessage.system(SYSTEM), ChatMessage.user("有M码吗?"), ChatMessage.assistant(CALL),
                new ChatMessage("tool", RESULT));
        Transcript t = new Transcript("t-1", "dress-room", "default-x", "有M码吗?", "product_qa", 0.9, Transcript.MODEL, null,
                "有M码哦, 库存42件, 点link-1下单", List.of(new ModelCall(first, CALL, "stop", 100, 20, 5, null),
                new ModelCall(second, "有M码哦, 库存42件, 点link-1下单", "stop", 140, 12, 4, null)),
                List.of(Transcripts.call("stock_check", "{\"productId\":\"dress-101\",\"size\":\"M\"}", true)), List.of(),
                List.of(Transcripts.DRESS_FACTS, RESULT), Map.of(),
                List.of(new Transcript.OfferedTool("stock_check", "Units in stock now", "{\"type\":\"object\",\"properties\":{\"productId\":{\"type\":\"string\"}}}")));
        return new CaseRecord(c, t, Scorer.score(c, t, null));
    }

    @Test
    void theTrajectoryHoldsTheAssembledPromptTheStructuredCallItsResultAndTheReply() {
        Trajectory t = Trajectories.of(record()).orElseThrow();
        assertEquals(List.of("system", "user", "assistant", "tool", "assistant"), t.messages().stream().map(Trajectory.Message::role).toList());
        assertEquals(SYSTEM, t.messages().getFirst().content());
        Trajectory.Message call = t.messages().get(2);
        assertNull(call.content());
        assertEquals(new Trajectory.Call("call_1", "stock_check", "{\"productId\":\"dress-101\",\"size\":\"M\"}"), call.toolCalls().getFirst());
        assertEquals("call_1", t.messages().get(3).toolCallId());
        assertEquals("有M码哦, 库存42件, 点link-1下单", t.messages().getLast().content());
        assertEquals(1, t.tools().size());
    }

    @Test
    void bothFormatsParseBackIntoTheSameTrajectories(@TempDir Path dir) throws Exception {
        CaseRecord r = record();
        Trajectory expected = Trajectories.of(r).orElseThrow();
        for (String name : List.of("openai-chat", "sharegpt")) {
            ExportFormat format = ExportFormat.named(name);
            Path file = dir.resolve(name + ".jsonl");
            assertEquals(2, TrajectoryExport.write(List.of(r, r), format, new TrajectoryExport.Filter("accuracy", false), file));
            List<Trajectory> back = TrajectoryExport.read(file, format);
            assertEquals(2, back.size());
            assertEquals(expected, back.getFirst(), name);
        }
    }

    @Test
    void theFilterLeavesOutFailingCasesAndSilentOnes(@TempDir Path dir) throws Exception {
        CaseRecord r = record();
        CaseRecord wrong = new CaseRecord(r.devCase(), r.transcript(), Scorer.score(Transcripts.answer("有M码吗?", "zh", Transcripts.facts("XXL")), r.transcript(), null));
        CaseRecord silent = new CaseRecord(r.devCase(), Transcripts.silent("spam"), r.score());
        Path file = dir.resolve("x.jsonl");
        assertEquals(1, TrajectoryExport.write(List.of(r, wrong, silent), ExportFormat.named("sharegpt"), new TrajectoryExport.Filter("both", true), file));
        assertEquals(2, TrajectoryExport.write(List.of(r, wrong, silent), ExportFormat.named("sharegpt"), new TrajectoryExport.Filter("none", true), file));
    }
}
