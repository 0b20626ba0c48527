package io.liveharness.training.trainer;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a training step costs when only some blocks train ({@code --train-layers}) against the same
 * step with every tensor training, on one model and the same sequences, measured in alternating
 * rounds in one process so that a busy machine slows both alike. Gradients only: the optimizer's
 * update is the same small share of either step.
 */
public final class TrainStepBenchmark {
    /** Tokens per second of each side, over all rounds after the warm-up. */
    public record Result(int sequences, long tokens, int rounds, double allTokensPerSecond, double someTokensPerSecond) {
        public double ratio() { return someTokensPerSecond / allTokensPerSecond; }
    }

    private final ModelConfig config;
    private final Weights weights;
    private final List<TrainingData.Sequence> batch;

    /** The model of {@code gguf} and the first {@code sequences} sequences of {@code data} that fit its context. */
    public TrainStepBenchmark(Path gguf, Path data, int sequences) {
        config = VocabTransplant.config(gguf);
        weights = GgufImport.read(gguf, config, TokenizerMetadata.of(gguf));
        List<TrainingData.Sequence> fitting = TrainingData.read(data, config.vocab(), config.context()).sequences();
        if (fitting.isEmpty()) throw new IllegalArgumentException(data + " has no sequence");
        batch = fitting.subList(0, Math.min(sequences, fitting.size()));
    }

    public ModelConfig config() { return config; }

    public Result run(List<Integer> trainedLayers, int rounds, int threads, PrintStream progress) {
        for (int l : trainedLayers) {
            if (l < 0 || l >= config.layers()) throw new IllegalArgumentException("layer " + l + " is not one of the model's 0.." + (config.layers() - 1));
        }
        Predicate<String> some = TrainSettings.inBlocks(trainedLayers);
        long tokens = batch.stream().mapToLong(TrainingData.Sequence::length).sum();
        Transposes wt = Transposes.of(weights);
        Weights sum = weights.zerosLike();
        double allNanos = 0, someNanos = 0;
        try (GradientWorkers all = new GradientWorkers(config, threads, name -> true);
             GradientWorkers only = new GradientWorkers(config, threads, some)) {
            for (int round = 0; round <= rounds; round++) { // round 0 warms both up and is not counted
                long t0 = System.nanoTime();
                all.gradients(batch, weights, wt, sum, 1f);
                long t1 = System.nanoTime();
                only.gradients(batch, weights, wt, sum, 1f);
                long t2 = System.nanoTime();
                if (round == 0) continue;
                allNanos += t1 - t0;
                someNanos += t2 - t1;
                progress.printf("round %d/%d: every tensor %.0f tok/s, blocks %s %.0f tok/s%n", round, rounds,
                        tokens / ((t1 - t0) / 1e9), trainedLayers, tokens / ((t2 - t1) / 1e9));
            }
        }
        return new Result(batch.size(), tokens, rounds, tokens * rounds / (allNanos / 1e9), tokens * rounds / (someNanos / 1e9));
    }
}
