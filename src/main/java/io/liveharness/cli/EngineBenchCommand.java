package io.liveharness.cli;

import io.liveharness.engine.bench.EngineBenchmark;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * `bench engine`: the batcher's decode throughput at 1, 4, 16 and 64 rooms on a random-weight
 * qwen3 (~160M parameters, F16, cached under ~/.cache/liveharness/models/), against sequential
 * decoding and a bare llama_decode loop measured in the same run; ends with name=value lines.
 */
public final class EngineBenchCommand implements Main.Command {

    @Override
    public String summary() {
        return "engine benchmark: bench engine [--model F] [--threads N] [--tokens N] [--rooms 1,4,16,64] [--vocab F]";
    }

    @Override
    public int run(String[] args) throws Exception {
        int from = args.length > 0 && args[0].equals("engine") ? 1 : 0;
        Options o = Options.parse(args, from, Set.of("model", "threads", "tokens", "rooms", "vocab", "library"), Set.of());
        Path model;
        if (o.has("model")) {
            model = Path.of(o.get("model", ""));
        } else {
            Path vocab = Path.of(o.get("vocab", ModelCommand.DEFAULT_VOCAB.toString()));
            if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
            String cache = System.getenv("LIVEHARNESS_CACHE");
            Path dir = (cache != null && !cache.isBlank() ? Path.of(cache)
                    : Path.of(System.getProperty("user.home"), ".cache", "liveharness")).resolve("models");
            RandomModel.Spec spec = RandomModel.Spec.bench();
            Path file = dir.resolve(spec.fileName(vocab.getFileName().toString()));
            if (!Files.isRegularFile(file)) System.err.println("writing the random model " + file + " ...");
            model = RandomModel.cached(spec, vocab, dir);
        }
        int threads = (int) o.number("threads", 1);
        int tokens = (int) o.number("tokens", 32);
        int[] rooms = Arrays.stream(o.get("rooms", "1,4,16,64").split(",")).mapToInt(s -> Integer.parseInt(s.strip())).toArray();
        Path library = o.has("library") ? Path.of(o.get("library", "")) : null;
        EngineBenchmark.Result r = new EngineBenchmark(model, library, threads, tokens, System.out).run(rooms, 16);
        System.out.printf("raw loop 16 sequences: %.1f tokens/s; sequential: %.1f tokens/s%n", r.rawTokensPerSecond(),
                r.sequentialTokensPerSecond());
        r.batcherTokensPerSecond().forEach((n, tps) -> System.out.printf("batcher_tokens_per_s_%d=%.1f%n", n, tps));
        if (r.batcherTokensPerSecond().containsKey(16)) {
            System.out.printf("batch16_vs_sequential=%.2f%n", r.batchVsSequential(16));
            System.out.printf("batcher_vs_raw=%.2f%n", r.batcherVsRaw());
        }
        System.out.printf("prefix_ttft_ratio=%.3f%n", r.prefixTtftRatio());
        System.out.println("vs_llamacpp_slots: not measured (not attempted)");
        return 0;
    }
}
