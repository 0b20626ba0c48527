package io.liveharness.engine.llama;

import java.nio.file.Path;

/**
 * How to run a {@link BatchingBackend}.
 *
 * @param contextSize  KV cells shared by all sequences (one unified pool): prompts, replies and
 *                     the rooms' cached prefixes together
 * @param maxSequences n_seq_max: rooms that can hold a KV sequence at once (running or cached)
 * @param stepTokens   the per-step token budget: at most this many tokens go into one
 *                     llama_decode (one per running sequence first, then prompt chunks); also n_batch
 * @param sequenceTokens positions one room's sequence may reach (prompt plus reply); 0 means the
 *                     model's training context. Above the training context the model extrapolates.
 */
public record BatchingOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int maxSequences,
                              int stepTokens, int sequenceTokens) {
    public static final int DEFAULT_CONTEXT_SIZE = 16384;
    public static final int DEFAULT_MAX_SEQUENCES = 64;
    public static final int DEFAULT_STEP_TOKENS = 512;

    public BatchingOptions {
        if (modelPath == null) throw new IllegalArgumentException("modelPath is required");
        if (contextSize < 1) throw new IllegalArgumentException("contextSize must be positive, was " + contextSize);
        if (threads < 1) throw new IllegalArgumentException("threads must be positive, was " + threads);
        if (maxSequences < 1 || maxSequences > LlamaContext.MAX_SEQUENCES) {
            throw new IllegalArgumentException("maxSequences must be 1 to " + LlamaContext.MAX_SEQUENCES + ", was " + maxSequences);
        }
        if (sequenceTokens < 0) throw new IllegalArgumentException("sequenceTokens must be 0 (the training context) or more, was " + sequenceTokens);
        if (stepTokens < maxSequences) {
            throw new IllegalArgumentException("stepTokens (" + stepTokens + ") must be at least maxSequences ("
                    + maxSequences + "): every running sequence needs its token in each step");
        }
    }

    public static BatchingOptions of(Path modelPath) {
        return new BatchingOptions(modelPath, null, DEFAULT_CONTEXT_SIZE, LlamaOptions.DEFAULT_THREADS,
                DEFAULT_MAX_SEQUENCES, DEFAULT_STEP_TOKENS, 0);
    }

    public BatchingOptions withLibraryDir(Path d) { return new BatchingOptions(modelPath, d, contextSize, threads, maxSequences, stepTokens, sequenceTokens); }

    public BatchingOptions withContextSize(int n) { return new BatchingOptions(modelPath, libraryDir, n, threads, maxSequences, stepTokens, sequenceTokens); }

    public BatchingOptions withThreads(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, n, maxSequences, stepTokens, sequenceTokens); }

    public BatchingOptions withMaxSequences(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, n, Math.max(stepTokens, n), sequenceTokens); }

    public BatchingOptions withStepTokens(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, n, sequenceTokens); }

    public BatchingOptions withSequenceTokens(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, stepTokens, n); }
}
