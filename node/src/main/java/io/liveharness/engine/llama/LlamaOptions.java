package io.liveharness.engine.llama;

import io.liveharness.config.NodeConfig.EngineConfig;

import java.nio.file.Path;

/**
 * How to run a {@link LlamaBackend}.
 *
 * @param libraryDir  the llama.cpp build; null means {@link LlamaLibrary#resolveDirectory}'s search
 * @param contextSize KV memory in tokens (prompt plus reply); above the model's training context it warns
 * @param threads     CPU threads for llama.cpp's compute
 * @param batchSize   most prompt tokens per llama_decode call; longer prompts go in chunks
 */
public record LlamaOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int batchSize) {

    // one place for each default: the node configuration's
    public static final int DEFAULT_CONTEXT_SIZE = EngineConfig.DEFAULT_CONTEXT_SIZE;
    public static final int DEFAULT_THREADS = EngineConfig.DEFAULT_THREADS;
    public static final int DEFAULT_BATCH_SIZE = EngineConfig.DEFAULT_STEP_TOKENS;

    public LlamaOptions {
        if (modelPath == null) throw new IllegalArgumentException("modelPath is required");
        if (contextSize < 1) throw new IllegalArgumentException("contextSize must be positive, was " + contextSize);
        if (threads < 1) throw new IllegalArgumentException("threads must be positive, was " + threads);
        if (batchSize < 1) throw new IllegalArgumentException("batchSize must be positive, was " + batchSize);
    }

    public static LlamaOptions of(Path modelPath) {
        return new LlamaOptions(modelPath, null, DEFAULT_CONTEXT_SIZE, DEFAULT_THREADS, DEFAULT_BATCH_SIZE);
    }

    public LlamaOptions withLibraryDir(Path dir) { return new LlamaOptions(modelPath, dir, contextSize, threads, batchSize); }

    public LlamaOptions withContextSize(int n) { return new LlamaOptions(modelPath, libraryDir, n, threads, batchSize); }

    public LlamaOptions withThreads(int n) { return new LlamaOptions(modelPath, libraryDir, contextSize, n, batchSize); }

    public LlamaOptions withBatchSize(int n) { return new LlamaOptions(modelPath, libraryDir, contextSize, threads, n); }
}
