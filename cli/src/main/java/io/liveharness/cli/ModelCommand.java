package io.liveharness.cli;

import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.training.tokenizer.BpeEncoder;
import io.liveharness.training.tokenizer.Compression;
import io.liveharness.training.tokenizer.TokenizerBuild;
import io.liveharness.training.tokenizer.TokenizerCorpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `model random`: writes a random-weight GGUF of a real architecture with a real tokenizer.
 * `model tokenizer`: learns the project's own byte-level BPE vocabulary from its text.
 * `model data` / `model encode`: the expert's trajectories, and those as token sequences with their loss mask.
 * `model probe`: questions of the demo's kinds in the rooms of a world `model data` wrote.
 * `model train` / `model export`: the offline trainer ({@link TrainCommand}).
 */
@Command(name = "model", mixinStandardHelpOptions = true, description = "Models: random ones for throughput work, the tokenizer, training data, the trainer, a whole recipe (docs/training.md).",
        subcommands = {TrainCommand.Train.class, TrainCommand.Export.class, TrainCommand.VocabSubset.class, TrainCommand.Transplant.class,
                TrainCommand.Grow.class, TrainCommand.Blend.class, RecipeCommand.class})
final class ModelCommand {
    static final Path DEFAULT_VOCAB = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    @Command(name = "random", mixinStandardHelpOptions = true, description = "Write a random-weight GGUF of a real architecture with a real tokenizer, for throughput work.")
    int random(@Option(names = "--arch", paramLabel = "A", description = "architecture (default: qwen3)") String arch,
               @Option(names = "--hidden", paramLabel = "N") Integer hidden, @Option(names = "--layers", paramLabel = "N") Integer layers,
               @Option(names = "--ffn", paramLabel = "N") Integer ffn, @Option(names = "--heads", paramLabel = "N") Integer heads,
               @Option(names = "--kv-heads", paramLabel = "N") Integer kvHeads, @Option(names = "--head-dim", paramLabel = "N") Integer headDim,
               @Option(names = "--context", paramLabel = "N") Integer context,
               @Option(names = "--tied", description = "tie the output projection to the embeddings") boolean tied,
               @Option(names = "--seed", paramLabel = "N") Long seed,
               @Option(names = "--vocab", paramLabel = "F", defaultValue = "models/vocab/ggml-vocab-gpt-2.gguf", description = "the tokenizer's GGUF (default: ${DEFAULT-VALUE})") Path vocab,
               @Option(names = "--out", paramLabel = "F", description = "the file (default: named by the shape)") Path outFile) throws Exception {
        RandomModel.Spec d = RandomModel.Spec.bench();
        RandomModel.Spec spec = new RandomModel.Spec(arch != null ? arch : d.arch(), or(hidden, d.hidden()), or(layers, d.layers()), or(ffn, d.ffn()),
                or(heads, d.heads()), or(kvHeads, d.kvHeads()), or(headDim, d.headDim()), or(context, d.contextLength()),
                tied, seed != null ? seed : d.seed());
        if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
        Path out = outFile != null ? outFile : Path.of(spec.fileName(vocab.getFileName().toString()));
        long vocabSize = RandomModel.vocabularySize(GgufFile.readMetadata(vocab));
        long t0 = System.nanoTime();
        RandomModel.write(spec, vocab, out);
        System.out.printf("wrote %s: %s, %,d parameters, %.1f MB in %.1f s%n", out, spec, spec.parameters(vocabSize),
                Files.size(out) / 1e6, (System.nanoTime() - t0) / 1e9);
        return 0;
    }

    private static int or(Integer v, int otherwise) { return v != null ? v : otherwise; }

    /** Training trajectories: the expert through the real pipeline over the training world, default harness and variants. */
    @Command(name = "data", mixinStandardHelpOptions = true, description = "Training trajectories: the expert through the real pipeline over training rooms, default harness and variants.")
    int data(@Option(names = "--cases", paramLabel = "N", defaultValue = "12000", description = "(default: ${DEFAULT-VALUE})") int cases,
             @Option(names = "--rooms", paramLabel = "N", defaultValue = "60", description = "generated rooms (default: ${DEFAULT-VALUE})") int rooms,
             @Option(names = "--variants", paramLabel = "N", defaultValue = "40", description = "harness variants (default: ${DEFAULT-VALUE})") int variants,
             @Option(names = "--default-share", paramLabel = "X", defaultValue = "0.3", description = "share on the default harness (default: ${DEFAULT-VALUE})") double defaultShare,
             @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "(default: ${DEFAULT-VALUE})") long seed,
             @Option(names = "--variant-seed", paramLabel = "N", defaultValue = "100", description = "(default: ${DEFAULT-VALUE})") long variantSeed,
             @Option(names = "--transformations", paramLabel = "a,b", split = ",", description = "only these variant transformations") List<String> transformations,
             @Option(names = "--harness", paramLabel = "DIR", defaultValue = "harness/default", description = "(default: ${DEFAULT-VALUE})") Path harness,
             @Option(names = "--out", paramLabel = "DIR", defaultValue = "data/training/run", description = "(default: ${DEFAULT-VALUE})") Path out,
             @Option(names = "--held-out-every", paramLabel = "N", defaultValue = "40", description = "every N-th case held out (default: ${DEFAULT-VALUE})") int heldOutEvery,
             @Option(names = "--max-turns", paramLabel = "N", defaultValue = "4", description = "(default: ${DEFAULT-VALUE})") int maxTurns,
             @Option(names = "--slips", paramLabel = "X", defaultValue = "0", description = "share of viewer typos (default: ${DEFAULT-VALUE})") double slips,
             @Option(names = "--mix", paramLabel = "F", description = "the kinds' mix (default: data/training's)") Path mix,
             @Mixin ConfOption conf) throws Exception {
        var base = conf.load();
        var options = new io.liveharness.training.data.TrajectoryBuilder.Options(base, harness, out, cases, rooms, variants, defaultShare, seed,
                variantSeed, transformations != null ? transformations : List.of(), heldOutEvery, maxTurns, slips,
                mix != null ? mix : io.liveharness.training.data.KindMix.DEFAULT_FILE, System.err);
        var s = io.liveharness.training.data.TrajectoryBuilder.build(options);
        System.out.printf("data: %d cases, %d trajectories kept (%d held out), %d near-copies of the dev set left out, dropped %s; %s%n",
                s.cases(), s.kept(), s.heldOut(), s.nearCopiesLeftOut(), s.dropped(), options.out());
        return 0;
    }

    /** The demo's kinds of question asked in the generated rooms of a world: a dev set for `eval run --world`. */
    @Command(name = "probe", mixinStandardHelpOptions = true, description = "The demo's kinds of question in the rooms of a world `model data` wrote: a dev set for `eval run --world`.")
    int probe(@Option(names = "--world", paramLabel = "DIR", required = true, description = "a folder `model data --out` wrote") Path dir,
              @Option(names = "--out", paramLabel = "F", description = "(default: DIR/probe.jsonl)") Path outFile,
              @Mixin ConfOption conf) throws Exception {
        var base = conf.load();
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
        Path out = outFile != null ? outFile : dir.resolve("probe.jsonl");
        io.liveharness.eval.devset.DevSet.write(out, cases);
        var byKind = new java.util.TreeMap<String, Integer>();
        for (var c : cases) byKind.merge(c.tags().getFirst(), 1, Integer::sum);
        System.out.printf("wrote %s: %d questions %s in %d generated rooms; measure a model with%n"
                + "  ./liveharness eval run --world %s --dev-set %s --harness harness/default --model M.gguf --id ID%n",
                out, cases.size(), byKind, cases.stream().map(io.liveharness.eval.devset.DevCase::room).distinct().count(), dir, out);
        return 0;
    }

    /** Trajectories as token sequences with their loss mask, tokenized as llama.cpp will tokenize them. */
    @Command(name = "encode", mixinStandardHelpOptions = true, description = "Trajectories as token sequences with their loss mask, tokenized as llama.cpp will tokenize them.")
    int encode(@Option(names = "--vocab", paramLabel = "F", required = true, description = "the vocabulary GGUF") Path vocab,
               @Option(names = "--in", paramLabel = "TRAJECTORIES.jsonl", required = true) Path in,
               @Option(names = "--out", paramLabel = "TOKENS.jsonl", required = true) Path out,
               @Option(names = "--context", paramLabel = "N", defaultValue = "1024", description = "longest sequence (default: ${DEFAULT-VALUE})") int limit,
               @Option(names = "--key-weight", paramLabel = "N", defaultValue = "1", description = "the loss weight of a target token the answer turns on (default: ${DEFAULT-VALUE})") int keyWeight,
               @Option(names = "--keep-learned", paramLabel = "REGEX", description = "keep only trajectories with a learned reply that matches") String keepLearned) throws Exception {
        var encoder = new io.liveharness.training.data.ChatEncoder(io.liveharness.training.tokenizer.GgufVocabulary.read(vocab));
        java.util.regex.Pattern keep;
        try { // a trajectory is kept only when one of its learned replies matches; without the option, all are
            keep = keepLearned != null ? java.util.regex.Pattern.compile(keepLearned) : null;
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new UsageException("model encode --keep-learned: not a regular expression: " + e.getMessage());
        }
        var stats = io.liveharness.training.data.EncodedSet.write(encoder, in, out, limit, keyWeight, keep);
        System.out.println("encoded " + out + ": " + stats.line(limit));
        return 0;
    }

    @Command(name = "tokenizer", mixinStandardHelpOptions = true, description = "Learn the project's bilingual byte-level BPE (docs/engine.md#the-projects-tokenizer).")
    int tokenizer(@Option(names = "--vocab-size", paramLabel = "N", defaultValue = "" + TokenizerBuild.DEFAULT_VOCAB_SIZE, description = "(default: ${DEFAULT-VALUE})") int vocabSize,
                  @Option(names = "--corpus", paramLabel = "FILE", description = "a text corpus (repeatable; default: the project's own texts)") List<Path> corpusFiles,
                  @Option(names = "--variants", paramLabel = "N", defaultValue = "" + TokenizerCorpus.DEFAULT_VARIANTS, description = "harness variants in the corpus (default: ${DEFAULT-VALUE})") int variants,
                  @Option(names = "--out", paramLabel = "F", description = "(default: models/vocab/liveharness-bpe.gguf)") Path out) throws Exception {
        List<Path> corpus = corpusFiles != null ? corpusFiles : List.of();
        for (Path f : corpus) if (!Files.isRegularFile(f)) throw new UsageException("corpus file " + f + " not found");
        var settings = new TokenizerBuild.Settings(Path.of(""), vocabSize, corpus, variants, out != null ? out : TokenizerBuild.DEFAULT_OUT);
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
