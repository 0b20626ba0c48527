package io.liveharness.cli;

import io.liveharness.training.trainer.GgufExport;
import io.liveharness.training.trainer.TrainSettings;
import io.liveharness.training.trainer.Trainer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** `model train`, `model export` and the model surgery beside them: the offline trainer of small qwen3 models (io.liveharness.training.trainer). */
final class TrainCommand {

    private TrainCommand() { }

    @Command(name = "train", mixinStandardHelpOptions = true, description = "Train a small qwen3 on masked, tokenized JSONL in Java; a resumable run folder that writes model.gguf (docs/training.md). Unset settings take TrainSettings' defaults.")
    static final class Train implements Callable<Integer> {
        @Option(names = "--data", paramLabel = "F", required = true, description = "token sequences (model encode)") Path data;
        @Option(names = "--held-out", paramLabel = "F", description = "held-out sequences for the eval loss") Path heldOut;
        @Option(names = "--vocab", paramLabel = "F", required = true, description = "the vocabulary GGUF") Path vocab;
        @Option(names = "--out", paramLabel = "DIR", required = true, description = "the run folder (resumed when it exists)") Path out;
        @Option(names = "--hidden", paramLabel = "N") Integer hidden;
        @Option(names = "--layers", paramLabel = "N") Integer layers;
        @Option(names = "--heads", paramLabel = "N") Integer heads;
        @Option(names = "--kv-heads", paramLabel = "N") Integer kvHeads;
        @Option(names = "--head-dim", paramLabel = "N") Integer headDim;
        @Option(names = "--ffn", paramLabel = "N") Integer ffn;
        @Option(names = "--context", paramLabel = "N") Integer context;
        @Option(names = "--untied", description = "an output projection of its own, not the embeddings") boolean untied;
        @Option(names = "--batch", paramLabel = "N") Integer batch;
        @Option(names = "--lr", paramLabel = "X", description = "peak learning rate") Double lr;
        @Option(names = "--min-lr", paramLabel = "X", description = "final learning rate (default: lr / 10)") Double minLr;
        @Option(names = "--warmup", paramLabel = "N", description = "warm-up steps") Integer warmup;
        @Option(names = "--steps", paramLabel = "N", description = "steps to train (or --tokens)") Integer steps;
        @Option(names = "--tokens", paramLabel = "N", description = "tokens to train on (or --steps)") Long tokens;
        @Option(names = "--weight-decay", paramLabel = "X") Double weightDecay;
        @Option(names = "--clip", paramLabel = "X", description = "gradient norm clip") Double clip;
        @Option(names = "--seed", paramLabel = "N") Long seed;
        @Option(names = "--threads", paramLabel = "N") Integer threads;
        @Option(names = "--checkpoint-minutes", paramLabel = "X") Double checkpointMinutes;
        @Option(names = "--eval-every", paramLabel = "N", description = "steps between held-out evaluations") Integer evalEvery;
        @Option(names = "--pause-after", paramLabel = "N", description = "stop after N steps this time (resume later)") Integer pauseAfter;
        @Option(names = "--log-seconds", paramLabel = "X") Double logSeconds;
        @Option(names = "--init-from", paramLabel = "RUN_DIR|MODEL.gguf", description = "start from these weights") Path initFrom;
        @Option(names = "--train-layers", paramLabel = "1,3,...", description = "train only these blocks (a grown model)") String trainLayers;

        @Override
        public Integer call() {
            requireFile("--data", data);
            requireFile("--vocab", vocab);
            if (heldOut != null) requireFile("--held-out", heldOut);
            if (steps == null && tokens == null) throw new UsageException("give --steps N or --tokens N");
            TrainSettings d = TrainSettings.defaults(data, heldOut, vocab, out);
            double peak = lr != null ? lr : d.lr();
            TrainSettings s;
            try {
                s = d.withShape(or(hidden, d.hidden()), or(layers, d.layers()), or(heads, d.heads()), or(kvHeads, d.kvHeads()),
                                or(headDim, d.headDim()), or(ffn, d.ffn()), or(context, d.context()), !untied)
                        .withSchedule(or(batch, d.batch()), peak, minLr != null ? minLr : peak / 10, or(warmup, d.warmup()),
                                or(steps, 0), tokens != null ? tokens : 0)
                        .withOptimizer(or(weightDecay, d.weightDecay()), or(clip, d.clip()), d.beta1(), d.beta2())
                        .withRun(seed != null ? seed : d.seed(), or(threads, d.threads()), or(checkpointMinutes, d.checkpointMinutes()),
                                or(evalEvery, d.evalEvery()), or(pauseAfter, 0), or(logSeconds, d.logSeconds()))
                        .withInitFrom(initFrom)
                        .withTrainedLayers(layers(trainLayers == null ? "" : trainLayers));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            try {
                Trainer.Result r = new Trainer(s, false).run();
                return r.finished() || s.pauseAfter() > 0 ? ExitCodes.OK : ExitCodes.FAILED;
            } catch (IllegalArgumentException e) { // bad data (file:line), a run folder of other settings
                throw new InputException(e.getMessage());
            }
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "A run folder's model as a GGUF llama.cpp loads.")
    static final class Export implements Callable<Integer> {
        @Option(names = "--run", paramLabel = "DIR", required = true, description = "the run folder") Path run;
        @Option(names = "--out", paramLabel = "F.gguf", required = true) Path out;
        @Option(names = "--finetune", paramLabel = "WHAT", description = "what the model was fine-tuned for, in its metadata") String finetune;
        @Option(names = "--precision", paramLabel = "f32|f16", defaultValue = "f32", description = "how the matrices are stored; f16 halves the file (default: ${DEFAULT-VALUE})") String precision;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(run.resolve(Trainer.SETTINGS))) throw new UsageException(run + " is not a run folder (no " + Trainer.SETTINGS + ")");
            Trainer.export(run, out, finetune, precision(precision));
            System.out.println("wrote " + out);
            return ExitCodes.OK;
        }
    }

    @Command(name = "vocab-subset", mixinStandardHelpOptions = true, description = "A smaller vocabulary (the first N tokens of one), for small test and benchmark models.")
    static final class VocabSubset implements Callable<Integer> {
        @Option(names = "--vocab", paramLabel = "F", required = true) Path vocab;
        @Option(names = "--tokens", paramLabel = "N", required = true) int tokens;
        @Option(names = "--out", paramLabel = "F.gguf", required = true) Path out;

        @Override
        public Integer call() {
            requireFile("--vocab", vocab);
            io.liveharness.training.trainer.VocabSubset.write(vocab, tokens, out);
            System.out.println("wrote " + out);
            return ExitCodes.OK;
        }
    }

    @Command(name = "transplant", mixinStandardHelpOptions = true, description = "Move a trained model onto another vocabulary (embeddings from the old tokens of the same bytes), to train on with --init-from.")
    static final class Transplant implements Callable<Integer> {
        @Option(names = "--model", paramLabel = "F.gguf", required = true) Path model;
        @Option(names = "--vocab", paramLabel = "F", required = true) Path vocab;
        @Option(names = "--out", paramLabel = "F.gguf", required = true) Path out;

        @Override
        public Integer call() {
            requireFile("--model", model);
            requireFile("--vocab", vocab);
            var r = io.liveharness.training.trainer.VocabTransplant.write(model, vocab, out);
            System.out.printf("wrote %s: %,d tokens, %,d of them the same bytes as an old token, %,d started from the mean of old ones%n",
                    out, r.vocab(), r.same(), r.averaged());
            return ExitCodes.OK;
        }
    }

    @Command(name = "grow", mixinStandardHelpOptions = true, description = "Make a trained model deeper without changing what it computes (new blocks with zero output projections).")
    static final class Grow implements Callable<Integer> {
        @Option(names = "--model", paramLabel = "F.gguf", required = true) Path model;
        @Option(names = "--layers", paramLabel = "N", required = true, description = "blocks of the grown model") int layers;
        @Option(names = "--out", paramLabel = "F.gguf", required = true) Path out;
        @Option(names = "--precision", paramLabel = "f32|f16", description = "how the matrices are stored (default: as the model's)") String precision;

        @Override
        public Integer call() {
            requireFile("--model", model);
            io.liveharness.training.trainer.ModelGrow.Result r;
            try {
                r = io.liveharness.training.trainer.ModelGrow.write(model, layers, precision == null ? null : precision(precision), out);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            String added = String.join(",", r.newLayers().stream().map(String::valueOf).toList());
            System.out.printf("wrote %s: %d blocks, %s new (each a copy of the block before it whose attn_output and ffn_down are zero:"
                    + " the model computes what it did); train them alone with --init-from %s --layers %d --train-layers %s%n",
                    out, r.config().layers(), added, out, r.config().layers(), added);
            return ExitCodes.OK;
        }
    }

    @Command(name = "blend", mixinStandardHelpOptions = true, description = "Every weight W of the way from one model to another of its shape: a fine-tune taken part of the way.")
    static final class Blend implements Callable<Integer> {
        @Option(names = "--from", paramLabel = "F.gguf", required = true) Path from;
        @Option(names = "--to", paramLabel = "F.gguf", required = true) Path to;
        @Option(names = "--weight", paramLabel = "W", required = true, description = "0: the first model, 1: the second") double weight;
        @Option(names = "--out", paramLabel = "F.gguf", required = true) Path out;

        @Override
        public Integer call() {
            requireFile("--from", from);
            requireFile("--to", to);
            try {
                var c = io.liveharness.training.trainer.ModelBlend.write(from, to, weight, out);
                System.out.printf("wrote %s: %d blocks, each weight %.2f of the way from %s to %s%n", out, c.layers(), weight, from, to);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            return ExitCodes.OK;
        }
    }

    /** {@code f32} or {@code f16}: how the matrices are stored; f16 halves the file. */
    private static GgufExport.Precision precision(String p) {
        return switch (p) {
            case "f32" -> GgufExport.Precision.F32;
            case "f16" -> GgufExport.Precision.F16;
            default -> throw new UsageException("--precision " + p + ": f32 or f16");
        };
    }

    /** "1,3,6" → [1, 3, 6]; "" → none. */
    static java.util.List<Integer> layers(String list) {
        if (list.isBlank()) return java.util.List.of();
        try {
            return java.util.Arrays.stream(list.split(",")).map(String::strip).map(Integer::valueOf).toList();
        } catch (NumberFormatException e) {
            throw new UsageException("--train-layers " + list + ": give block numbers separated by commas, for example 1,3,6,8");
        }
    }

    private static void requireFile(String option, Path p) {
        if (!Files.isRegularFile(p)) throw new UsageException(option + " " + p + " not found");
    }

    private static int or(Integer v, int otherwise) { return v != null ? v : otherwise; }

    private static double or(Double v, double otherwise) { return v != null ? v : otherwise; }
}
