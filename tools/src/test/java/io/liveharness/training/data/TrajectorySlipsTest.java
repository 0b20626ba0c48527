package io.liveharness.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.ConfigLoader;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every session's last answer slipped: the expert first answers about another product, a real hook
 * blocks it, the harness's correction goes back, and the trajectory learns the answer after it and
 * never the slip.
 */
class TrajectorySlipsTest {
    @TempDir
    static Path dir;
    static TrajectoryBuilder.Summary summary;
    static List<Trajectory> corrected = new ArrayList<>();

    @BeforeAll
    static void build() throws Exception {
        var o = new TrajectoryBuilder.Options(ConfigLoader.load(ConfigLoader.DEFAULT_FILE), Path.of("harness/default"), dir.resolve("set"),
                120, 6, 0, 1.0, 9, 100, List.of(), 0, 2, 1.0, KindMix.DEFAULT_FILE, null);
        summary = TrajectoryBuilder.build(o);
        // the default harness's correction around a hook's reason
        String marked = HarnessLoader.load(HarnessFiles.fromDirectory(Path.of("harness/default"))).corrections().replyBlocked("\u0000");
        String before = marked.substring(0, marked.indexOf('\u0000')), after = marked.substring(marked.indexOf('\u0000') + 1);
        OpenAiChatFormat format = new OpenAiChatFormat();
        for (String line : Files.readAllLines(dir.resolve("set/train.jsonl"))) {
            if (line.isBlank()) continue;
            Trajectory t = format.read(line);
            String last = t.messages().get(lastUser(t)).content();
            if (last.startsWith(before) && last.endsWith(after)) corrected.add(t);
        }
    }

    @Test
    void slipsAHookBlockedAreKeptWithTheCorrectionAndTheRestAreDropped() throws Exception {
        JsonNode data = new ObjectMapper().readTree(dir.resolve("set/data.json").toFile());
        assertTrue(corrected.size() * 2 >= summary.kept(), "trajectories with a correction: " + corrected.size() + " of " + summary.kept()
                + ", dropped " + data.path("dropped"));
        // a session whose slip no hook blocked is dropped from that turn on: its earlier turns may stay, uncorrected
        assertEquals(corrected.size(), data.path("byKind").path("slip corrected").asInt());
        assertTrue(data.path("dropped").path("a slip no hook blocked").asInt() * 4 < corrected.size(), "most slips are blocked: " + data.path("dropped"));
        assertEquals(1.0, data.path("settings").path("slips").asDouble());
    }

    @Test
    void theSlipIsContextAndTheAnswerAfterTheCorrectionIsLearned() {
        for (Trajectory t : corrected) {
            List<Trajectory.Message> m = t.messages();
            int viewer = viewerTurn(t), correction = lastUser(t);
            Trajectory.Message slip = m.get(correction - 1);
            assertEquals("assistant", slip.role());
            assertEquals(Integer.valueOf(0), slip.weight(), "the slip is never learned: " + slip.content());
            Trajectory.Message answer = m.getLast();
            assertEquals("assistant", answer.role());
            assertTrue(answer.weight() == null || answer.weight() == 1, "the answer after the correction is learned");
            assertNotEquals(slip.content(), answer.content(), "the retry answers otherwise than the slip");
            for (int i = viewer + 1; i < correction; i++) {
                if (m.get(i).role().equals("assistant")) assertEquals(Integer.valueOf(0), m.get(i).weight(), "before the correction: context only");
            }
        }
    }

    /** The viewer's message: the user turn before the correction (the correction is the last user turn). */
    private static int viewerTurn(Trajectory t) {
        int last = lastUser(t);
        for (int i = last - 1; i >= 0; i--) if (t.messages().get(i).role().equals("user")) return i;
        return last;
    }

    private static int lastUser(Trajectory t) {
        int last = -1;
        for (int i = 0; i < t.messages().size(); i++) if (t.messages().get(i).role().equals("user")) last = i;
        return last;
    }
}

