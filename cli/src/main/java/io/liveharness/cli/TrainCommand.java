package io.liveharness.cli;

import io.liveharness.training.trainer.GgufExport;
import io.liveharness.training.trainer.TrainSettings;
import io.liveharness.training.trainer.Trainer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** `model train` and `model export`: the offline trainer of small qwen3 models (io.liveharness.training.trainer). */
final class TrainCommand {
    static final String TRAIN_USAGE = "model train --data F [--held-out F] --vocab F --out DIR [--hidden 256 --layers 4 --heads 4"
            + " --kv-heads 2 --head-dim 64 --ffn 768 --context 1024 --untied] [--batch 8 --lr 3e-3 --min-lr 3e-4 --warmup N"
            + " --steps N | --tokens N] [--weight-decay 0.1 --clip 1 --seed 1 --threads 2 --checkpoint-minutes 10"
            + " --eval-every 100 --pause-after N] [--init-from RUN_DIR|MODEL.gguf] [--train-layers 1,3,...]";
    static final String EXPORT_USAGE = "model export --run DIR --out F.gguf [--finetune WHAT] [--precision f32|f16]";
    static final String SUBSET_USAGE = "model vocab-subset --vocab F --tokens N --out F.gguf";
    static final String TRANSPLANT_USAGE = "model transplant --model F.gguf --vocab F --out F.gguf";
    static final String GROW_USAGE = "model grow --model F.gguf --layers N --out F.gguf [--precision f32|f16]";
    static final String BLEND_USAGE = "model blend --from F.gguf --to F.gguf --weight W --out F.gguf";

    private TrainCommand() { }

    static int train(String[] args) {
        Options o = Options.parse(args, 1, Set.of("data", "held-out", "vocab", "out", "hidden", "layers", "heads", "kv-heads",
                "head-dim", "ffn", "context", "batch", "lr", "min-lr", "warmup", "steps", "tokens", "weight-decay", "clip",
                "seed", "threads", "checkpoint-minutes", "eval-every", "pause-after", "log-seconds", "init-from", "train-layers"), Set.of("untied"));
        for (String required : new String[]{"data", "vocab", "out"}) {
            if (!o.has(required)) throw new UsageException("--" + required + " is required; usage: " + TRAIN_USAGE);
        }
        Path data = file(o, "data"), vocab = file(o, "vocab"), heldOut = o.has("held-out") ? file(o, "held-out") : null;
        TrainSettings d = TrainSettings.defaults(data, heldOut, vocab, Path.of(o.get("out", "")));
        if (!o.has("steps") && !o.has("tokens")) throw new UsageException("give --steps N or --tokens N");
        double lr = o.number("lr", d.lr());
        TrainSettings s;
        try {
            s = d.withShape(i(o, "hidden", d.hidden()), i(o, "layers", d.layers()), i(o, "heads", d.heads()), i(o, "kv-heads", d.kvHeads()),
                            i(o, "head-dim", d.headDim()), i(o, "ffn", d.ffn()), i(o, "context", d.context()), !o.has("untied"))
                    .withSchedule(i(o, "batch", d.batch()), lr, o.number("min-lr", lr / 10), i(o, "warmup", d.warmup()),
                            i(o, "steps", 0), (long) o.number("tokens", 0))
                    .withOptimizer(o.number("weight-decay", d.weightDecay()), o.number("clip", d.clip()), d.beta1(), d.beta2())
                    .withRun((long) o.number("seed", d.seed()), i(o, "threads", d.threads()),
                            o.number("checkpoint-minutes", d.checkpointMinutes()), i(o, "eval-every", d.evalEvery()),
                            i(o, "pause-after", 0), o.number("log-seconds", d.logSeconds()))
                    .withInitFrom(o.has("init-from") ? Path.of(o.get("init-from", "")) : null)
                    .withTrainedLayers(layers(o.get("train-layers", "")));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try {
            Trainer.Result r = new Trainer(s, false).run();
            return r.finished() || s.pauseAfter() > 0 ? 0 : 1;
        } catch (IllegalArgumentException e) { // bad data (file:line), a run folder of other settings
            System.err.println("liveharness model train: " + e.getMessage());
            return 1;
        }
    }

    static int export(String[] args) {
        Options o = Options.parse(args, 1, Set.of("run", "out", "finetune", "precision"), Set.of());
        if (!o.has("run") || !o.has("out")) throw new UsageException("usage: " + EXPORT_USAGE);
        Path run = Path.of(o.get("run", ""));
        if (!Files.isRegularFile(run.resolve(Trainer.SETTINGS))) throw new UsageException(run + " is not a run folder (no " + Trainer.SETTINGS + ")");
        Path out = Path.of(o.get("out", ""));
        Trainer.export(run, out, o.get("finetune", null), precision(o, GgufExport.Precision.F32));
        System.out.println("wrote " + out);
        return 0;
    }

    /** {@code --precision f32|f16}: how the matrices are stored; f16 halves the file. */
    private static GgufExport.Precision precision(Options o, GgufExport.Precision otherwise) {
        if (!o.has("precision")) return otherwise;
        String p = o.get("precision", "");
        return switch (p) {
            case "f32" -> GgufExport.Precision.F32;
            case "f16" -> GgufExport.Precision.F16;
            default -> throw new UsageException("--precision " + p + ": f32 or f16");
        };
    }

    /** A smaller vocabulary (the first N tokens of one), for small test and benchmark models. */
    static int vocabSubset(String[] args) {
        Options o = Options.parse(args, 1, Set.of("vocab", "tokens", "out"), Set.of());
        if (!o.has("vocab") || !o.has("tokens") || !o.has("out")) throw new UsageException("usage: " + SUBSET_USAGE);
        Path out = Path.of(o.get("out", ""));
        io.liveharness.training.trainer.VocabSubset.write(file(o, "vocab"), i(o, "tokens", 0), out);
        System.out.println("wrote " + out);
        return 0;
    }

    /** A trained model onto another vocabulary, to train on from there (--init-from). */
    static int transplant(String[] args) {
        Options o = Options.parse(args, 1, Set.of("model", "vocab", "out"), Set.of());
        if (!o.has("model") || !o.has("vocab") || !o.has("out")) throw new UsageException("usage: " + TRANSPLANT_USAGE);
        Path out = Path.of(o.get("out", ""));
        var r = io.liveharness.training.trainer.VocabTransplant.write(file(o, "model"), file(o, "vocab"), out);
        System.out.printf("wrote %s: %,d tokens, %,d of them the same bytes as an old token, %,d started from the mean of old ones%n",
                out, r.vocab(), r.same(), r.averaged());
        return 0;
    }

    /** A trained model made deeper, its new blocks adding nothing until they train (--init-from, --train-layers). */
    static int grow(String[] args) {
        Options o = Options.parse(args, 1, Set.of("model", "layers", "out", "precision"), Set.of());
        if (!o.has("model") || !o.has("layers") || !o.has("out")) throw new UsageException("usage: " + GROW_USAGE);
        Path out = Path.of(o.get("out", ""));
        io.liveharness.training.trainer.ModelGrow.Result r;
        try {
            r = io.liveharness.training.trainer.ModelGrow.write(file(o, "model"), i(o, "layers", 0), precision(o, null), out);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        String added = String.join(",", r.newLayers().stream().map(String::valueOf).toList());
        System.out.printf("wrote %s: %d blocks, %s new (each a copy of the block before it whose attn_output and ffn_down are zero:"
                + " the model computes what it did); train them alone with --init-from %s --layers %d --train-layers %s%n",
                out, r.config().layers(), added, out, r.config().layers(), added);
        return 0;
    }

    /** Two models of one shape mixed weight by weight: a fine-tune taken part of the way (ModelBlend). */
    static int blend(String[] args) {
        Options o = Options.parse(args, 1, Set.of("from", "to", "weight", "out"), Set.of());
        if (!o.has("from") || !o.has("to") || !o.has("weight") || !o.has("out")) throw new UsageException("usage: " + BLEND_USAGE);
        Path out = Path.of(o.get("out", ""));
        double weight = o.number("weight", -1);
        try {
            var c = io.liveharness.training.trainer.ModelBlend.write(file(o, "from"), file(o, "to"), weight, out);
            System.out.printf("wrote %s: %d blocks, each weight %.2f of the way from %s to %s%n", out, c.layers(), weight, o.get("from", ""), o.get("to", ""));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return 0;
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

    private static Path file(Options o, String name) {
        Path p = Path.of(o.get(name, ""));
        if (!Files.isRegularFile(p)) throw new UsageException("--" + name + " " + p + " not found");
        return p;
    }

    private static int i(Options o, String name, int fallback) { return (int) o.number(name, fallback); }
}
