package io.liveharness.engine.bench;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.SharedPrefix;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.llama.BatchingBackend;
import io.liveharness.engine.llama.BatchingOptions;
import io.liveharness.engine.llama.LlamaBackend;
import io.liveharness.engine.llama.LlamaContext;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import io.liveharness.engine.llama.LlamaOptions;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Decode throughput of the batcher at several room counts, against two baselines measured in
 * the same run on the same model and library: the same requests decoded one at a time by the
 * single-sequence {@link LlamaBackend}, and a bare loop of llama_decode on a ready-made batch of
 * 16 sequences with no scheduling or sampling, in the same KV layout as the batcher (a stream of
 * {@link #ROOM_CONTEXT} positions per sequence). Plus the time to first token of a room's second
 * request against its first, with a long system prompt (prefix reuse), on a batcher of its own
 * whose streams hold that prompt. Then KV reuse ({@link #kvReuse}): a room's first message with its
 * harness version's shared prefix already held, and an evicted room restored from host memory, each
 * against a cold prefill of the same prompt, and what one room's KV takes in host memory.
 */
public final class EngineBenchmark {

    public record Result(Map<Integer, Double> batcherTokensPerSecond, double sequentialTokensPerSecond,
                         double rawTokensPerSecond, int rawSequences, double firstTtftMs, double secondTtftMs,
                         int systemPromptTokens) {
        public double batchVsSequential(int rooms) { return batcherTokensPerSecond.get(rooms) / sequentialTokensPerSecond; }

        public double batcherVsRaw() { return batcherTokensPerSecond.get(rawSequences) / rawTokensPerSecond; }

        public double prefixTtftRatio() { return secondTtftMs / firstTtftMs; }
    }

    /**
     * KV reuse, measured on batchers of {@link #PREFIX_ROOM_CONTEXT}-position streams: times to first
     * token (medians of {@link #REUSE_RUNS}) of a room whose version's prefix is held, of an evicted
     * room restored from host memory, and of a cold prefill of each of their prompts; the bytes one
     * room's saved KV takes and its tokens; and what llama_memory_seq_cp of one stream costs.
     */
    public record ReuseResult(int sharedTokens, int roomPromptTokens, double sharedTtftMs, double sharedColdTtftMs,
                              int restoredPromptTokens, double restoreTtftMs, double restoreColdTtftMs,
                              long kvBytesPerRoom, int kvTokensPerRoom, double seqCopyMs, long streamBytes) {
        public double sharedPrefixTtftRatio() { return sharedTtftMs / sharedColdTtftMs; }

        public double restoreVsPrefill() { return restoreTtftMs / restoreColdTtftMs; }
    }

    static final int REUSE_RUNS = 3;

    /** Positions of each room's KV stream in the throughput runs: the short prompts plus the reply fit. */
    static final int ROOM_CONTEXT = 512;
    /** Positions of each room's KV stream in the prefix run: the system prompt fits in any of our vocabularies (~1,500 GPT-2 tokens, ~2,200 in the avatar's 6,000). */
    static final int PREFIX_ROOM_CONTEXT = 4096;

    private final Path model;
    private final Path library;
    private final int threads;
    private final int replyTokens;
    private final PrintStream log;

    public EngineBenchmark(Path model, Path library, int threads, int replyTokens, PrintStream log) {
        this.model = model;
        this.library = library;
        this.threads = threads;
        this.replyTokens = replyTokens;
        this.log = log;
    }

    static final String[] TOPICS = {"the red sneakers", "shipping to Lyon", "size 42", "the vegan sole", "a discount code",
            "the blue jacket", "returns", "the limited edition", "gift wrapping", "the warranty", "colours", "stock"};

    static CompletionRequest request(int room, int maxTokens) {
        return CompletionRequest.chat("room-" + room, List.of(
                ChatMessage.system("You are Mia, an avatar host selling sneakers in live room " + room + "."),
                ChatMessage.user("Viewer " + room + " asks about " + TOPICS[room % TOPICS.length] + "?")),
                SamplingParams.GREEDY, maxTokens, Long.MAX_VALUE);
    }

    public Result run(int[] roomCounts, int rawSequences) {
        int maxRooms = 0;
        for (int r : roomCounts) maxRooms = Math.max(maxRooms, r);
        Map<Integer, Double> batcher = new LinkedHashMap<>();
        double firstTtft, secondTtft;
        int systemTokens;
        int roomContext = Math.max(ROOM_CONTEXT, 128 + replyTokens);
        BatchingOptions opts = BatchingOptions.of(model).withLibraryDir(library).withThreads(threads)
                .withMaxSequences(Math.max(maxRooms, 1)).withContextSize(roomContext).withStepTokens(512);
        try (BatchingBackend b = BatchingBackend.open(opts)) {
            log.printf("model: %s, %,d parameters, %.0f MB; %d thread(s)%n", b.info().name(), b.info().parameters(),
                    b.info().fileBytes() / 1e6, threads);
            log.printf("llama.cpp devices: %s%n", String.join(", ", LlamaLibrary.load(library).selfCheck().devices()));
            // warm-up: every room's prompt is prefilled once and cached, so the measured runs are decode
            List<CompletableFuture<Completion>> warm = new ArrayList<>();
            for (int r = 0; r < maxRooms; r++) warm.add(b.complete(request(r, 1), TokenSink.NONE));
            warm.forEach(CompletableFuture::join);
            for (int rooms : roomCounts) {
                long steps0 = b.stats().steps;
                long t0 = System.nanoTime();
                long tokens = submitTogether(b, rooms).stream().mapToLong(f -> f.join().completionTokens()).sum();
                double s = (System.nanoTime() - t0) / 1e9;
                long steps = b.stats().steps - steps0;
                batcher.put(rooms, tokens / s);
                log.printf("batcher, %2d rooms: %5d tokens in %6.2f s (%d steps) = %7.1f tokens/s%n", rooms, tokens, s, steps, tokens / s);
            }
        }
        try (BatchingBackend b = BatchingBackend.open(opts.withMaxSequences(4).withContextSize(PREFIX_ROOM_CONTEXT))) {
            // prefix reuse: a room's second request against its first, after a 1,500-token system prompt
            StringBuilder sys = new StringBuilder("You are Mia, an avatar host. Catalogue:\n");
            for (int i = 0; sys.length() < 5100; i++) {
                sys.append("Item ").append(i).append(": ").append(TOPICS[i % TOPICS.length]).append(", price ")
                        .append(20 + i % 80).append(" euros, in stock, ships in ").append(1 + i % 5).append(" days.\n");
            }
            List<ChatMessage> chat = new ArrayList<>(List.of(ChatMessage.system(sys.toString()), ChatMessage.user("price of item 7?")));
            Completion first = b.complete(CompletionRequest.chat("prefix-room", chat, SamplingParams.GREEDY, 8, Long.MAX_VALUE),
                    TokenSink.NONE).join();
            chat.add(ChatMessage.assistant(first.text()));
            chat.add(ChatMessage.user("and item 12?"));
            Completion second = b.complete(CompletionRequest.chat("prefix-room", chat, SamplingParams.GREEDY, 8, Long.MAX_VALUE),
                    TokenSink.NONE).join();
            firstTtft = first.firstTokenNanos() / 1e6;
            secondTtft = second.firstTokenNanos() / 1e6;
            systemTokens = first.promptTokens();
            log.printf("prefix: first request %d prompt tokens, first token after %.1f ms; second request %d prompt tokens,"
                    + " first token after %.1f ms%n", first.promptTokens(), firstTtft, second.promptTokens(), secondTtft);
        }

        // with more threads than one, the single-sequence baseline is also run on one thread and the
        // faster kept: on a busy box extra llama.cpp workers can slow one sequence down, which would
        // flatter the batcher's ratio
        double sequential = sequential(threads, rawSequences);
        if (threads > 1) sequential = Math.max(sequential, sequential(1, rawSequences));
        double raw = rawLoop(rawSequences, roomContext);
        log.printf("baseline raw loop (llama_decode on a ready-made batch of %d sequences): %.1f tokens/s%n", rawSequences, raw);
        return new Result(batcher, sequential, raw, rawSequences, firstTtft, secondTtft, systemTokens);
    }

    /** A harness version's text: rules and a skill catalogue, the same in every room of the version (about 1,300 GPT-2 tokens). */
    static String versionText() {
        StringBuilder s = new StringBuilder("## Rules\n");
        for (int i = 0; s.length() < 1800; i++) {
            s.append("- Rule ").append(i).append(": only state prices, stock and delivery times for ").append(TOPICS[i % TOPICS.length])
                    .append(" that the product data or a tool result gives.\n");
        }
        s.append("\n## Skills\n");
        for (int i = 0; s.length() < 5000; i++) {
            s.append("- skill-").append(i).append(": answers questions about ").append(TOPICS[i % TOPICS.length])
                    .append(", calling the tools it lists, in one or two short sentences.\n");
        }
        return s.toString().strip();
    }

    /** A room's first message on the version: the shared text, then the room's own persona and products (about 200 tokens). */
    static CompletionRequest versionRoom(String shared, String room, int maxTokens) {
        StringBuilder own = new StringBuilder("\n\nYou are Mia, an avatar host selling sneakers in live room " + room + ".\n\n## Products\n");
        for (int i = 0; i < 6; i++) {
            own.append("- item-").append(room).append('-').append(i).append(' ').append(TOPICS[(i + room.length()) % TOPICS.length])
                    .append(": ").append(20 + 7 * i).append(" euros, stock ").append(3 + i).append('\n');
        }
        return CompletionRequest.chat(room, List.of(ChatMessage.system(shared + own), ChatMessage.user("Viewer asks: what is on stage now?")),
                SamplingParams.GREEDY, maxTokens, Long.MAX_VALUE).withSharedPrefix(new SharedPrefix(shared.length()));
    }

    /**
     * Shared prefix: on a batcher with one prefix sequence, a first room of the version computes the
     * prefix; then each measured room's first message starts from it. Restore: on a one-sequence
     * batcher with host memory, a room answers, another takes its sequence, and it asks again. The
     * cold figures are the same prompts on a batcher that reuses nothing.
     */
    public ReuseResult kvReuse() {
        String shared = versionText();
        BatchingOptions base = BatchingOptions.of(model).withLibraryDir(library).withThreads(threads)
                .withContextSize(PREFIX_ROOM_CONTEXT).withStepTokens(512);
        double[] sharedTtft = new double[REUSE_RUNS], sharedCold = new double[REUSE_RUNS];
        double[] restoreTtft = new double[REUSE_RUNS], restoreCold = new double[REUSE_RUNS];
        int sharedTokens, roomTokens = 0, restoredPromptTokens = 0, kvTokens = 0;
        long kvBytes = 0;
        List<CompletionRequest> secondRequests = new ArrayList<>();
        try (BatchingBackend b = BatchingBackend.open(base.withMaxSequences(REUSE_RUNS + 1).withKvReuse(0, 1))) {
            b.complete(versionRoom(shared, "first", 1), TokenSink.NONE).join(); // computes the version's prefix
            for (int i = 0; i < REUSE_RUNS; i++) {
                Completion c = b.complete(versionRoom(shared, "room-" + i, 1), TokenSink.NONE).join();
                sharedTtft[i] = c.firstTokenNanos() / 1e6;
                roomTokens = c.promptTokens();
            }
            var stats = b.stats();
            if (stats.prefixCopies != REUSE_RUNS) throw new IllegalStateException("the rooms did not start from the prefix: " + stats.prefixCopies);
            sharedTokens = (int) (stats.prefixTokens / stats.prefixCopies);
        }
        try (BatchingBackend b = BatchingBackend.open(base.withMaxSequences(1).withKvReuse(256L << 20, 0))) {
            for (int i = 0; i < REUSE_RUNS; i++) {
                String room = "restored-" + i;
                CompletionRequest first = versionRoom(shared, room, 8).withSharedPrefix(SharedPrefix.NONE);
                Completion a = b.complete(first, TokenSink.NONE).join();
                kvTokens = b.snapshot().cachedTokens().get(room);
                long held = b.snapshot().hostCacheBytes();
                b.complete(versionRoom(shared, "other-" + i, 1).withSharedPrefix(SharedPrefix.NONE), TokenSink.NONE).join(); // takes its sequence
                kvBytes = b.snapshot().hostCacheBytes() - held; // the room's own saved state (256 MB drops nothing here)
                List<ChatMessage> chat = new ArrayList<>(first.messages());
                chat.add(ChatMessage.assistant(a.text()));
                chat.add(ChatMessage.user("and in size 42?"));
                CompletionRequest second = CompletionRequest.chat(room, chat, SamplingParams.GREEDY, 1, Long.MAX_VALUE);
                secondRequests.add(second);
                long restores = b.stats().restores;
                Completion c = b.complete(second, TokenSink.NONE).join();
                if (b.stats().restores != restores + 1) throw new IllegalStateException("room " + room + " was not restored");
                restoreTtft[i] = c.firstTokenNanos() / 1e6;
                restoredPromptTokens = c.promptTokens();
            }
        }
        try (BatchingBackend b = BatchingBackend.open(base.withMaxSequences(1))) { // reuses nothing: each prompt prefilled in full
            b.complete(versionRoom(shared, "warm-up", 1).withSharedPrefix(SharedPrefix.NONE), TokenSink.NONE).join();
            for (int i = 0; i < REUSE_RUNS; i++) {
                sharedCold[i] = b.complete(versionRoom(shared, "room-" + i, 1).withSharedPrefix(SharedPrefix.NONE), TokenSink.NONE)
                        .join().firstTokenNanos() / 1e6;
                restoreCold[i] = b.complete(secondRequests.get(i), TokenSink.NONE).join().firstTokenNanos() / 1e6;
            }
        }
        double[] copy = seqCopyCost();
        ReuseResult r = new ReuseResult(sharedTokens, roomTokens, median(sharedTtft), median(sharedCold), restoredPromptTokens,
                median(restoreTtft), median(restoreCold), kvBytes, kvTokens, copy[0], (long) copy[1]);
        log.printf("shared prefix: %d of a room's %d prompt tokens shared; first token after %.1f ms from the held prefix,"
                + " %.1f ms cold (medians of %d)%n", r.sharedTokens(), r.roomPromptTokens(), r.sharedTtftMs(), r.sharedColdTtftMs(), REUSE_RUNS);
        log.printf("restore: a %d-token prompt, first token after %.1f ms restored from host memory, %.1f ms cold;"
                + " one room's KV of %d tokens is %,d bytes%n", r.restoredPromptTokens(), r.restoreTtftMs(), r.restoreColdTtftMs(),
                r.kvTokensPerRoom(), r.kvBytesPerRoom());
        log.printf("llama_memory_seq_cp of one %d-position stream (%,d bytes of K/V): %.2f ms%n", PREFIX_ROOM_CONTEXT, r.streamBytes(),
                r.seqCopyMs());
        return r;
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    /**
     * What a copy between two per-sequence streams costs: a one-token decode after
     * llama_memory_seq_cp (which makes the queued copy first) less a one-token decode without, the
     * median of 9 each; and the stream's K/V bytes, from the state size of a full stream.
     */
    private double[] seqCopyCost() {
        LlamaLibrary lib = LlamaLibrary.load(library);
        try (LlamaModel m = LlamaModel.load(lib, model);
             LlamaContext ctx = new LlamaContext(lib, m, 2 * PREFIX_ROOM_CONTEXT, 512, threads, 2, false)) {
            int[] prompt = m.tokenize(versionText(), true, true);
            int n = Math.min(prompt.length - 1, 512);
            ctx.decode(prompt, 0, n, 0, 0);
            long perToken = ctx.sequenceStateSize(0) / n; // about: the state adds positions and a header to the K/V rows
            double[] with = new double[9], without = new double[9];
            for (int i = 0; i < 9; i++) {
                // the same one-token decode over the same n cells, once right after the copy and once again without it
                ctx.seqRemove(1, -1, -1);
                ctx.seqCopy(0, 1, -1, -1);
                ctx.seqRemove(1, n, -1);
                long t0 = System.nanoTime();
                ctx.decode(prompt, n, 1, n, 1);
                with[i] = (System.nanoTime() - t0) / 1e6;
                ctx.seqRemove(1, n, -1);
                t0 = System.nanoTime();
                ctx.decode(prompt, n, 1, n, 1);
                without[i] = (System.nanoTime() - t0) / 1e6;
            }
            return new double[] {Math.max(0, median(with) - median(without)), (double) perToken * ctx.sequenceContextSize()};
        }
    }

    /** The same requests decoded one at a time by {@link LlamaBackend}: decode tokens/s, prefill excluded. */
    private double sequential(int threadCount, int requests) {
        try (LlamaBackend one = LlamaBackend.open(LlamaOptions.of(model).withLibraryDir(library).withThreads(threadCount).withContextSize(2048))) {
            long tokens = 0, nanos = 0;
            for (int r = 0; r < requests; r++) {
                Completion c = one.complete(request(r, replyTokens), TokenSink.NONE).join();
                // decode only: the prompt's prefill (before the first token) is not counted
                tokens += c.completionTokens() - 1;
                nanos += c.totalNanos() - c.firstTokenNanos();
            }
            double tps = tokens / (nanos / 1e9);
            log.printf("baseline sequential (LlamaBackend, one sequence at a time, %d requests, %d thread(s)): %d tokens in %.2f s"
                    + " decoding = %.1f tokens/s%n", requests, threadCount, tokens, nanos / 1e9, tps);
            return tps;
        }
    }

    /**
     * Hands the batcher {@code rooms} requests in one turn of its decode thread, so they all start in
     * the same step, as the bare loop's sequences and the slots' parallel requests do. Submitted one
     * by one from this thread, the first could start a step alone and finish a step before the
     * rest: at 32 tokens that one extra step is 3 % of the run, a cost of the measurement, not of
     * batching.
     */
    private List<CompletableFuture<Completion>> submitTogether(BatchingBackend b, int rooms) {
        return submitTogether(b, rooms, replyTokens);
    }

    private static List<CompletableFuture<Completion>> submitTogether(BatchingBackend b, int rooms, int tokens) {
        return b.onDecodeThread(decoder -> {
            List<CompletableFuture<Completion>> fs = new ArrayList<>();
            for (int r = 0; r < rooms; r++) fs.add(decoder.complete(request(r, tokens), TokenSink.NONE));
            return fs;
        }).join();
    }

    /**
     * The decode ceiling of a batcher that is already open (a node's own engine, after a load test):
     * {@code rooms} requests of {@code replyTokens} tokens started in one step, as {@link #run} measures
     * each room count, after one warm-up request per room so the measured run is decode. Tokens/s.
     */
    public static double ceilingTokensPerSecond(BatchingBackend b, int rooms, int replyTokens) {
        submitTogether(b, rooms, 1).forEach(CompletableFuture::join);
        long t0 = System.nanoTime();
        long tokens = submitTogether(b, rooms, replyTokens).stream().mapToLong(f -> f.join().completionTokens()).sum();
        return tokens / ((System.nanoTime() - t0) / 1e9);
    }

    /** Our batcher against llama.cpp b4916's server slots, same model, prompts, reply length and sequence count. */
    public record SlotsResult(String modelName, long parameters, int sequences, double batcherTokensPerSecond,
                              double slotsTokensPerSecond, String ourLibrary, String theirLibrary) {
        public double ratio() { return batcherTokensPerSecond / slotsTokensPerSecond; }
    }

    /**
     * {@code n} rooms on our {@link BatchingBackend}, then {@code n} parallel slots of llama.cpp's
     * server loop through {@code de.kherud:llama} ({@link SlotsWorker}, in a child JVM started after
     * ours is closed, so the two never share the CPU), on {@code llamaModel}: a llama-architecture
     * GGUF both libraries load. Each side first prefills every prompt once (our prefix cache, its
     * slots' prompt cache), then is timed on one round of {@code n} concurrent greedy completions of
     * {@link #replyTokens} tokens, wall clock; the prompts are the same chat-templated text.
     */
    public SlotsResult slotsComparison(Path llamaModel, int n) {
        int roomContext = Math.max(ROOM_CONTEXT, 128 + replyTokens);
        BatchingOptions opts = BatchingOptions.of(llamaModel).withLibraryDir(library).withThreads(threads)
                .withMaxSequences(n).withContextSize(roomContext).withStepTokens(512);
        double ours;
        String name;
        long parameters;
        List<String> prompts = new ArrayList<>();
        try (BatchingBackend b = BatchingBackend.open(opts)) {
            name = b.info().name();
            parameters = b.info().parameters();
            List<CompletableFuture<Completion>> warm = new ArrayList<>();
            for (int r = 0; r < n; r++) warm.add(b.complete(request(r, 1), TokenSink.NONE));
            warm.forEach(CompletableFuture::join);
            long t0 = System.nanoTime();
            long tokens = submitTogether(b, n).stream().mapToLong(f -> f.join().completionTokens()).sum();
            double s = (System.nanoTime() - t0) / 1e9;
            ours = tokens / s;
            log.printf("slots comparison on %s (%,d parameters), %d sequences:%n", name, parameters, n);
            log.printf("  ours   %s, batcher: %5d tokens in %6.2f s = %7.1f tokens/s%n", LlamaLibrary.DESCRIPTION, tokens, s, ours);
        }
        LlamaLibrary lib = LlamaLibrary.load(library);
        try (LlamaModel m = LlamaModel.load(lib, llamaModel)) {
            for (int r = 0; r < n; r++) prompts.add(m.applyChatTemplate(request(r, 1).messages()));
        }
        SlotsWorker.Measurement theirs = SlotsBaseline.measure(llamaModel, threads, roomContext, replyTokens, prompts, 600);
        log.printf("  theirs %s, %d server slots: %5d tokens in %6.2f s = %7.1f tokens/s%n", SlotsWorker.DESCRIPTION, n,
                theirs.tokens(), theirs.seconds(), theirs.tokensPerSecond());
        return new SlotsResult(name, parameters, n, ours, theirs.tokensPerSecond(), LlamaLibrary.DESCRIPTION, SlotsWorker.DESCRIPTION);
    }

    /**
     * llama_decode on a ready-made batch of {@code n} sequences, one token each per call: no
     * scheduling, no sampling; a KV stream of {@code roomContext} per sequence, as the batcher.
     */
    private double rawLoop(int n, int roomContext) {
        LlamaLibrary lib = LlamaLibrary.load(library);
        try (LlamaModel m = LlamaModel.load(lib, model);
             LlamaContext ctx = new LlamaContext(lib, m, n * roomContext, 512, threads, n, false)) {
            int[] pos = new int[n];
            for (int s = 0; s < n; s++) {
                int[] prompt = m.tokenize(m.applyChatTemplate(request(s, 1).messages()), true, true);
                ctx.batchClear();
                for (int i = 0; i < prompt.length; i++) ctx.batchAdd(prompt[i], i, s, i == prompt.length - 1);
                ctx.decodeBatch();
                pos[s] = prompt.length;
            }
            int steps = replyTokens;
            long t0 = System.nanoTime();
            for (int step = 0; step < steps; step++) {
                ctx.batchClear();
                for (int s = 0; s < n; s++) ctx.batchAdd(1000 + step, pos[s]++, s, true);
                ctx.decodeBatch();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            return (double) steps * n / seconds;
        }
    }
}
