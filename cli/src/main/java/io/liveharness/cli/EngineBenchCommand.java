package io.liveharness.cli;

import io.liveharness.engine.bench.EngineBenchmark;
import io.liveharness.engine.bench.RandomLlamaModel;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * `bench engine`: the batcher's decode throughput at 1, 4, 16 and 64 rooms on a random-weight
 * qwen3 (~160M parameters, F16, cached under ~/.cache/liveharness/models/), against sequential
 * decoding and a bare llama_decode loop measured in the same run; then the batcher at 16 rooms against
 * llama.cpp b4916's server slot batching (de.kherud:llama 4.2.0, in a child JVM) at 16 slots on a
 * random llama-architecture model of the same shape (b4916 cannot load qwen3); KV reuse (a version's shared prefix, an
 * evicted room restored from host memory, each against a cold prefill); ends with name=value lines.
 */
public final class EngineBenchCommand implements Main.Command {

    @Override
    public String summary() {
        return "engine benchmark: bench engine [--model F] [--threads N] [--tokens N] [--rooms 1,4,16,64] [--vocab F] [--slots-model F]";
    }

    @Override
    public int run(String[] args) throws Exception {
        int from = args.length > 0 && args[0].equals("engine") ? 1 : 0;
        Options o = Options.parse(args, from, Set.of("model", "threads", "tokens", "rooms", "vocab", "library", "slots-model"), Set.of());
        Path vocab = Path.of(o.get("vocab", ModelCommand.DEFAULT_VOCAB.toString()));
        String cache = System.getenv("LIVEHARNESS_CACHE");
        Path dir = (cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache", "liveharness")).resolve("models");
        RandomModel.Spec spec = RandomModel.Spec.bench();
        Path model;
        if (o.has("model")) {
            model = Path.of(o.get("model", ""));
        } else {
            if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
            Path file = dir.resolve(spec.fileName(vocab.getFileName().toString()));
            if (!Files.isRegularFile(file)) System.err.println("writing the random model " + file + " ...");
            model = RandomModel.cached(spec, vocab, dir);
        }
        // the slot-batching baseline's llama.cpp (b4916) predates qwen3: a llama-architecture model of the same shape
        Path slotsModel;
        if (o.has("slots-model")) {
            slotsModel = Path.of(o.get("slots-model", ""));
        } else {
            if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
            Path file = dir.resolve(RandomLlamaModel.fileName(spec, vocab.getFileName().toString()));
            if (!Files.isRegularFile(file)) System.err.println("writing the random llama model " + file + " ...");
            slotsModel = RandomLlamaModel.cached(spec, vocab, dir);
        }
        int threads = (int) o.number("threads", 1);
        int tokens = (int) o.number("tokens", 32);
        int[] rooms = Arrays.stream(o.get("rooms", "1,4,16,64").split(",")).mapToInt(s -> Integer.parseInt(s.strip())).toArray();
        Path library = o.has("library") ? Path.of(o.get("library", "")) : null;
        EngineBenchmark bench = new EngineBenchmark(model, library, threads, tokens, System.out);
        EngineBenchmark.Result r = bench.run(rooms, 16);
        EngineBenchmark.ReuseResult reuse = bench.kvReuse();
        EngineBenchmark.SlotsResult slots = bench.slotsComparison(slotsModel, 16);
        System.out.printf("raw loop 16 sequences: %.1f tokens/s; sequential: %.1f tokens/s%n", r.rawTokensPerSecond(),
                r.sequentialTokensPerSecond());
        r.batcherTokensPerSecond().forEach((n, tps) -> System.out.printf("batcher_tokens_per_s_%d=%.1f%n", n, tps));
        if (r.batcherTokensPerSecond().containsKey(16)) {
            System.out.printf("batch16_vs_sequential=%.2f%n", r.batchVsSequential(16));
            System.out.printf("batcher_vs_raw=%.2f%n", r.batcherVsRaw());
        }
        System.out.printf("prefix_ttft_ratio=%.3f%n", r.prefixTtftRatio());
        System.out.printf("shared_prefix_ttft_ratio=%.3f%n", reuse.sharedPrefixTtftRatio());
        System.out.printf("restore_vs_prefill=%.3f%n", reuse.restoreVsPrefill());
        System.out.printf("kv_bytes_per_room=%d%n", reuse.kvBytesPerRoom());
        System.out.printf("kv_tokens_per_room=%d%n", reuse.kvTokensPerRoom());
        System.out.printf("kv_bytes_per_token=%d%n", reuse.kvBytesPerRoom() / Math.max(1, reuse.kvTokensPerRoom()));
        System.out.printf("seq_cp_ms=%.2f%n", reuse.seqCopyMs());
        System.out.printf("vs llama.cpp server slots, %d sequences on %s: ours %s %.1f tokens/s; theirs %s %.1f tokens/s%n",
                slots.sequences(), slots.modelName(), slots.ourLibrary(), slots.batcherTokensPerSecond(), slots.theirLibrary(),
                slots.slotsTokensPerSecond());
        System.out.printf("vs_llamacpp_slots=%.2f%n", slots.ratio());
        return 0;
    }
}
