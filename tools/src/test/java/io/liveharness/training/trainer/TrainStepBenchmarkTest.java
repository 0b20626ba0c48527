package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `bench train` measures both sides on the same sequences of the model it is given. */
class TrainStepBenchmarkTest {
    @TempDir Path dir;

    @Test
    void measuresBothSidesOnTheSameSequencesAndRefusesABlockTheModelLacks() throws Exception {
        Path vocab = ToyData.vocab(dir);
        Path data = ToyData.echo(dir.resolve("echo.jsonl"), 20, 6, 3);
        ModelConfig c = ModelConfig.of(TokenizerMetadata.of(vocab).vocabSize(), 32, 3, 4, 2, 16, 64, 32, true);
        Path model = dir.resolve("tiny.gguf");
        GgufExport.write(TinyModels.spread(c, 2), TokenizerMetadata.of(vocab), "bench test", "liveharness-avatar", model);
        var quiet = new PrintStream(PrintStream.nullOutputStream());

        TrainStepBenchmark bench = new TrainStepBenchmark(model, data, 5);
        TrainStepBenchmark.Result r = bench.run(List.of(1), 2, 2, quiet);

        long expected = TrainingData.read(data, c.vocab(), c.context()).sequences().subList(0, 5).stream()
                .mapToLong(TrainingData.Sequence::length).sum();
        assertEquals(5, r.sequences());
        assertEquals(expected, r.tokens());
        assertTrue(r.allTokensPerSecond() > 0 && r.someTokensPerSecond() > 0, r.toString());
        assertThrows(IllegalArgumentException.class, () -> bench.run(List.of(3), 1, 1, quiet));
    }
}
