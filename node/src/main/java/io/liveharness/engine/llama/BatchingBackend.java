package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineBusyException;
import io.liveharness.engine.ShedReason;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.PromptTooLongException;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A {@link ModelBackend} that decodes many rooms at once on one llama.cpp context: continuous
 * batching on one platform thread of its own, which makes every native call (a context is not
 * thread-safe; the loop never runs on an event loop).
 *
 * <p>Each step packs the next token of every running sequence first, then chunks of waiting
 * prompts, in priority order, up to {@link BatchingOptions#stepTokens()} (chunked prefill: a long
 * new prompt never stalls the rooms mid-reply), calls llama_decode once, samples each sequence
 * that has logits with its own sampler chain, streams the piece to its room, retires finished
 * sequences and admits waiting requests.
 *
 * <p>Each sequence has a KV stream of its own ({@code kv_unified = false}) of
 * {@link BatchingOptions#contextSize()} positions: a token attends over its own room's cells only,
 * so a step costs what its rooms hold, not what every cached room holds, and no room can fill
 * another's memory. A request's prompt plus reply must fit its stream: a longer prompt is refused
 * with an {@link EngineException}, and a reply that reaches the end of the stream stops with
 * {@link StopReason#MAX_TOKENS}.
 *
 * <p>A room ({@link CompletionRequest#sequenceKey()}) keeps its KV sequence between requests: the
 * next request reuses the longest common token prefix and prefills only the rest. When all
 * {@code maxSequences} sequence ids are taken, a new room takes the least recently used idle
 * room's sequence, which is cleared. The evicted room's sequence state and tokens go to host memory
 * ({@link HostKvCache}, {@link BatchingOptions#hostCacheBytes()}), from which its next request
 * restores them (llama_state_seq_set_data) and prefills only what follows the common prefix; when
 * the cache dropped it, that request prefills in full. A request stops at its deadline or when its
 * future is cancelled, at the next step.
 *
 * <p>Shared prefixes: a request's {@link CompletionRequest#sharedPrefix()} says how much of its
 * system message every room of its harness version sends alike. {@link BatchingOptions#sharedPrefixes()}
 * sequence ids beyond the rooms' hold such prefixes, keyed by their tokens, least recently used
 * replaced. The first room of a version prefills its prompt as usual, and once it is past the
 * shared part its stream is copied into a prefix sequence; a room with no KV stream of its own whose
 * prompt starts with a held prefix gets a copy of that stream (llama_memory_seq_cp: across
 * per-sequence streams llama.cpp copies whole streams) and prefills only its own part. The shared
 * part is the longest common token prefix of the prompt and the shared text tokenized alone, so a
 * token merged across the boundary cannot make a room attend over a token it did not send.
 *
 * <p>Prompts are templated and tokenized ({@link ChatPrompt}) and measured against the stream on a
 * thread of their own, in arrival order, before the decode thread sees them: a huge prompt costs
 * the decode loop nothing and a too-long one fails there.
 *
 * <p>Guest requests ({@link CompletionRequest#guest()}, the OpenAI-compatible API) together hold
 * at most {@link BatchingOptions#guestSequenceLimit()} sequences and take at most
 * {@link BatchingOptions#guestStepLimit()} tokens of a step, come after every room's request, and
 * take only a never-used sequence or a guest's: a room's cached prefix is evicted by rooms only.
 * A guest that gets no sequence by its {@link CompletionRequest#admitByNanos()} fails with
 * {@link EngineBusyException}.
 *
 * <p>A room's request that the backlog would finish past its deadline is refused when it arrives,
 * with {@link ShedReason#OVERLOAD}, not ended at the deadline ({@link #shedOverdue}).
 */
public final class BatchingBackend implements ModelBackend {

    private static final System.Logger LOG = System.getLogger(BatchingBackend.class.getName());
    private static final Comparator<Job> ORDER = Comparator.<Job>comparingInt(j -> j.request.guest() ? 1 : 0)
            .thenComparingInt(j -> j.request.priority())
            .thenComparingLong(j -> j.arrival);

    private final LlamaLibrary library;
    private final LlamaModel model;
    private final LlamaContext context;
    private final BatchingOptions options;
    private final ModelInfo info;
    private final Thread thread;
    private final int sequenceLimit; // positions one sequence's stream holds
    private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    /** Templates and tokenizes prompts, in arrival order, so the decode thread never does. */
    private final ExecutorService prompts;
    private volatile boolean closed;
    /** Set once, when the decode loop ends on an exception: nothing will read the inbox again. */
    private volatile EngineException death;

    /** Longest a caller waits for the decode thread to answer a question between steps. */
    static final long WAIT_MS = 10_000;

    // --- decode-thread state ---
    private final PriorityQueue<Job> waiting = new PriorityQueue<>(ORDER);
    private final List<Job> running = new ArrayList<>();
    private final Slot[] slots;
    private final Map<String, Slot> byKey = new HashMap<>();
    private final HostKvCache hostCache;
    private final PrefixSlot[] prefixes;
    private long clock;
    private long arrivals;
    private final Stats stats = new Stats();
    private volatile long stepDelayNanos; // tests only: see slowEachStep
    private volatile StepListener stepListener = (sequences, tokens) -> { };
    private volatile ShedListener shedListener = (reason, waitedNanos) -> { };
    private final java.util.concurrent.ConcurrentHashMap<ShedReason, Long> shedCounts = new java.util.concurrent.ConcurrentHashMap<>();
    private final StepClock stepClock = new StepClock();

    /** Told after each decode step, on the decode thread, how many sequences and tokens it held; must be cheap. */
    @FunctionalInterface
    public interface StepListener { void step(int sequences, int tokens); }

    /**
     * Told, on the decode thread, each time a request is ended without a token: the reason, and how
     * long it had been at the batcher (what "shed at once" promises to keep short); must be cheap.
     */
    @FunctionalInterface
    public interface ShedListener { void shed(ShedReason reason, long waitedNanos); }

    /** Sets the one shed listener (metrics); null removes it. */
    public void onShed(ShedListener listener) { shedListener = listener == null ? (reason, waitedNanos) -> { } : listener; }

    /** Sets the one step listener (metrics); null removes it. */
    public void onStep(StepListener listener) { stepListener = listener == null ? (sequences, tokens) -> { } : listener; }

    /** Counters since the backend opened, for benchmarks and tests (read with {@link #stats()}). */
    public static final class Stats {
        /**
         * reusedTokens: prompt tokens not prefilled because the room's sequence, a restore or a
         * shared prefix held them; restoredTokens and prefixTokens: those of them that came from a
         * restore and from a shared prefix's copy.
         */
        public long steps, decodeCalls, sampledTokens, prefillTokens, reusedTokens, evictions,
                saves, restores, restoredTokens, prefixBuilds, prefixCopies, prefixTokens;

        Stats copy() {
            Stats s = new Stats();
            s.steps = steps; s.decodeCalls = decodeCalls; s.sampledTokens = sampledTokens;
            s.prefillTokens = prefillTokens; s.reusedTokens = reusedTokens; s.evictions = evictions;
            s.saves = saves; s.restores = restores; s.restoredTokens = restoredTokens;
            s.prefixBuilds = prefixBuilds; s.prefixCopies = prefixCopies; s.prefixTokens = prefixTokens;
            return s;
        }
    }

    /**
     * Reuse of computed KV so far, readable without waiting for the decode thread (metrics).
     *
     * @param saves           evicted rooms' sequences saved to host memory
     * @param restores        rooms restored from host memory into a new sequence
     * @param restoredTokens  prompt tokens those restores spared from prefill
     * @param hostBytes       bytes of saved sequences held in host memory now
     * @param hostDropped     saved sequences dropped, oldest first, to stay within the limit
     * @param prefixBuilds    shared prefixes copied out of the first room that computed them
     * @param prefixCopies    rooms that started from a held shared prefix
     * @param prefixTokens    prompt tokens those copies spared from prefill
     */
    public record KvReuse(long saves, long restores, long restoredTokens, long hostBytes, long hostDropped,
                          long prefixBuilds, long prefixCopies, long prefixTokens) { }

    private volatile KvReuse kvReuse = new KvReuse(0, 0, 0, 0, 0, 0, 0, 0);

    /** The latest reuse counts; read without waiting for the decode thread. */
    public KvReuse kvReuse() { return kvReuse; }

    private void publishKvReuse() {
        kvReuse = new KvReuse(stats.saves, stats.restores, stats.restoredTokens, hostCache.bytes(), hostCache.dropped(),
                stats.prefixBuilds, stats.prefixCopies, stats.prefixTokens);
    }

    /**
     * What the batcher holds right now: rooms with a cached sequence, and how long each is, in tokens and in llama.cpp's memory;
     * rooms saved in host memory (least recently saved first) and their bytes; the shared prefixes held, in tokens.
     */
    public record Snapshot(int running, int waiting, Map<String, Integer> cachedTokens, Map<String, Integer> kvPositions,
                           int sequencesInMemory, int guestSequences, List<String> hostCachedRooms, long hostCacheBytes,
                           List<Integer> sharedPrefixTokens) { }

    /** A sequence id beyond the rooms' that holds one shared prefix's KV, never decoded into. */
    private static final class PrefixSlot {
        final int seq;
        int[] tokens; // null while empty
        long lastUsed;

        PrefixSlot(int seq) { this.seq = seq; }
    }

    /**
     * Fewer shared tokens than this are prefilled rather than copied: a copy between streams moves
     * the whole stream's buffer, whatever the prefix's length.
     */
    static final int MIN_SHARED_TOKENS = 32;
    /**
     * A held prefix serves a room whose own shared part it covers to within this many tokens: where
     * the room's text follows the shared text, a tokenizer may merge across the boundary and end the
     * common token prefix a token or two early; the room prefills those few itself.
     */
    static final int BOUNDARY_SLACK = 4;

    private static final class Slot {
        final int seq;
        String key;
        boolean guest; // held by a guest's key
        int[] tokens = new int[64];
        int length; // tokens whose KV is in memory, at positions 0..length-1
        long lastUsed;
        Job job;

        Slot(int seq) { this.seq = seq; }

        /** The sequence now holds {@code held}'s tokens (a restore or a prefix's copy). */
        void hold(int[] held) {
            if (tokens.length < held.length) tokens = Arrays.copyOf(held, Math.max(held.length, tokens.length * 2));
            else System.arraycopy(held, 0, tokens, 0, held.length);
            length = held.length;
        }

        void append(int token) {
            if (length == tokens.length) tokens = Arrays.copyOf(tokens, tokens.length * 2);
            tokens[length++] = token;
        }
    }

    private static final class Job {
        final CompletionRequest request;
        final TokenSink sink;
        final CompletableFuture<Completion> future;
        long arrival;
        final long start = System.nanoTime();
        int[] prompt;
        Slot slot;
        int prefilled; // prompt tokens in the KV memory
        int reused;
        LlamaSampler sampler;
        int pending = -1; // sampled, not yet decoded
        int cached; // prompt tokens its room's sequence held when it arrived: what it should not prefill again
        int shared; // leading prompt tokens every room of its harness version sends alike; 0: none known
        int publishAt; // once prefilled this far, its stream is copied into a prefix sequence; 0: nothing to publish
        HostKvCache.Entry saved; // its room's KV from host memory, between admission and seeding its new sequence
        int batchIndex = -1;
        int chunk;
        int limit;
        int generated;
        long firstToken;
        final StringBuilder text = new StringBuilder();
        final Utf8Pieces utf8 = new Utf8Pieces();

        Job(CompletionRequest request, TokenSink sink, CompletableFuture<Completion> future, long arrival) {
            this.request = request;
            this.sink = sink;
            this.future = future;
            this.arrival = arrival;
        }
    }

    private BatchingBackend(LlamaLibrary library, LlamaModel model, LlamaContext context, BatchingOptions options, Thread thread) {
        this.library = library;
        this.model = model;
        this.context = context;
        this.options = options;
        this.thread = thread;
        this.sequenceLimit = context.sequenceContextSize();
        this.prompts = Executors.newSingleThreadExecutor(Thread.ofPlatform()
                .name("llama-prompts-" + options.modelPath().getFileName()).daemon(true).factory());
        this.slots = new Slot[options.maxSequences()];
        for (int i = 0; i < slots.length; i++) slots[i] = new Slot(i);
        this.prefixes = new PrefixSlot[options.sharedPrefixes()];
        for (int i = 0; i < prefixes.length; i++) prefixes[i] = new PrefixSlot(slots.length + i);
        this.hostCache = new HostKvCache(options.hostCacheBytes());
        long params = model.parameterCount();
        this.info = new ModelInfo(model.header().name(), model.header().architecture(), params,
                model.header().fileBytes(), LlamaLibrary.DESCRIPTION, LlamaBackend.isTestModel(model),
                model.trainingContext(), sequenceLimit);
    }

    /** Loads the library, the model and a context of {@code maxSequences} KV streams, and starts the decode thread. */
    public static BatchingBackend open(BatchingOptions options) {
        CompletableFuture<BatchingBackend> opened = new CompletableFuture<>();
        Thread t = Thread.ofPlatform().name("llama-batcher-" + options.modelPath().getFileName()).daemon(true).unstarted(() -> {
            BatchingBackend backend;
            try {
                LlamaLibrary library = LlamaLibrary.load(options.libraryDir());
                LlamaModel model = LlamaModel.load(library, options.modelPath());
                try {
                    // one KV stream per sequence: n_ctx = per-room context × n_seq_max
                    LlamaContext context = new LlamaContext(library, model, options.kvCells(), options.stepTokens(),
                            options.threads(), options.contextSequences(), false);
                    backend = new BatchingBackend(library, model, context, options, Thread.currentThread());
                } catch (RuntimeException e) {
                    model.close();
                    throw e;
                }
            } catch (Throwable e) {
                opened.completeExceptionally(e);
                return;
            }
            opened.complete(backend);
            backend.loop();
        });
        t.start();
        try {
            return opened.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof EngineException ee ? ee
                    : new EngineException("cannot open model " + options.modelPath() + ": " + e.getCause(), e.getCause());
        }
    }

    @Override
    public ModelInfo info() { return info; }

    public BatchingOptions options() { return options; }

    /** KV cells in all: every room's stream together (n_ctx). */
    public int contextSize() { return context.contextSize(); }

    /** Positions one room's stream holds, as llama.cpp made it (n_ctx_seq): its prompt plus its reply. */
    public int sequenceContextSize() { return sequenceLimit; }

    @Override
    public java.util.Optional<String> failure() {
        EngineException d = death;
        return d == null ? java.util.Optional.empty() : java.util.Optional.of(d.getMessage());
    }

    @Override
    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        CompletableFuture<Completion> result = new CompletableFuture<>();
        if (stopped()) {
            result.completeExceptionally(refusal());
            return result;
        }
        Job job = new Job(request, sink == null ? TokenSink.NONE : sink, result, 0);
        try {
            prompts.execute(() -> prepare(job));
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(refusal());
            return result;
        }
        // a cancel while the loop sleeps should be seen promptly
        result.whenComplete((c, t) -> { if (result.isCancelled()) inbox.add(Wake.INSTANCE); });
        return result;
    }

    /**
     * On the prompt thread: the prompt's tokens, checked against a sequence's stream, then the job
     * goes to the decode thread. Tokenizing reads only the vocabulary, which llama.cpp never
     * changes after loading, so it runs beside llama_decode.
     */
    private void prepare(Job job) {
        if (job.future.isDone()) return;
        if (stopped()) { job.future.completeExceptionally(refusal()); return; }
        try {
            CompletionRequest r = job.request;
            // a raw prompt is the caller's own text, trusted whole; a chat's messages are not
            job.prompt = r.rawPrompt() != null ? model.tokenize(r.rawPrompt(), true, true) : ChatPrompt.tokens(model, r.messages());
            if (job.prompt.length == 0) throw new EngineException("the prompt tokenized to nothing");
            if (job.prompt.length >= sequenceLimit) {
                throw new PromptTooLongException(job.prompt.length, sequenceLimit, "the prompt is " + job.prompt.length
                        + " tokens; a room's KV stream holds " + sequenceLimit
                        + " (the per-room context size), which must also leave room for the reply");
            }
            job.limit = Math.min(r.maxTokens(), sequenceLimit - job.prompt.length);
            if (prefixes.length > 0 && !r.guest() && !r.sharedPrefix().isEmpty()) job.shared = sharedTokens(r, job.prompt);
        } catch (Throwable t) {
            job.future.completeExceptionally(t);
            return;
        }
        inbox.add(job);
        refuseQueuedIfStopped();
    }

    /** The shared text of recent versions tokenized alone, by text; the prompt thread's only. */
    private final Map<String, int[]> sharedTexts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, int[]> eldest) { return size() > 32; }
    };

    /**
     * The prompt's leading tokens that every room of its version sends alike: the longest common
     * token prefix of the prompt and the shared text tokenized alone (in the same template), so a
     * token the tokenizer merged across the end of the shared text is the room's own. 0 when that is
     * under {@link #MIN_SHARED_TOKENS}.
     */
    private int sharedTokens(CompletionRequest r, int[] prompt) {
        String text = r.messages().getFirst().content().substring(0, r.sharedPrefix().systemChars());
        int[] alone = sharedTexts.computeIfAbsent(text, t -> ChatPrompt.tokens(model, List.of(ChatMessage.system(t))));
        int common = commonPrefix(alone, alone.length, prompt, prompt.length - 1);
        return common >= MIN_SHARED_TOKENS ? common : 0;
    }

    /** How many leading tokens {@code a[0..aLength)} and {@code b[0..bLength)} have in common. */
    static int commonPrefix(int[] a, int aLength, int[] b, int bLength) {
        int max = Math.min(aLength, bLength), n = 0;
        while (n < max && a[n] == b[n]) n++;
        return n;
    }

    /** Work for the decode thread between steps; {@code result} is failed instead when the loop has ended. */
    private record Task(Runnable body, CompletableFuture<?> result) { }

    /** Runs {@code f} on the decode thread between steps. */
    public <T> CompletableFuture<T> onDecodeThread(Function<BatchingBackend, T> f) {
        CompletableFuture<T> r = new CompletableFuture<>();
        if (stopped()) {
            r.completeExceptionally(refusal());
            return r;
        }
        inbox.add(new Task(() -> {
            try {
                r.complete(f.apply(this));
            } catch (Throwable t) {
                r.completeExceptionally(t);
            }
        }, r));
        refuseQueuedIfStopped();
        return r;
    }

    /**
     * What the batcher has ahead of it, as last estimated on the decode thread (see {@link #shedOverdue}).
     *
     * @param queuedPrefillTokens prompt tokens still to prefill, of the requests not shed
     * @param stepNanos           the measured average wall time of a recent decode step; 0 before the first
     * @param clearNanos          the estimated time until every request now held has finished; 0 before the first step
     */
    public record Backlog(long queuedPrefillTokens, int running, int waiting, long stepNanos, long clearNanos) { }

    private volatile Backlog backlog = new Backlog(0, 0, 0, 0, 0);

    /** The latest backlog estimate; read without waiting for the decode thread. */
    public Backlog backlog() { return backlog; }

    /** Requests ended without a token so far, by reason (a deadline passed while waiting is not overload: it was not foreseen). */
    public Map<ShedReason, Long> shed() { return Map.copyOf(shedCounts); }

    /** The counters so far. */
    public Stats stats() { return await(onDecodeThread(b -> b.stats.copy())); }

    /** Which rooms hold sequences, checked against llama.cpp's own memory. */
    public Snapshot snapshot() {
        return await(onDecodeThread(b -> {
            Map<String, Integer> cached = new LinkedHashMap<>();
            Map<String, Integer> kv = new LinkedHashMap<>();
            int inMemory = 0;
            int guests = guestSlots();
            for (Slot s : slots) {
                int posMax = context.seqPosMax(s.seq);
                if (posMax >= 0) inMemory++;
                if (s.key != null) {
                    cached.put(s.key, s.length);
                    kv.put(s.key, posMax + 1);
                }
            }
            List<Integer> held = new ArrayList<>();
            for (PrefixSlot p : prefixes) if (p.tokens != null) held.add(p.tokens.length);
            return new Snapshot(running.size(), waiting.size(), cached, kv, inMemory, guests, hostCache.keys(), hostCache.bytes(), held);
        }));
    }

    /** Waits at most {@link #WAIT_MS} for the decode thread: a caller (a metrics reader) never hangs on it. */
    private static <T> T await(CompletableFuture<T> f) {
        try {
            return f.get(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof EngineException ee ? ee : new EngineException("the batcher failed: " + e.getCause(), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            f.cancel(false);
            throw new EngineException("the llama.cpp batcher did not answer within " + WAIT_MS + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for the llama.cpp batcher", e);
        }
    }

    private boolean stopped() { return closed || death != null; }

    private EngineException refusal() {
        EngineException d = death;
        return d != null ? new EngineException(d.getMessage(), d.getCause())
                : new EngineException("the llama.cpp batcher for " + info.name() + " is closed");
    }

    /**
     * A request queued just as the loop ended would wait forever: the loop drains the inbox after it
     * marks itself stopped, so whoever adds after that mark drains it too.
     */
    private void refuseQueuedIfStopped() {
        if (!stopped()) return;
        EngineException e = refusal();
        Object o;
        while ((o = inbox.poll()) != null) fail(o, e);
    }

    private static void fail(Object o, EngineException e) {
        if (o instanceof Job j) j.future.completeExceptionally(e);
        else if (o instanceof Task t) t.result().completeExceptionally(e);
    }

    /**
     * For tests: every decode step takes at least this much longer (0: off, the default), so that a
     * backlog can be made on purpose. Not an option: nothing in conf reaches it.
     */
    void slowEachStep(long nanos) { stepDelayNanos = nanos; }

    /** For tests: makes the decode loop throw {@code cause} between steps, as a bug or a native failure would. */
    @Override
    public boolean killDecodeThreadForFaultRun() {
        crashDecodeThread(new Error("killed on purpose by a fault run (ops.faults)"));
        return true;
    }

    void crashDecodeThread(Error cause) { inbox.add(new Task(() -> { throw cause; }, new CompletableFuture<>())); }

    private enum Wake { INSTANCE }

    // --- the loop -----------------------------------------------------------------------------

    private void loop() {
        try {
            while (true) {
                Object first = running.isEmpty() && waiting.isEmpty() ? inbox.poll(200, TimeUnit.MILLISECONDS) : inbox.poll();
                if (closed) break;
                while (first != null) {
                    accept(first);
                    first = inbox.poll();
                }
                if (closed) break;
                sweepWaiting();
                shedOverdue();
                admit();
                if (!running.isEmpty()) step();
            }
        } catch (Throwable t) {
            if (t instanceof InterruptedException) Thread.currentThread().interrupt();
            // Marked before anything is failed, so no request can slip into an inbox nobody reads.
            death = new EngineException("the llama.cpp batcher for " + info.name() + " is down: its decode thread died: " + t, t);
            LOG.log(System.Logger.Level.ERROR, death.getMessage(), t);
            failAll(death);
        } finally {
            shutdown();
        }
    }

    private void accept(Object o) {
        if (o instanceof Task t) { t.body().run(); return; }
        if (!(o instanceof Job job)) return;
        if (job.future.isDone()) return;
        job.arrival = arrivals++;
        Slot own = byKey.get(job.request.sequenceKey());
        if (own != null) {
            job.cached = commonPrefix(own.tokens, own.length, job.prompt, job.prompt.length - 1);
        } else if (!job.request.guest()) { // what a restore or a shared prefix would give it
            int[] saved = hostCache.tokens(job.request.sequenceKey());
            if (saved != null) job.cached = commonPrefix(saved, saved.length, job.prompt, job.prompt.length - 1);
            PrefixSlot p = bestPrefix(job.prompt);
            if (p != null) job.cached = Math.max(job.cached, commonPrefix(p.tokens, p.tokens.length, job.prompt, job.prompt.length - 1));
        }
        waiting.add(job); // prepared (tokenized and measured) on the prompt thread
    }

    /** Drops cancelled waiting requests, ends those past their deadline and refuses guests past their admission time. */
    private void sweepWaiting() {
        if (waiting.isEmpty()) return;
        long now = System.nanoTime();
        waiting.removeIf(j -> {
            if (j.future.isDone()) return true;
            if (now - j.request.deadlineNanos() >= 0) {
                j.future.complete(new Completion("", j.prompt.length, 0, StopReason.DEADLINE, 0, now - j.start));
                countShed(ShedReason.DEADLINE, j);
                return true;
            }
            if (j.request.admitByNanos() != Long.MAX_VALUE && now - j.request.admitByNanos() >= 0) {
                j.future.completeExceptionally(new EngineBusyException(ShedReason.ADMISSION, "no sequence was free for an API request within "
                        + (now - j.start) / 1_000_000 + " ms: API requests hold " + guestSlots() + " of the "
                        + options.guestSequenceLimit() + " sequences they may hold, and rooms come first"));
                countShed(ShedReason.ADMISSION, j);
                return true;
            }
            return false;
        });
    }

    private void countShed(ShedReason reason, Job j) {
        shedCounts.merge(reason, 1L, Long::sum);
        shedListener.shed(reason, System.nanoTime() - j.start);
    }

    /**
     * Estimates when each request that has no token yet (waiting, or admitted and still prefilling)
     * would finish, best priority first, and refuses at once, as {@link ShedReason#OVERLOAD},
     * those that would finish past their deadline: their room answers now instead of at the deadline,
     * and the steps they would have taken go to requests that can still make theirs. A refused
     * request's prefill and sequence are not counted for those after it, so the lowest priorities are
     * shed first. Before the first step is measured nothing is estimated, and nothing is shed.
     *
     * <p>A request finishes when (1) the prefill budget has worked through every prompt token ahead
     * of it in priority order and its own, and it holds a sequence (its own, else the first to come
     * free: never-used, or a running request's when its reply ends), then (2) its reply has taken
     * one step a token, up to its {@code maxTokens}: the only length known before it is written, and
     * the one that errs on the side of shedding, which under overload is what saves the steps.
     * Step times come from {@link StepClock}: a full prompt-chunk step and a step of the replying
     * sequences each cost what recent steps of that size cost.
     */
    private void shedOverdue() {
        long now = System.nanoTime();
        List<Job> unstarted = new ArrayList<>(waiting);
        int replying = 0;
        PriorityQueue<Long> freeAt = new PriorityQueue<>(); // nanos from now until each sequence is free for a new room
        for (int i = running.size(); i < slots.length; i++) freeAt.add(0L);
        for (Job j : running) if (j.pending < 0) unstarted.add(j); else replying++;
        unstarted.sort(ORDER);
        if (!stepClock.measured()) {
            long queued = 0;
            for (Job j : unstarted) queued += j.prompt.length - (j.slot != null ? j.prefilled : j.cached);
            backlog = new Backlog(queued, running.size(), waiting.size(), 0, 0);
            return;
        }
        int inFlight = Math.min(slots.length, running.size() + waiting.size());
        long decodeStep = stepClock.nanos(Math.max(1, inFlight));
        int prefillPerStep = Math.max(1, options.stepTokens() - replying);
        long clear = 0;
        for (Job j : running) {
            if (j.pending < 0) continue;
            long left = (long) Math.max(0, j.limit - j.generated) * decodeStep;
            freeAt.add(left);
            clear = Math.max(clear, left);
        }
        long queued = 0; // prompt tokens ahead, in priority order, of those not shed
        for (Job j : unstarted) {
            if (j.future.isDone()) continue; // cancelled: the step releases it
            int own = j.prompt.length - (j.slot != null ? j.prefilled : j.cached);
            long sequenceAt = j.slot != null ? 0 : freeAt.isEmpty() ? Long.MAX_VALUE / 4 : freeAt.peek();
            long prefilled = Math.max(prefillNanos(queued + own, replying, prefillPerStep),
                    sequenceAt + prefillNanos(own, replying, prefillPerStep));
            long finish = prefilled + (long) Math.max(0, j.limit - 1) * decodeStep;
            long deadline = j.request.deadlineNanos();
            // A guest is not shed: the API returns a reply its deadline cut (finish_reason length), and guests have their own admission limit.
            if (!j.request.guest() && deadline != Long.MAX_VALUE && now + finish - deadline > 0) {
                shed(j, finish, deadline - now, queued, replying);
                if (j.slot != null) freeAt.add(0L); // its sequence is free again
                continue;
            }
            queued += own;
            if (j.slot == null && !freeAt.isEmpty()) freeAt.poll();
            freeAt.add(finish);
            clear = Math.max(clear, finish);
        }
        backlog = new Backlog(queued, running.size(), waiting.size(), stepClock.averageNanos(), clear);
    }

    /** How long the prefill budget takes over {@code tokens} prompt tokens, beside {@code replying} replies. */
    private long prefillNanos(long tokens, int replying, int perStep) {
        if (tokens <= 0) return 0;
        long fullSteps = tokens / perStep;
        int rest = (int) (tokens % perStep);
        return fullSteps * stepClock.nanos(replying + perStep) + (rest > 0 ? stepClock.nanos(replying + rest) : 0);
    }

    private void shed(Job j, long finishNanos, long leftNanos, long queued, int replying) {
        if (j.slot != null) release(j, j.slot); // what it prefilled stays in its room's sequence, for its next request
        else waiting.remove(j);
        countShed(ShedReason.OVERLOAD, j);
        j.future.completeExceptionally(new EngineBusyException(ShedReason.OVERLOAD, "the engine would finish this reply in about "
                + finishNanos / 1_000_000 + " ms, past its deadline in " + Math.max(0, leftNanos / 1_000_000) + " ms: "
                + queued + " prompt tokens of better or earlier requests to prefill first, " + replying
                + " sequences replying, a step taking about " + stepClock.averageNanos() / 1_000_000 + " ms"));
    }

    /** Gives waiting requests, best priority first, their room's sequence (or a free or evicted one). */
    private void admit() {
        if (waiting.isEmpty()) return;
        List<Job> stillWaiting = new ArrayList<>();
        while (!waiting.isEmpty()) {
            Job job = waiting.poll();
            Slot slot = byKey.get(job.request.sequenceKey());
            if (slot != null && slot.guest != job.request.guest()) {
                job.future.completeExceptionally(new EngineException("sequence key '" + job.request.sequenceKey()
                        + "' belongs to " + (slot.guest ? "a guest" : "a room") + "; a " + (slot.guest ? "room" : "guest")
                        + " request cannot use it"));
                continue;
            }
            if (slot != null && slot.job != null) { stillWaiting.add(job); continue; } // one request per room at a time
            if (slot == null) {
                // taken before an eviction saves another room, which could drop this one to make room
                HostKvCache.Entry saved = job.request.guest() ? null : hostCache.take(job.request.sequenceKey());
                slot = job.request.guest() ? guestSlot() : freeSlot();
                if (slot == null) {
                    if (saved != null) hostCache.putBack(job.request.sequenceKey(), saved);
                    stillWaiting.add(job);
                    continue;
                }
                job.saved = saved;
            }
            try {
                start(job, slot);
            } catch (Throwable t) {
                release(job, slot);
                job.future.completeExceptionally(t);
            }
        }
        waiting.addAll(stillWaiting);
    }

    /** For a room: a never-used sequence, else the least recently used idle guest's, else the least recently used idle room's. */
    private Slot freeSlot() {
        Slot lruGuest = null, lru = null;
        for (Slot s : slots) {
            if (s.key == null && s.job == null) return s;
            if (s.job != null) continue;
            if (s.guest && (lruGuest == null || s.lastUsed < lruGuest.lastUsed)) lruGuest = s;
            if (lru == null || s.lastUsed < lru.lastUsed) lru = s;
        }
        Slot taken = lruGuest != null ? lruGuest : lru;
        if (taken != null) evict(taken);
        return taken;
    }

    /** For a guest: a never-used sequence while guests are under their cap, else the least recently used idle guest's; never a room's. */
    private Slot guestSlot() {
        Slot lruGuest = null, free = null;
        for (Slot s : slots) {
            if (free == null && s.key == null && s.job == null) free = s;
            if (s.guest && s.job == null && (lruGuest == null || s.lastUsed < lruGuest.lastUsed)) lruGuest = s;
        }
        if (free != null && guestSlots() < options.guestSequenceLimit()) return free;
        if (lruGuest != null) evict(lruGuest);
        return lruGuest;
    }

    /** Sequences held by guests, running or cached. */
    private int guestSlots() {
        int n = 0;
        for (Slot s : slots) if (s.guest && (s.key != null || s.job != null)) n++;
        return n;
    }

    private void evict(Slot s) {
        if (s.key != null && !s.guest && s.length > 0 && hostCache.enabled()) save(s);
        context.seqRemove(s.seq, -1, -1);
        if (s.key != null) byKey.remove(s.key);
        s.key = null;
        s.guest = false;
        s.length = 0;
        stats.evictions++;
    }

    /** Saves an evicted room's sequence and tokens to host memory, replacing what it had there. */
    private void save(Slot s) {
        hostCache.remove(s.key);
        // a stream copy llama.cpp has not made yet, or cells that disagree with our tokens: nothing safe to save
        if (context.copyPending(s.seq) || context.seqPosMax(s.seq) + 1 != s.length) return;
        long size = context.sequenceStateSize(s.seq);
        if (!hostCache.fits(size)) return;
        if (hostCache.put(s.key, Arrays.copyOf(s.tokens, s.length), size, into -> context.saveSequence(s.seq, into))) stats.saves++;
        publishKvReuse();
    }

    /**
     * A room's request on a sequence it does not hold yet: its KV from host memory when it was
     * evicted, or a held shared prefix, whichever gives the longer common token prefix; else nothing.
     */
    private void seed(Job job, Slot slot) {
        HostKvCache.Entry saved = job.saved; // taken from host memory on admission: its stream is live again, the saved copy goes
        job.saved = null;
        try {
            int restorable = saved == null ? 0 : commonPrefix(saved.tokens, saved.tokens.length, job.prompt, job.prompt.length - 1);
            PrefixSlot prefix = bestPrefix(job.prompt);
            int shareable = prefix == null ? 0 : commonPrefix(prefix.tokens, prefix.tokens.length, job.prompt, job.prompt.length - 1);
            if (restorable > 0 && restorable >= shareable && !context.copyPending(slot.seq)) {
                if (context.restoreSequence(slot.seq, saved.state)) {
                    slot.hold(saved.tokens);
                    stats.restores++;
                    stats.restoredTokens += restorable;
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "could not restore room " + job.request.sequenceKey()
                        + "'s KV from host memory; prefilling it" + LlamaLibrary.recentLog());
                context.seqRemove(slot.seq, -1, -1);
            }
            if (shareable >= MIN_SHARED_TOKENS) {
                context.seqCopy(prefix.seq, slot.seq, -1, -1); // the whole stream: llama.cpp copies no less between streams
                slot.hold(prefix.tokens);
                prefix.lastUsed = ++clock;
                stats.prefixCopies++;
                stats.prefixTokens += shareable;
            }
        } finally {
            if (saved != null) saved.free();
            publishKvReuse();
        }
    }

    /** The held shared prefix with the longest common token prefix with {@code prompt}; null when none shares a token. */
    private PrefixSlot bestPrefix(int[] prompt) {
        PrefixSlot best = null;
        int bestCommon = 0;
        for (PrefixSlot p : prefixes) {
            if (p.tokens == null) continue;
            int c = commonPrefix(p.tokens, p.tokens.length, prompt, prompt.length - 1);
            if (c > bestCommon) {
                best = p;
                bestCommon = c;
            }
        }
        return best;
    }

    /** Whether a held prefix covers the first {@code shared} tokens of {@code prompt} (to within {@link #BOUNDARY_SLACK}). */
    private boolean prefixHeld(int[] prompt, int shared) {
        PrefixSlot p = bestPrefix(prompt);
        return p != null && commonPrefix(p.tokens, p.tokens.length, prompt, prompt.length - 1) >= shared - BOUNDARY_SLACK;
    }

    /**
     * Once {@code job}'s sequence holds its shared part, copies that stream into the least recently
     * used prefix sequence and cuts it to the shared part: the next room of its version starts there.
     */
    private void publish(Job job) {
        if (job.publishAt == 0 || job.slot.length < job.publishAt) return;
        int length = job.publishAt;
        job.publishAt = 0;
        if (prefixHeld(job.prompt, length)) return; // another room of its version got there first
        PrefixSlot target = null;
        for (PrefixSlot p : prefixes) {
            if (target == null || (p.tokens == null && target.tokens != null)
                    || ((p.tokens == null) == (target.tokens == null) && p.lastUsed < target.lastUsed)) target = p;
        }
        // Queued copies are made in order at the next decode, so rooms that copied the old prefix this turn still get it.
        context.seqCopy(job.slot.seq, target.seq, -1, -1);
        context.seqRemove(target.seq, length, -1);
        target.tokens = Arrays.copyOf(job.prompt, length);
        target.lastUsed = ++clock;
        stats.prefixBuilds++;
        publishKvReuse();
    }

    private void start(Job job, Slot slot) {
        String key = job.request.sequenceKey();
        if (slot.key == null) {
            slot.key = key;
            slot.guest = job.request.guest();
            byKey.put(key, slot);
            if (!slot.guest) seed(job, slot);
        }
        // the last prompt token is decoded again for its logits
        int common = commonPrefix(slot.tokens, slot.length, job.prompt, job.prompt.length - 1);
        if (common < slot.length && !context.seqRemove(slot.seq, common, -1)) {
            context.seqRemove(slot.seq, -1, -1);
            common = 0;
        }
        slot.length = common;
        slot.job = job;
        slot.lastUsed = ++clock;
        job.slot = slot;
        job.prefilled = common;
        job.reused = common;
        stats.reusedTokens += common;
        job.sampler = new LlamaSampler(library, model, job.request.sampling());
        running.add(job);
        if (job.shared > 0 && !prefixHeld(job.prompt, job.shared)) {
            job.publishAt = job.shared;
            publish(job); // at once when its own sequence already holds the shared part
        }
    }

    private void release(Job job, Slot slot) {
        if (job.sampler != null) {
            job.sampler.close();
            job.sampler = null;
        }
        running.remove(job);
        if (slot != null && slot.job == job) {
            slot.job = null;
            slot.lastUsed = ++clock;
        }
    }

    private void step() {
        stats.steps++;
        long now = System.nanoTime();
        try {
            decodeStep(now);
        } finally {
            if (decodedTokens > 0) stepClock.record(decodedTokens, System.nanoTime() - now);
            decodedTokens = 0;
        }
    }

    private int decodedTokens; // tokens the current step decoded; 0 when it decoded nothing

    private void decodeStep(long now) {
        // stop what was cancelled or ran out of time
        for (Job job : new ArrayList<>(running)) {
            if (job.future.isDone()) { release(job, job.slot); continue; }
            if (now - job.request.deadlineNanos() >= 0) finish(job, StopReason.DEADLINE);
        }
        if (running.isEmpty()) return;

        List<Job> decoding = new ArrayList<>(), prefilling = new ArrayList<>();
        for (Job job : running) (job.pending >= 0 ? decoding : prefilling).add(job);
        prefilling.sort(ORDER);

        // Each job's limit keeps its prompt plus reply inside its own stream, so no cells need
        // freeing here. The budget goes to the replying rooms first, then to prompts by priority.
        int budget = options.stepTokens();
        int guestBudget = options.guestStepLimit(); // guests' share of this step, which rooms need not leave them
        for (Job job : decoding) {
            job.chunk = 1;
            budget--;
            if (job.request.guest()) guestBudget--;
        }
        for (Job job : prefilling) { // rooms first (ORDER), then guests within their share
            int allowed = job.request.guest() ? Math.min(budget, guestBudget) : budget;
            job.chunk = Math.max(0, Math.min(allowed, job.prompt.length - job.prefilled));
            job.batchIndex = -1;
            budget -= job.chunk;
            if (job.request.guest()) guestBudget -= job.chunk;
        }
        // The batch goes in by sequence id: llama.cpp splits a batch over per-sequence streams into
        // ubatches of consecutive sequence ids (split_equal), so this order takes the fewest passes.
        List<Job> batched = new ArrayList<>(running);
        batched.removeIf(j -> j.chunk == 0);
        batched.sort(Comparator.comparingInt(j -> j.slot.seq));
        context.batchClear();
        for (Job job : batched) {
            if (job.pending >= 0) {
                job.batchIndex = context.batchAdd(job.pending, job.slot.length, job.slot.seq, true);
                continue;
            }
            for (int i = 0; i < job.chunk; i++) {
                int p = job.prefilled + i;
                int idx = context.batchAdd(job.prompt[p], p, job.slot.seq, p == job.prompt.length - 1);
                if (p == job.prompt.length - 1) job.batchIndex = idx;
            }
        }
        if (context.batchTokens() == 0) return;
        int batchTokens = context.batchTokens(), batchSequences = decoding.size() + (int) prefilling.stream().filter(j -> j.chunk > 0).count();

        int rc = context.tryDecodeBatch();
        stats.decodeCalls++;
        if (rc != 0) {
            EngineException e = context.failure(rc);
            for (Job job : new ArrayList<>(running)) {
                if (job.chunk == 0) continue;
                // keep llama.cpp's memory and our token list the same: drop what this batch may have left
                context.seqRemove(job.slot.seq, job.slot.length, -1);
                release(job, job.slot);
                job.future.completeExceptionally(e);
            }
            return;
        }
        decodedTokens = batchTokens;
        stepListener.step(batchSequences, batchTokens);
        for (long until = System.nanoTime() + stepDelayNanos; stepDelayNanos > 0 && until - System.nanoTime() > 0; ) {
            java.util.concurrent.locks.LockSupport.parkNanos(until - System.nanoTime());
        }

        for (Job job : decoding) {
            job.slot.append(job.pending);
            job.pending = -1;
        }
        for (Job job : prefilling) {
            for (int i = 0; i < job.chunk; i++) job.slot.append(job.prompt[job.prefilled + i]);
            job.prefilled += job.chunk;
            stats.prefillTokens += job.chunk;
            publish(job);
        }
        List<Job> sampled = new ArrayList<>();
        for (Job job : decoding) sampled.add(job);
        for (Job job : prefilling) if (job.batchIndex >= 0) sampled.add(job);
        for (Job job : sampled) {
            try {
                sample(job);
            } catch (Throwable t) {
                release(job, job.slot);
                job.future.completeExceptionally(t);
            }
        }
    }

    private void sample(Job job) {
        int token = context.sample(job.sampler, job.batchIndex);
        stats.sampledTokens++;
        if (job.firstToken == 0) job.firstToken = System.nanoTime() - job.start;
        if (model.isEndOfGeneration(token)) { finish(job, StopReason.END_OF_TEXT); return; }
        job.generated++;
        String piece = job.utf8.append(model.piece(token));
        if (!piece.isEmpty()) {
            job.text.append(piece);
            job.sink.onPiece(piece);
        }
        if (job.generated >= job.limit) { finish(job, StopReason.MAX_TOKENS); return; }
        if (job.future.isDone()) { release(job, job.slot); return; }
        job.pending = token;
    }

    private void finish(Job job, StopReason stop) {
        String rest = job.utf8.finish();
        try {
            if (!rest.isEmpty()) {
                job.text.append(rest);
                job.sink.onPiece(rest);
            }
        } finally {
            release(job, job.slot);
            job.future.complete(new Completion(job.text.toString(), job.prompt.length, job.generated, stop,
                    job.firstToken, System.nanoTime() - job.start));
        }
    }

    private void failAll(EngineException e) {
        for (Job job : new ArrayList<>(running)) {
            release(job, job.slot);
            job.future.completeExceptionally(e);
        }
        for (Job job : waiting) job.future.completeExceptionally(e);
        waiting.clear();
        Object o;
        while ((o = inbox.poll()) != null) fail(o, e);
    }

    private void shutdown() {
        // the prompt thread reads the model: it finishes (refusing what it still holds) before the model is freed
        prompts.shutdown();
        try {
            if (!prompts.awaitTermination(60, TimeUnit.SECONDS)) LOG.log(System.Logger.Level.WARNING, "the prompt thread did not stop");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        failAll(new EngineException("the llama.cpp batcher for " + info.name() + " is closed"));
        hostCache.close();
        try {
            context.close();
        } finally {
            model.close();
        }
    }

    /** Stops the loop: running and waiting requests fail with "closed"; then frees the context and the model. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        inbox.add(Wake.INSTANCE);
        if (Thread.currentThread() == thread) return; // closed from a sink: the loop ends after this step
        try {
            thread.join(TimeUnit.SECONDS.toMillis(60));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) throw new EngineException("the llama.cpp batcher for " + info.name() + " did not stop within 60 s");
    }
}
