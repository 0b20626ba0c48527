package io.liveharness.engine.bench;

import io.liveharness.config.Json;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.args.LogFormat;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The llama.cpp server-style slot batching baseline: {@code de.kherud:llama} 4.2.0, whose JNI
 * library bundles its own llama.cpp (b4916) and runs llama.cpp's server loop (slots, continuous
 * batching, prompt cache) on a thread of its own. {@code n} Java threads each submit one greedy
 * completion of {@code tokens} tokens (EOS ignored, so each makes exactly that many); a first
 * round of one-token completions of the same prompts fills the slots' prompt caches, so the
 * measured round is decode, as in {@link EngineBenchmark}'s batcher runs.
 *
 * <p>Run in a JVM of its own ({@link #main}, started by {@link SlotsBaseline}): its libllama is
 * a different llama.cpp from the one {@code io.liveharness.engine.llama} loads, and the two
 * export the same symbol names. It reads the prompts as a JSON array of strings on stdin and
 * writes its {@link Measurement} as JSON to a file: not to stdout, where the library's native
 * server thread prints log lines that can land inside a line of ours.
 */
public final class SlotsWorker {

    public static final String DESCRIPTION = "llama.cpp b4916 (de.kherud:llama 4.2.0)";

    /** One measured round: all {@code prompts.size()} completions, wall clock. */
    public record Measurement(long tokens, double seconds, String sampleText) {
        public double tokensPerSecond() { return tokens / seconds; }
    }

    private SlotsWorker() { }

    /**
     * Loads {@code model} with {@code prompts.size()} parallel slots of {@code slotContext}
     * positions each, and measures one round of concurrent completions.
     */
    public static Measurement measure(String model, int threads, int slotContext, int tokens, List<String> prompts) {
        int n = prompts.size();
        LlamaModel.setLogger(LogFormat.TEXT, (level, msg) -> { });
        ModelParameters mp = new ModelParameters().setModel(model).setThreads(threads).setThreadsBatch(threads)
                .setParallel(n).enableContBatching().setCtxSize(n * slotContext).setBatchSize(512)
                .setGpuLayers(0).skipWarmup();
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try (LlamaModel m = new LlamaModel(mp)) {
            round(m, pool, prompts, 1); // warm-up: prefill every prompt into a slot's cache
            long t0 = System.nanoTime();
            List<String> out = round(m, pool, prompts, tokens);
            double s = (System.nanoTime() - t0) / 1e9;
            return new Measurement((long) n * tokens, s, out.getFirst());
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> round(LlamaModel m, ExecutorService pool, List<String> prompts, int tokens) {
        List<CompletableFuture<String>> fs = new ArrayList<>();
        for (String p : prompts) {
            InferenceParameters ip = new InferenceParameters(p).setNPredict(tokens).setTemperature(0f).setTopK(1)
                    .setIgnoreEos(true).setCachePrompt(true).setSeed(42);
            fs.add(CompletableFuture.supplyAsync(() -> m.complete(ip), pool));
        }
        return fs.stream().map(CompletableFuture::join).toList();
    }

    /** {@code SlotsWorker MODEL THREADS SLOT_CONTEXT TOKENS RESULT_FILE}; the prompts, a JSON array, on stdin. */
    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: SlotsWorker MODEL THREADS SLOT_CONTEXT TOKENS RESULT_FILE < prompts.json; args were "
                    + Arrays.toString(args));
            System.exit(2);
        }
        List<String> prompts = Arrays.asList(Json.MAPPER.readValue(System.in, String[].class));
        Measurement r = measure(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]), prompts);
        Json.MAPPER.writeValue(new File(args[4]), r);
        System.exit(0);
    }
}
