package io.liveharness.training.trainer;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Everything `model train` is told. The settings that shape the result form {@link #identity}: a
 * run folder resumes only under the same identity. Threads, checkpoint interval and the pause
 * point change timing, never the numbers (see {@link GradientWorkers}).
 *
 * @param steps      optimizer steps; 0 means derive them from {@code tokens}
 * @param tokens     sequence tokens to train on, when {@code steps} is 0
 * @param warmup     warmup steps; -1 means 5 % of the steps, at most 200
 * @param evalEvery  held-out loss every this many steps (and at the end); 0 never
 * @param pauseAfter stop after this many steps of this invocation, with a checkpoint (0: run to the end)
 * @param initFrom   a run folder whose last checkpoint's weights this run starts from, or a GGUF this trainer
 *                   exported (same shape; a fresh optimizer and schedule); null: the seed's random weights
 * @param trainedLayers the decoder blocks that train, every other tensor (embeddings and norms too) staying as it
 *                   starts, for the new blocks of a grown model ({@link ModelGrow}); empty: every tensor trains
 */
public record TrainSettings(Path data, Path heldOut, Path vocab, Path out,
                            int hidden, int layers, int heads, int kvHeads, int headDim, int ffn, int context, boolean tied,
                            int batch, double lr, double minLr, int warmup, int steps, long tokens,
                            double weightDecay, double clip, double beta1, double beta2,
                            long seed, int threads, double checkpointMinutes, int evalEvery, int pauseAfter, double logSeconds,
                            Path initFrom, List<Integer> trainedLayers) {

    public TrainSettings {
        if (batch < 1) throw new IllegalArgumentException("--batch must be at least 1");
        if (steps < 0 || tokens < 0) throw new IllegalArgumentException("--steps and --tokens cannot be negative");
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1");
        if (!(lr > 0)) throw new IllegalArgumentException("--lr must be positive");
        trainedLayers = trainedLayers == null ? List.of() : List.copyOf(new TreeSet<>(trainedLayers));
        for (int l : trainedLayers) {
            if (l < 0 || l >= layers) throw new IllegalArgumentException("--train-layers " + l + ": the model has blocks 0 to " + (layers - 1));
        }
    }

    /** The defaults of the CLI, for the given files. */
    public static TrainSettings defaults(Path data, Path heldOut, Path vocab, Path out) {
        return new TrainSettings(data, heldOut, vocab, out, 256, 4, 4, 2, 64, 768, 1024, true,
                8, 3e-3, 3e-4, -1, 0, 0, 0.1, 1.0, 0.9, 0.95, 1, 2, 10, 100, 0, 5, null, List.of());
    }

    public TrainSettings withShape(int hidden, int layers, int heads, int kvHeads, int headDim, int ffn, int context, boolean tied) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, initFrom, trainedLayers);
    }

    public TrainSettings withSchedule(int batch, double lr, double minLr, int warmup, int steps, long tokens) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, initFrom, trainedLayers);
    }

    public TrainSettings withRun(long seed, int threads, double checkpointMinutes, int evalEvery, int pauseAfter, double logSeconds) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, initFrom, trainedLayers);
    }

    public TrainSettings withOptimizer(double weightDecay, double clip, double beta1, double beta2) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, initFrom, trainedLayers);
    }

    public TrainSettings withInitFrom(Path run) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, run, trainedLayers);
    }

    public TrainSettings withTrainedLayers(List<Integer> layers) {
        return new TrainSettings(data, heldOut, vocab, out, hidden, this.layers, heads, kvHeads, headDim, ffn, context, tied, batch, lr,
                minLr, warmup, steps, tokens, weightDecay, clip, beta1, beta2, seed, threads, checkpointMinutes, evalEvery, pauseAfter, logSeconds, initFrom, layers);
    }

    /** True when tensor {@code name} trains: every tensor, or only those of the chosen blocks. */
    public boolean trains(String name) {
        return trainedLayers.isEmpty() || inBlocks(trainedLayers).test(name);
    }

    /** True for the tensors of the listed blocks ({@code blk.N.}). */
    static Predicate<String> inBlocks(List<Integer> blocks) {
        return name -> blocks.stream().anyMatch(l -> name.startsWith("blk." + l + "."));
    }

    /**
     * The settings that decide the numbers, in a fixed order. Files by absolute path; the trainer
     * adds their checksums, and it is those, not the paths, that a resumed run must match.
     */
    public Map<String, Object> identity() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("data", data.toAbsolutePath().normalize().toString());
        m.put("heldOut", heldOut == null ? null : heldOut.toAbsolutePath().normalize().toString());
        m.put("vocab", vocab.toAbsolutePath().normalize().toString());
        m.put("hidden", hidden);
        m.put("layers", layers);
        m.put("heads", heads);
        m.put("kvHeads", kvHeads);
        m.put("headDim", headDim);
        m.put("ffn", ffn);
        m.put("context", context);
        m.put("tiedEmbeddings", tied);
        m.put("batch", batch);
        m.put("lr", lr);
        m.put("minLr", minLr);
        m.put("warmup", warmup);
        m.put("steps", steps);
        m.put("tokens", tokens);
        m.put("weightDecay", weightDecay);
        m.put("gradClip", clip);
        m.put("beta1", beta1);
        m.put("beta2", beta2);
        m.put("seed", seed);
        m.put("evalEvery", evalEvery);
        if (initFrom != null) m.put("initFrom", initFrom.toAbsolutePath().normalize().toString());
        if (!trainedLayers.isEmpty()) m.put("trainedLayers", trainedLayers);
        return m;
    }

    /** What changes only the timing. */
    public Map<String, Object> runOnly() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threads", threads);
        m.put("checkpointMinutes", checkpointMinutes);
        m.put("pauseAfter", pauseAfter);
        m.put("logSeconds", logSeconds);
        return m;
    }
}
