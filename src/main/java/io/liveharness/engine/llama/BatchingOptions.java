package io.liveharness.engine.llama;

import java.nio.file.Path;

/**
 * How to run a {@link BatchingBackend}. Each room's sequence has a KV stream of its own
 * ({@code kv_unified = false}), so the context holds {@code contextSize × maxSequences} cells in all
 * ({@link #kvCells()}).
 *
 * @param contextSize  positions one room's stream holds: its prompt plus its reply (llama.cpp rounds
 *                     it up to a multiple of 256). Above the model's training context the model extrapolates.
 * @param maxSequences n_seq_max: rooms that can hold a KV stream at once (running or cached)
 * @param stepTokens   the per-step token budget: at most this many tokens go into one
 *                     llama_decode (one per running sequence first, then prompt chunks); also n_batch
 */
public record BatchingOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int maxSequences,
                              int stepTokens) {
    public static final int DEFAULT_CONTEXT_SIZE = 4096;
    public static final int DEFAULT_MAX_SEQUENCES = 64;
    public static final int DEFAULT_STEP_TOKENS = 512;

    public BatchingOptions {
        if (modelPath == null) throw new IllegalArgumentException("modelPath is required");
        if (contextSize < 1) throw new IllegalArgumentException("contextSize (per room) must be positive, was " + contextSize);
        if (threads < 1) throw new IllegalArgumentException("threads must be positive, was " + threads);
        if (maxSequences < 1 || maxSequences > LlamaContext.MAX_SEQUENCES) {
            throw new IllegalArgumentException("maxSequences must be 1 to " + LlamaContext.MAX_SEQUENCES + ", was " + maxSequences);
        }
        if ((long) contextSize * maxSequences > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("contextSize (" + contextSize + ") × maxSequences (" + maxSequences
                    + ") is more KV cells than a context holds");
        }
        if (stepTokens < maxSequences) {
            throw new IllegalArgumentException("stepTokens (" + stepTokens + ") must be at least maxSequences ("
                    + maxSequences + "): every running sequence needs its token in each step");
        }
    }

    public static BatchingOptions of(Path modelPath) {
        return new BatchingOptions(modelPath, null, DEFAULT_CONTEXT_SIZE, LlamaOptions.DEFAULT_THREADS,
                DEFAULT_MAX_SEQUENCES, DEFAULT_STEP_TOKENS);
    }

    /** n_ctx asked of llama.cpp: every room's stream together. */
    public int kvCells() { return contextSize * maxSequences; }

    public BatchingOptions withLibraryDir(Path d) { return new BatchingOptions(modelPath, d, contextSize, threads, maxSequences, stepTokens); }

    /** Positions one room's stream holds (prompt plus reply). */
    public BatchingOptions withContextSize(int n) { return new BatchingOptions(modelPath, libraryDir, n, threads, maxSequences, stepTokens); }

    public BatchingOptions withThreads(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, n, maxSequences, stepTokens); }

    public BatchingOptions withMaxSequences(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, n, Math.max(stepTokens, n)); }

    public BatchingOptions withStepTokens(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, n); }
}
