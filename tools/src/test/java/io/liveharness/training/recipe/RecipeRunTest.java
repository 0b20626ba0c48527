package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.YamlFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code models/avatar/recipe-tiny.yaml} end to end with the real parts (the expert through the
 * pipeline, the Java trainer, llama.cpp serving each stage's GGUF for sampling and the eval):
 * stopped after two steps as a kill would stop it, resumed without redoing them; the report names
 * every stage with its purpose and loss curve and the last model's eval figures. The recipe reader
 * refuses bad recipes with file:line.
 */
class RecipeRunTest {
    static final Path TINY = Path.of("models/avatar/recipe-tiny.yaml");
    static final NodeConfig CONFIG = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);

    @TempDir
    Path dir;

    @Test
    void theTinyRecipeTrainsEveryStageResumesAfterAKillAndEvaluatesTheLastModel() throws Exception {
        Path out = dir.resolve("tiny");
        RecipeRun.Result first = RecipeRun.run(TINY, out, CONFIG, null, 2);
        assertFalse(first.finished());
        Path steps = out.resolve(Steps.DIR);
        assertEquals(List.of("data-formats.json", "train-formats.json"), list(steps));
        String trained = Files.readString(steps.resolve("train-formats.json"));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RecipeRun.Result second = RecipeRun.run(TINY, out, CONFIG, new PrintStream(log, true, StandardCharsets.UTF_8), 0);
        assertTrue(second.finished());
        String progress = log.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("[recipe 2/10] train:formats: done before"), progress);
        assertTrue(progress.contains("[recipe 4/10] samples:strict-rl ..."), progress);
        assertEquals(trained, Files.readString(steps.resolve("train-formats.json")), "the finished stage was not trained again");
        assertEquals(10, list(steps).size(), list(steps).toString());

        assertTrue(Files.size(out.resolve("model.gguf")) > 10_000);
        JsonNode report = new ObjectMapper().readTree(out.resolve(RecipeReport.JSON_FILE).toFile());
        JsonNode formats = report.path("steps").path("train:formats").path("result");
        assertEquals("the chat and tool-call formats, from nothing", formats.path("purpose").asText());
        assertTrue(formats.path("steps").asInt() > 0 && formats.path("loss").isNumber(), formats.toString());
        assertTrue(Files.isRegularFile(Path.of(formats.path("lossCurve").asText())), "the stage's loss curve exists");
        JsonNode data = report.path("steps").path("data:formats").path("result");
        assertTrue(data.path("sessionsRetyped").asInt() > 0 && data.path("sessionsRetyped").asInt() < data.path("trajectories").asInt(),
                "about half the sessions retyped (paraphrase: 0.5): " + data);
        JsonNode samples = report.path("steps").path("samples:strict-rl").path("result");
        assertEquals(3, samples.path("cases").asInt(), samples.toString());
        JsonNode rl = report.path("steps").path("train:strict-rl").path("result");
        // threshold 0: a clean sample of any reward is kept, or the stage says it had nothing to learn
        assertTrue(samples.path("kept").asInt() > 0 ? rl.path("initFrom").asText().endsWith("formats/run") : rl.has("skipped"), rl.toString());
        for (String set : List.of("dev", "heldout-a")) {
            JsonNode e = report.path("steps").path("eval:" + set).path("result");
            assertEquals(3, e.path("cases").asInt(), set + ": " + e);
            assertTrue(Files.isRegularFile(out.resolve("eval").resolve(set).resolve("run.json")), set + " is an eval run folder");
        }
        String html = Files.readString(out.resolve(RecipeReport.HTML));
        assertTrue(html.contains("<td>strict-rl<td>its own best samples that pass the strict checks<td>rl"), html);
        assertTrue(html.contains("stages/formats/run/loss.html"), html);
    }

    @Test
    void aFolderOfAnotherRecipeIsRefused() throws Exception {
        Path out = dir.resolve("used");
        Files.createDirectories(out);
        Files.writeString(out.resolve(RecipeRun.COPY), Files.readString(TINY).replace("seed: 1\n", "seed: 2\n"));
        var e = assertThrows(IllegalArgumentException.class, () -> RecipeRun.run(TINY, out, CONFIG, null, 1));
        assertTrue(e.getMessage().contains("holds a run of another recipe"), e.getMessage());
    }

    @Test
    void badRecipesAreRefusedWithFileAndLine() throws Exception {
        String tiny = Files.readString(TINY);
        assertRefused(tiny.replace("    purpose: the chat and tool-call formats, from nothing\n", ""),
                ":13: stage 1 (formats) says no purpose");
        assertRefused(tiny.replace("  - name: formats\n    purpose: the chat and tool-call formats, from nothing\n    sft:",
                "  - name: formats\n    purpose: the chat and tool-call formats, from nothing\n    rl: {cases: 1}\n    sft:"),
                ":13: stage 1 (formats) must have exactly one of sft and rl");
        int rl = tiny.indexOf("  - name: strict-rl");
        int evalAt = tiny.indexOf("eval:");
        String rlFirst = tiny.substring(0, tiny.indexOf("  - name: formats")) + tiny.substring(rl, evalAt) + tiny.substring(evalAt);
        assertRefused(rlFirst, ":13: rl stage 'strict-rl' needs an sft stage before it: a model from scratch");
        assertRefused(tiny.replace("mix: data/training/mix.yaml", "mix: data/training/no-such-mix.yaml"), ":16: mix data/training/no-such-mix.yaml not found");
        assertRefused(tiny.replace("init: scratch", "init: models/avatar/none.gguf"), ":6: init is neither 'scratch' nor a GGUF file");
    }

    private void assertRefused(String text, String expected) throws Exception {
        Path f = dir.resolve("bad-" + Math.abs(text.hashCode()) + ".yaml");
        Files.writeString(f, text);
        var e = assertThrows(YamlFiles.FileException.class, () -> Recipe.load(f));
        assertTrue(e.getMessage().startsWith(f.toString()) && e.getMessage().contains(expected), e.getMessage());
    }

    private static List<String> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
