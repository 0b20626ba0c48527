package io.liveharness.cli;

import io.liveharness.engine.bench.EngineBenchmark;
import io.liveharness.engine.bench.RandomLlamaModel;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `bench engine`: the batcher's decode throughput at 1, 4, 16 and 64 rooms on a random-weight
 * qwen3 (~160M parameters, F16, cached under ~/.cache/liveharness/models/), against sequential
 * decoding and a bare llama_decode loop measured in the same run; then the batcher at 16 rooms against
 * llama.cpp b4916's server slot batching (de.kherud:llama 4.2.0, in a child JVM) at 16 slots on a
 * random llama-architecture model of the same shape (b4916 cannot load qwen3); KV reuse (a version's shared prefix, an
 * evicted room restored from host memory, each against a cold prefill); ends with name=value lines.
 */
@Command(name = "engine", mixinStandardHelpOptions = true, description = "Batcher throughput at 1-64 rooms against sequential, bare-loop and llama.cpp-slots baselines, prefix TTFT and KV reuse; ends with name=value lines.")
final class EngineBenchCommand implements Callable<Integer> {
    @Option(names = "--model", paramLabel = "F", description = "the model (default: a random ~160M qwen3, cached under ~/.cache/liveharness/models/)") Path modelFile;
    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "llama.cpp threads (default: ${DEFAULT-VALUE})") int threads;
    @Option(names = "--tokens", paramLabel = "N", defaultValue = "32", description = "tokens decoded per room (default: ${DEFAULT-VALUE})") int tokens;
    @Option(names = "--rooms", paramLabel = "1,4,16,64", defaultValue = "1,4,16,64", split = ",", description = "room counts (default: ${DEFAULT-VALUE})") int[] rooms;
    @Option(names = "--vocab", paramLabel = "F", description = "the random models' vocabulary GGUF (default: models/vocab/ggml-vocab-gpt-2.gguf)") Path vocabFile;
    @Option(names = "--library", paramLabel = "DIR", description = "the llama.cpp build (default: the pinned one)") Path library;
    @Option(names = "--slots-model", paramLabel = "F", description = "the llama-architecture model of the slots baseline (default: a random one of the same shape)") Path slotsModelFile;

    @Override
    public Integer call() throws Exception {
        Path vocab = vocabFile != null ? vocabFile : ModelCommand.DEFAULT_VOCAB;
        String cache = System.getenv("LIVEHARNESS_CACHE");
        Path dir = (cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache", "liveharness")).resolve("models");
        RandomModel.Spec spec = RandomModel.Spec.bench();
        Path model;
        if (modelFile != null) {
            model = modelFile;
        } else {
            if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
            Path file = dir.resolve(spec.fileName(vocab.getFileName().toString()));
            if (!Files.isRegularFile(file)) System.err.println("writing the random model " + file + " ...");
            model = RandomModel.cached(spec, vocab, dir);
        }
        // the slot-batching baseline's llama.cpp (b4916) predates qwen3: a llama-architecture model of the same shape
        Path slotsModel;
        if (slotsModelFile != null) {
            slotsModel = slotsModelFile;
        } else {
            if (!Files.isRegularFile(vocab)) throw new UsageException("vocabulary GGUF " + vocab + " not found (--vocab)");
            Path file = dir.resolve(RandomLlamaModel.fileName(spec, vocab.getFileName().toString()));
            if (!Files.isRegularFile(file)) System.err.println("writing the random llama model " + file + " ...");
            slotsModel = RandomLlamaModel.cached(spec, vocab, dir);
        }
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
