package io.liveharness.engine.llama;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.TokenSink;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ModelBackend} on llama.cpp: one model, one context, and one platform thread of its
 * own that does every native call after construction. A llama_context is not thread-safe and a
 * decode takes milliseconds to seconds, so requests queue for that thread and never run on the
 * caller's (often a Vert.x event loop).
 *
 * <p>A request goes: {@link #complete} → queue → prompt text (raw, or the model's chat
 * template) → {@link LlamaModel#tokenize} → {@link SequenceDecoder} → llama_decode /
 * llama_sampler_sample per token → {@link LlamaModel#piece} → the sink → the future.
 */
public final class LlamaBackend implements ModelBackend {

    /** Below this many parameters a model is a test model: its text carries no meaning... */
    public static final long TEST_MODEL_PARAMETERS = 50_000_000L;

    /** ...unless it was trained for a task and says so in general.finetune (the project's avatar model does). */
    public static boolean isTestModel(LlamaModel model) {
        return model.parameterCount() < TEST_MODEL_PARAMETERS && model.header().string("general.finetune").filter(s -> !s.isBlank()).isEmpty();
    }

    private final LlamaLibrary library;
    private final ExecutorService thread;
    private final LlamaModel model;
    private final LlamaContext context;
    private final SequenceDecoder decoder;
    private final ModelInfo info;
    private final Thread decodeThread;
    private volatile boolean closed;

    private LlamaBackend(LlamaLibrary library, ExecutorService thread, LlamaModel model, LlamaContext context) {
        this.library = library;
        this.thread = thread;
        this.model = model;
        this.context = context;
        this.decoder = new SequenceDecoder(context);
        this.decodeThread = Thread.currentThread(); // constructed by open(), on the decode thread
        long params = model.parameterCount();
        this.info = new ModelInfo(model.header().name(), model.header().architecture(), params,
                model.header().fileBytes(), LlamaLibrary.DESCRIPTION, isTestModel(model));
    }

    /** Loads the library (once per JVM), the model and a context, on the backend's own thread. */
    public static LlamaBackend open(LlamaOptions options) {
        ExecutorService thread = Executors.newSingleThreadExecutor(Thread.ofPlatform()
                .name("llama-decode-" + options.modelPath().getFileName()).daemon(true).factory());
        try {
            return thread.submit(() -> {
                LlamaLibrary library = LlamaLibrary.load(options.libraryDir());
                LlamaModel model = LlamaModel.load(library, options.modelPath());
                try {
                    // The operator's size is honoured; past the training context the model's
                    // positions are extrapolated, which real models answer worse, so say so.
                    int contextSize = options.contextSize();
                    if (model.trainingContext() > 0 && contextSize > model.trainingContext()) {
                        System.getLogger(LlamaBackend.class.getName()).log(System.Logger.Level.WARNING,
                                "context size " + contextSize + " is larger than " + options.modelPath().getFileName()
                                        + "'s training context of " + model.trainingContext());
                    }
                    int batchSize = Math.min(options.batchSize(), contextSize);
                    LlamaContext context = new LlamaContext(library, model, contextSize, batchSize, options.threads());
                    return new LlamaBackend(library, thread, model, context);
                } catch (RuntimeException e) {
                    model.close();
                    throw e;
                }
            }).get();
        } catch (java.util.concurrent.ExecutionException e) {
            thread.shutdownNow();
            throw e.getCause() instanceof EngineException ee ? ee
                    : new EngineException("cannot open model " + options.modelPath() + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while opening model " + options.modelPath(), e);
        }
    }

    @Override
    public ModelInfo info() { return info; }

    public LlamaLibrary library() { return library; }

    /** The context size in use, in tokens. */
    public int contextSize() { return context.contextSize(); }

    @Override
    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        CompletableFuture<Completion> result = new CompletableFuture<>();
        if (closed) {
            result.completeExceptionally(new EngineException("the llama.cpp backend for " + info.name() + " is closed"));
            return result;
        }
        try {
            thread.execute(() -> run(request, sink, result));
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new EngineException("the llama.cpp backend for " + info.name() + " is closed", e));
        }
        return result;
    }

    private void run(CompletionRequest request, TokenSink sink, CompletableFuture<Completion> result) {
        if (result.isDone()) return; // cancelled while queued
        try {
            // the template's markers become special tokens, the messages' text stays text (ChatPrompt);
            // a raw prompt is the caller's own text, with its markers parsed
            int[] tokens = request.rawPrompt() != null ? model.tokenize(request.rawPrompt(), true, true)
                    : ChatPrompt.tokens(model, request.messages());
            try (LlamaSampler sampler = new LlamaSampler(library, model, request.sampling())) {
                result.complete(decoder.generate(tokens, sampler, request.maxTokens(), request.deadlineNanos(),
                        sink, result::isCancelled));
            }
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
    }

    /** Finishes the requests already queued, then frees the context and the model on the backend's thread. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            thread.submit(() -> {
                context.close();
                model.close();
            });
        } catch (RejectedExecutionException ignored) {
            return;
        }
        thread.shutdown();
        if (Thread.currentThread() == decodeThread) return; // closed from a sink: it cannot wait for itself
        try {
            if (!thread.awaitTermination(60, TimeUnit.SECONDS)) {
                throw new EngineException("the llama.cpp backend for " + info.name() + " did not stop within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
