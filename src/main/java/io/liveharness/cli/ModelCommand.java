package io.liveharness.cli;

import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * `model random`: writes a random-weight GGUF of a real architecture with a real tokenizer;
 * `model train` / `model export`: the offline trainer ({@link TrainCommand}).
 */
public final class ModelCommand implements Main.Command {
    public static final Path DEFAULT_VOCAB = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    @Override
    public String summary() {
        return "model random [--arch qwen3] [--hidden N] [--layers N] [--ffn N] [--heads N] [--kv-heads N]"
                + " [--head-dim N] [--context N] [--tied] [--seed N] [--vocab F] [--out F]\n"
                + "               | " + TrainCommand.TRAIN_USAGE + "\n"
                + "               | " + TrainCommand.EXPORT_USAGE + "\n"
                + "               | " + TrainCommand.SUBSET_USAGE;
    }

    @Override
    public int run(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("train")) return TrainCommand.train(args);
        if (args.length > 0 && args[0].equals("export")) return TrainCommand.export(args);
        if (args.length > 0 && args[0].equals("vocab-subset")) return TrainCommand.vocabSubset(args);
        if (args.length == 0 || !args[0].equals("random")) throw new UsageException("usage: " + summary());
        Options o = Options.parse(args, 1, Set.of("arch", "hidden", "layers", "ffn", "heads", "kv-heads", "head-dim",
                "context", "seed", "vocab", "out"), Set.of("tied"));
        RandomModel.Spec d = RandomModel.Spec.bench();
        RandomModel.Spec spec = new RandomModel.Spec(o.get("arch", d.arch()),
                (int) o.number("hidden", d.hidden()), (int) o.number("layers", d.layers()), (int) o.number("ffn", d.ffn()),
                (int) o.number("heads", d.heads()), (int) o.number("kv-heads", d.kvHeads()),
                (int) o.number("head-dim", d.headDim()), (int) o.number("context", d.contextLength()),
                o.has("tied"), (long) o.number("seed", d.seed()));
        Path vocab = Path.of(o.get("vocab", DEFAULT_VOCAB.toString()));
        if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
        Path out = Path.of(o.get("out", spec.fileName(vocab.getFileName().toString())));
        long vocabSize = GgufFile.readMetadata(vocab).get("tokenizer.ggml.tokens").list().size()
                + RandomModel.SPECIAL_TOKENS.size();
        long t0 = System.nanoTime();
        RandomModel.write(spec, vocab, out);
        System.out.printf("wrote %s: %s, %,d parameters, %.1f MB in %.1f s%n", out, spec, spec.parameters(vocabSize),
                Files.size(out) / 1e6, (System.nanoTime() - t0) / 1e9);
        return 0;
    }
}
