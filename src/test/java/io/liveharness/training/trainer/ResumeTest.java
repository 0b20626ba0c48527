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
}
