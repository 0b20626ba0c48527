package io.liveharness.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.ConfigLoader;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.router.dataset.NearCopies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small training set built end to end: world, sessions, expert through the pipeline, default and variant harnesses. */
class TrajectoryBuilderTest {
    @TempDir
    static Path dir;
    static TrajectoryBuilder.Summary summary;
    static List<Trajectory> trajectories = new ArrayList<>();

    @BeforeAll
    static void build() throws Exception {
        var o = new TrajectoryBuilder.Options(ConfigLoader.load(ConfigLoader.DEFAULT_FILE), Path.of("harness/default"), dir.resolve("set"),
                150, 6, 3, 0.3, 5, 100, List.of(), 10, 4, 0, KindMix.DEFAULT_FILE, null);
        summary = TrajectoryBuilder.build(o);
        OpenAiChatFormat format = new OpenAiChatFormat();
        for (String f : List.of("train.jsonl", "held-out.jsonl")) {
            for (String line : Files.readAllLines(dir.resolve("set").resolve(f))) if (!line.isBlank()) trajectories.add(format.read(line));
        }
    }

    @Test
    void everyKeptSessionIsOneTrajectoryInTheExportFormatAndTheCountsAddUp() throws Exception {
        assertEquals(summary.kept(), trajectories.size());
        assertTrue(summary.kept() > 20, "kept " + summary.kept());
        JsonNode data = new ObjectMapper().readTree(dir.resolve("set/data.json").toFile());
        assertEquals(summary.kept(), data.get("trajectories").asInt());
        assertTrue(summary.heldOut() > 0 && summary.heldOut() < summary.kept());
    }

    @Test
    void noViewerMessageIsANearCopyOfTheDevSet() {
        List<String> dev = DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().map(DevCase::text).toList();
        NearCopies near = new NearCopies(dev);
        for (Trajectory t : trajectories) {
            for (Trajectory.Message m : t.messages()) {
                if (m.role().equals("user")) assertFalse(near.isNearCopy(m.content()), "near-copy of the dev set reached training: " + m.content());
            }
        }
    }

    @Test
    void variantsSpeakTheirOwnToolNamesAndTheDefaultItsOwn() {
        long renamed = trajectories.stream().flatMap(t -> t.messages().stream()).filter(m -> m.toolCalls() != null)
                .flatMap(m -> m.toolCalls().stream()).filter(c -> !List.of("product_lookup", "stock_check", "coupon_rules", "logistics_info",
                        "after_sales_policy").contains(c.name())).count();
        long base = trajectories.stream().flatMap(t -> t.messages().stream()).filter(m -> m.toolCalls() != null)
                .flatMap(m -> m.toolCalls().stream()).filter(c -> c.name().equals("stock_check") || c.name().equals("product_lookup")
                        || c.name().equals("coupon_rules") || c.name().equals("logistics_info") || c.name().equals("after_sales_policy")).count();
        assertTrue(renamed > 0, "some calls under variants use renamed tools");
        assertTrue(base > 0, "some calls under the default harness use its names");
        for (Trajectory t : trajectories) {
            String system = t.messages().getFirst().content();
            for (Trajectory.Message m : t.messages()) {
                if (m.toolCalls() == null) continue;
                for (Trajectory.Call c : m.toolCalls()) assertTrue(system.contains(c.name()), "called a tool its prompt does not offer: " + c.name());
            }
        }
    }

    @Test
    void earlierAnswersAreLearnedOnlyWhenNoToolWasNeededAndTheLastTurnAlwaysIs() {
        long learnedEarlier = trajectories.stream().flatMap(t -> t.messages().stream()).filter(m -> Integer.valueOf(1).equals(m.weight())).count();
        assertTrue(learnedEarlier > 0, "sessions teach earlier answers too");
        for (Trajectory t : trajectories) {
            assertEquals(null, t.messages().getLast().weight(), "the last reply is learned by default");
            assertEquals("assistant", t.messages().getLast().role());
        }
    }

    @Test
    void aStagesOwnMixIsTheOneItsCasesAreDrawnFrom(@TempDir Path own) throws Exception {
        Path mix = own.resolve("small-talk.yaml");
        Files.writeString(mix, "productSessions:\n  share: 0\n  turns:\n    price: 1\n  last:\n    price: 1\nkinds:\n  chitchat: 1\n");
        var o = new TrajectoryBuilder.Options(ConfigLoader.load(ConfigLoader.DEFAULT_FILE), Path.of("harness/default"), own.resolve("set"),
                20, 6, 0, 1.0, 5, 100, List.of(), 10, 1, 0, mix, null);
        TrajectoryBuilder.Summary s = TrajectoryBuilder.build(o);
        assertEquals(Set.of("chitchat"), s.byKind().keySet(), "drawn " + s.byKind());
        JsonNode data = new ObjectMapper().readTree(own.resolve("set/data.json").toFile());
        assertEquals(mix.toString(), data.path("settings").path("mix").asText(), "data.json names the mix its cases came from");
    }
}
