package io.liveharness.cli;

import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.training.tokenizer.BpeEncoder;
import io.liveharness.training.tokenizer.Compression;
import io.liveharness.training.tokenizer.TokenizerBuild;
import io.liveharness.training.tokenizer.TokenizerCorpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * `model random`: writes a random-weight GGUF of a real architecture with a real tokenizer.
 * `model tokenizer`: learns the project's own byte-level BPE vocabulary from its text.
 * `model data` / `model encode`: the expert's trajectories, and those as token sequences with their loss mask.
 * `model probe`: questions of the demo's kinds in the rooms of a world `model data` wrote.
 * `model train` / `model export`: the offline trainer ({@link TrainCommand}).
 */
public final class ModelCommand implements Main.Command {
    public static final Path DEFAULT_VOCAB = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    @Override
    public String summary() {
        return "model random [--arch qwen3] [--hidden N] [--layers N] [--ffn N] [--heads N] [--kv-heads N]"
                + " [--head-dim N] [--context N] [--tied] [--seed N] [--vocab F] [--out F]\n"
                + "               | model tokenizer [--vocab-size N] [--corpus FILE]... [--variants N] [--out F]\n"
                + "               | model data [--cases N] [--rooms N] [--variants N] [--default-share X] [--seed N] [--variant-seed N]"
                + " [--transformations a,b] [--max-turns N] [--slips X] [--mix F] [--harness DIR] [--out DIR]\n"
                + "               | model probe --world DIR [--out F]\n"
                + "               | model encode --vocab F --in TRAJECTORIES.jsonl --out TOKENS.jsonl [--context N] [--key-weight N] [--keep-learned REGEX]\n"
                + "               | " + TrainCommand.TRAIN_USAGE + "\n"
                + "               | " + TrainCommand.EXPORT_USAGE + "\n"
                + "               | " + TrainCommand.SUBSET_USAGE + "\n"
                + "               | " + TrainCommand.TRANSPLANT_USAGE + "\n"
                + "               | " + TrainCommand.GROW_USAGE + "\n"
                + "               | " + TrainCommand.BLEND_USAGE + "\n"
                + "               | " + RecipeCommand.USAGE;
    }

    @Override
    public int run(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("tokenizer")) return tokenizer(args);
        if (args.length > 0 && args[0].equals("data")) return data(args);
        if (args.length > 0 && args[0].equals("encode")) return encode(args);
        if (args.length > 0 && args[0].equals("probe")) return probe(args);
        if (args.length > 0 && args[0].equals("train")) return TrainCommand.train(args);
        if (args.length > 0 && args[0].equals("export")) return TrainCommand.export(args);
        if (args.length > 0 && args[0].equals("vocab-subset")) return TrainCommand.vocabSubset(args);
        if (args.length > 0 && args[0].equals("transplant")) return TrainCommand.transplant(args);
        if (args.length > 0 && args[0].equals("grow")) return TrainCommand.grow(args);
        if (args.length > 0 && args[0].equals("blend")) return TrainCommand.blend(args);
        if (args.length > 0 && args[0].equals("recipe")) return RecipeCommand.run(args);
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
        long vocabSize = RandomModel.vocabularySize(GgufFile.readMetadata(vocab));
        long t0 = System.nanoTime();
        RandomModel.write(spec, vocab, out);
        System.out.printf("wrote %s: %s, %,d parameters, %.1f MB in %.1f s%n", out, spec, spec.parameters(vocabSize),
                Files.size(out) / 1e6, (System.nanoTime() - t0) / 1e9);
        return 0;
    }

    /** Training trajectories: the expert through the real pipeline over the training world, default harness and variants. */
    private static int data(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("cases", "rooms", "variants", "default-share", "seed", "variant-seed", "transformations",
                "harness", "out", "conf", "held-out-every", "max-turns", "slips", "mix"), Set.of());
        var base = io.liveharness.config.ConfigLoader.load(Path.of(o.get("conf", io.liveharness.config.ConfigLoader.DEFAULT_FILE.toString())));
        List<String> transformations = o.has("transformations") ? List.of(o.get("transformations", "").split(",")) : List.of();
        var options = new io.liveharness.training.data.TrajectoryBuilder.Options(base, Path.of(o.get("harness", "harness/default")),
                Path.of(o.get("out", "data/training/run")), (int) o.number("cases", 12000), (int) o.number("rooms", 60),
                (int) o.number("variants", 40), o.number("default-share", 0.3), (long) o.number("seed", 1),
                (long) o.number("variant-seed", 100), transformations, (int) o.number("held-out-every", 40),
                (int) o.number("max-turns", 4), o.number("slips", 0),
                Path.of(o.get("mix", io.liveharness.training.data.KindMix.DEFAULT_FILE.toString())), System.err);
        var s = io.liveharness.training.data.TrajectoryBuilder.build(options);
        System.out.printf("data: %d cases, %d trajectories kept (%d held out), %d near-copies of the dev set left out, dropped %s; %s%n",
                s.cases(), s.kept(), s.heldOut(), s.nearCopiesLeftOut(), s.dropped(), options.out());
        return 0;
    }

    /** The demo's kinds of question asked in the generated rooms of a world: a dev set for `eval run --world`. */
    private static int probe(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("world", "out", "conf"), Set.of());
        if (!o.has("world")) throw new UsageException("usage: model probe --world DIR (a folder `model data --out` wrote) [--out F]");
        Path dir = Path.of(o.get("world", ""));
        var base = io.liveharness.config.ConfigLoader.load(Path.of(o.get("conf", io.liveharness.config.ConfigLoader.DEFAULT_FILE.toString())));
        io.liveharness.config.NodeConfig world;
        try {
            world = io.liveharness.training.data.SyntheticWorld.configOf(base, dir);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        var catalog = io.liveharness.tools.Catalog.load(Path.of(world.catalog().file()));
        var rooms = io.liveharness.room.RoomManifests.load(Path.of(world.rooms().dir()), catalog);
        var cases = io.liveharness.training.data.WorldProbe.cases(rooms, catalog,
                io.liveharness.training.data.WorldSpec.load(io.liveharness.training.data.WorldSpec.DEFAULT_FILE),
                io.liveharness.router.question.QuestionLexicon.load(io.liveharness.router.question.QuestionLexicon.DEFAULT_FILE),
                io.liveharness.training.data.WorldProbe.Phrasings.load(io.liveharness.training.data.WorldProbe.DEFAULT_FILE),
                io.liveharness.eval.devset.DevSetVocabulary.load(io.liveharness.eval.devset.DevSetVocabulary.DEFAULT_FILE).words("out_of_stock"));
        Path out = Path.of(o.get("out", dir.resolve("probe.jsonl").toString()));
        io.liveharness.eval.devset.DevSet.write(out, cases);
        var byKind = new java.util.TreeMap<String, Integer>();
        for (var c : cases) byKind.merge(c.tags().getFirst(), 1, Integer::sum);
        System.out.printf("wrote %s: %d questions %s in %d generated rooms; measure a model with%n"
                + "  ./liveharness eval run --world %s --dev-set %s --harness harness/default --model M.gguf --id ID%n",
                out, cases.size(), byKind, cases.stream().map(io.liveharness.eval.devset.DevCase::room).distinct().count(), dir, out);
        return 0;
    }

    /** Trajectories as token sequences with their loss mask, tokenized as llama.cpp will tokenize them. */
    private static int encode(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("vocab", "in", "out", "context", "key-weight", "keep-learned"), Set.of());
        for (String k : List.of("vocab", "in", "out")) if (!o.has(k)) throw new UsageException("model encode needs --" + k);
        var encoder = new io.liveharness.training.data.ChatEncoder(io.liveharness.training.tokenizer.GgufVocabulary.read(Path.of(o.get("vocab", ""))));
        int limit = (int) o.number("context", 1024);
        int keyWeight = (int) o.number("key-weight", 1); // the loss weight of a target token the answer turns on (ChatEncoder)
        java.util.regex.Pattern keep;
        try { // a trajectory is kept only when one of its learned replies matches; without the option, all are
            keep = o.has("keep-learned") ? java.util.regex.Pattern.compile(o.get("keep-learned", "")) : null;
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new UsageException("model encode --keep-learned: not a regular expression: " + e.getMessage());
        }
        var stats = io.liveharness.training.data.EncodedSet.write(encoder, Path.of(o.get("in", "")), Path.of(o.get("out", "")), limit, keyWeight, keep);
        System.out.println("encoded " + o.get("out", "") + ": " + stats.line(limit));
        return 0;
    }

    private static int tokenizer(String[] args) throws Exception {
        List<Path> corpus = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--corpus")) { // may repeat, which Options does not allow
                if (i + 1 >= args.length) throw new UsageException("--corpus needs a file");
                Path f = Path.of(args[++i]);
                if (!Files.isRegularFile(f)) throw new UsageException("corpus file " + f + " not found");
                corpus.add(f);
            } else {
                rest.add(args[i]);
            }
        }
        Options o = Options.parse(rest.toArray(String[]::new), 0, Set.of("vocab-size", "variants", "out"), Set.of());
        var settings = new TokenizerBuild.Settings(Path.of(""),
                (int) o.number("vocab-size", TokenizerBuild.DEFAULT_VOCAB_SIZE), corpus,
                (int) o.number("variants", TokenizerCorpus.DEFAULT_VARIANTS),
                Path.of(o.get("out", TokenizerBuild.DEFAULT_OUT.toString())));
        var r = TokenizerBuild.run(settings, line -> System.out.println("  " + line));
        var v = r.vocabulary();
        System.out.printf("wrote %s: %,d tokens (256 bytes, %,d merges, %d special) in %.1f s%n",
                settings.out(), r.vocabSize(), v.merges().size(), r.vocabSize() - v.tokens().size(), r.seconds());
        System.out.printf("corpus: %,d texts, %,d bytes -> %,d tokens, %.2f bytes/token%n",
                r.texts(), v.corpusBytes(), v.corpusTokens(), v.bytesPerToken());
        Path heldOut = Path.of("data/router/test.jsonl");
        if (Files.isRegularFile(heldOut)) {
            var c = Compression.measure(new BpeEncoder(v), TokenizerCorpus.file(heldOut).stream().map(TokenizerCorpus.Text::text).toList());
            System.out.printf("held out (%s): Chinese %.2f bytes/token (%,d bytes), other %.2f bytes/token (%,d bytes)%n",
                    heldOut, c.chineseBytesPerToken(), c.chineseBytes(), c.otherBytesPerToken(), c.otherBytes());
        }
        return 0;
    }
}
