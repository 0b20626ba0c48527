package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResumeTest {
    @TempDir
    Path dir;

    @Test
    void stoppingHalfWayAndResumingGivesBitwiseTheWeightsOfAStraightRun() throws Exception {
        Path data = ToyData.echo(dir.resolve("train.jsonl"), 30, 6, 3); // 30 sequences, batch 16: epochs wrap mid-run
        Path held = ToyData.echo(dir.resolve("held.jsonl"), 5, 6, 4);
        Path vocab = ToyData.vocab(dir);
        int k = 12;
        Trainer.Result straight = new Trainer(ToyData.tiny(data, held, vocab, dir.resolve("a"), k), true).run();

        TrainSettings halves = ToyData.tiny(data, held, vocab, dir.resolve("b"), k);
        Trainer.Result first = new Trainer(halves.withRun(1, 2, 10, 50, k / 2, 60), true).run();
        assertFalse(first.finished());
        assertEquals(k / 2, first.step());
        // a new process would see only the folder: the checkpoint holds everything, the resumed run uses one thread
        Trainer.Result resumed = new Trainer(halves.withRun(1, 1, 10, 50, 0, 60), true).run();
        assertTrue(resumed.finished());
        for (Tensor t : straight.weights().all()) {
            assertArrayEquals(t.data(), resumed.weights().get(t.name()).data(), t.name() + " differs after resuming");
        }
        assertEquals(-1, Files.mismatch(dir.resolve("a/model.gguf"), dir.resolve("b/model.gguf")), "the same model file");
        assertEquals(Files.readAllLines(dir.resolve("a/metrics.jsonl")).size(), Files.readAllLines(dir.resolve("b/metrics.jsonl")).size());
    }

    @Test
    void aRunFolderResumesOnlyUnderTheSameSettings() throws Exception {
        Path data = ToyData.echo(dir.resolve("train.jsonl"), 30, 6, 3);
        Path vocab = ToyData.vocab(dir);
        TrainSettings s = ToyData.tiny(data, null, vocab, dir.resolve("c"), 4);
        new Trainer(s.withRun(1, 2, 10, 50, 2, 60), true).run();
        var e = assertThrows(IllegalArgumentException.class,
                () -> new Trainer(s.withRun(2, 2, 10, 50, 0, 60), true).run());
        assertTrue(e.getMessage().contains("seed was 1, now 2"), e.getMessage());
    }

    @Test
    void aRunInitialisedFromAnotherStartsFromItsWeightsWithAFreshScheduleAndRecordsWhichCheckpoint() throws Exception {
        Path data = ToyData.echo(dir.resolve("train.jsonl"), 30, 6, 3);
        Path vocab = ToyData.vocab(dir);
        Trainer.Result first = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("first"), 8), true).run();
        // zero steps of training after the init would be refused; one step at a tiny rate moves the weights by little
        TrainSettings second = ToyData.tiny(data, null, vocab, dir.resolve("second"), 1).withInitFrom(dir.resolve("first"));
        Trainer.Result continued = new Trainer(second.withSchedule(second.batch(), 1e-9, 1e-9, 0, 1, 0), true).run();
        Trainer.Result fresh = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("fresh"), 1)
                .withSchedule(second.batch(), 1e-9, 1e-9, 0, 1, 0), true).run();
        Tensor embd = first.weights().all().getFirst();
        float[] a = embd.data(), b = continued.weights().get(embd.name()).data(), c = fresh.weights().get(embd.name()).data();
        double fromFirst = 0, fromFresh = 0;
        for (int i = 0; i < a.length; i++) {
            fromFirst = Math.max(fromFirst, Math.abs(a[i] - b[i]));
            fromFresh = Math.max(fromFresh, Math.abs(c[i] - b[i]));
        }
        assertTrue(fromFirst < 1e-5, "starts where the first run ended: " + fromFirst);
        assertTrue(fromFresh > 1e-3, "not from the seed's random weights: " + fromFresh);
        String settings = Files.readString(dir.resolve("second/settings.json"));
        assertTrue(settings.contains("initFromSha256"), settings);
        var e = assertThrows(IllegalArgumentException.class, () -> new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("third"), 1)
                .withInitFrom(dir.resolve("nowhere")), true).run());
        assertTrue(e.getMessage().contains("nowhere"), e.getMessage());

        // the exported GGUF (a committed model) starts a run with the same weights as the run folder
        Trainer.Result fromGguf = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("fromGguf"), 1)
                .withInitFrom(dir.resolve("first/model.gguf")).withSchedule(second.batch(), 1e-9, 1e-9, 0, 1, 0), true).run();
        for (Tensor t : continued.weights().all()) {
            assertArrayEquals(t.data(), fromGguf.weights().get(t.name()).data(), t.name() + ": the GGUF holds the run's weights");
        }
        // the context a stage trained on is only the file's metadata: the next stage may train longer sequences from it
        Trainer.Result longer = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("longer"), 1).withShape(32, 2, 4, 2, 16, 64, 48, true)
                .withInitFrom(dir.resolve("first/model.gguf")).withSchedule(second.batch(), 1e-9, 1e-9, 0, 1, 0), true).run();
        for (Tensor t : continued.weights().all()) {
            float[] x = t.data(), y = longer.weights().get(t.name()).data();
            for (int i = 0; i < x.length; i++) assertEquals(x[i], y[i], 1e-6, t.name() + ": a longer context starts from the same weights");
        }
        var other = assertThrows(IllegalArgumentException.class, () -> new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("fourth"), 1)
                .withInitFrom(Path.of("models/stories260K.gguf")), true).run());
        assertTrue(other.getMessage().contains("not a model this trainer wrote"), other.getMessage());
    }
}
