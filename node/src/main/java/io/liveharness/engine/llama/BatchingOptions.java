package io.liveharness.engine.llama;

import io.liveharness.config.NodeConfig.EngineConfig;

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
 * @param guestSequences  sequences guest requests (the OpenAI-compatible API) may hold together,
 *                     running or cached; 0 for the default share, {@link #DEFAULT_GUEST_SHARE} of maxSequences
 * @param guestStepTokens tokens of one step guest requests may take together; 0 for the default
 *                     share, {@link #DEFAULT_GUEST_SHARE} of stepTokens (at least one per guest sequence)
 * @param hostCacheBytes  host memory for evicted rooms' KV sequences ({@link HostKvCache}), restored on the
 *                     room's next request instead of prefilled; 0: evicted rooms prefill in full
 * @param sharedPrefixes  sequences, beyond maxSequences, that hold prefixes shared by many rooms
 *                     ({@link io.liveharness.engine.SharedPrefix}), each a stream of contextSize; 0: none
 */
public record BatchingOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int maxSequences,
                              int stepTokens, int guestSequences, int guestStepTokens, long hostCacheBytes,
                              int sharedPrefixes) {
    // the defaults are the node configuration's, so a conf that leaves a key out and code that builds options agree
    public static final int DEFAULT_CONTEXT_SIZE = EngineConfig.DEFAULT_CONTEXT_SIZE;
    public static final int DEFAULT_MAX_SEQUENCES = EngineConfig.DEFAULT_MAX_SEQUENCES;
    public static final int DEFAULT_STEP_TOKENS = EngineConfig.DEFAULT_STEP_TOKENS;
    /** Guests get an eighth of the sequences and of each step by default: the rest is the rooms'. */
    public static final double DEFAULT_GUEST_SHARE = 0.125;

    public BatchingOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int maxSequences, int stepTokens) {
        this(modelPath, libraryDir, contextSize, threads, maxSequences, stepTokens, 0, 0, 0, 0);
    }

    public BatchingOptions(Path modelPath, Path libraryDir, int contextSize, int threads, int maxSequences,
                           int stepTokens, int guestSequences, int guestStepTokens) {
        this(modelPath, libraryDir, contextSize, threads, maxSequences, stepTokens, guestSequences, guestStepTokens, 0, 0);
    }

    public BatchingOptions {
        if (modelPath == null) throw new IllegalArgumentException("modelPath is required");
        if (contextSize < 1) throw new IllegalArgumentException("contextSize (per room) must be positive, was " + contextSize);
        if (threads < 1) throw new IllegalArgumentException("threads must be positive, was " + threads);
        if (maxSequences < 1 || maxSequences > LlamaContext.MAX_SEQUENCES) {
            throw new IllegalArgumentException("maxSequences must be 1 to " + LlamaContext.MAX_SEQUENCES + ", was " + maxSequences);
        }
        if (hostCacheBytes < 0) throw new IllegalArgumentException("hostCacheBytes must be 0 or more, was " + hostCacheBytes);
        if (sharedPrefixes < 0 || maxSequences + sharedPrefixes > LlamaContext.MAX_SEQUENCES) {
            throw new IllegalArgumentException("sharedPrefixes must be 0 to " + (LlamaContext.MAX_SEQUENCES - maxSequences)
                    + " (maxSequences + sharedPrefixes at most " + LlamaContext.MAX_SEQUENCES + "), was " + sharedPrefixes);
        }
        if ((long) contextSize * (maxSequences + sharedPrefixes) > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("contextSize (" + contextSize + ") × (maxSequences (" + maxSequences
                    + ") + sharedPrefixes (" + sharedPrefixes + ")) is more KV cells than a context holds");
        }
        if (stepTokens < maxSequences) {
            throw new IllegalArgumentException("stepTokens (" + stepTokens + ") must be at least maxSequences ("
                    + maxSequences + "): every running sequence needs its token in each step");
        }
        if (guestSequences < 0 || guestSequences > maxSequences) {
            throw new IllegalArgumentException("guestSequences must be 0 (the default share) to maxSequences (" + maxSequences
                    + "), was " + guestSequences);
        }
        if (guestStepTokens < 0 || guestStepTokens > stepTokens) {
            throw new IllegalArgumentException("guestStepTokens must be 0 (the default share) to stepTokens (" + stepTokens
                    + "), was " + guestStepTokens);
        }
        if (guestStepTokens > 0 && guestStepTokens < guestSequenceLimit()) {
            throw new IllegalArgumentException("guestStepTokens (" + guestStepTokens + ") must be at least guestSequences ("
                    + guestSequenceLimit() + "): every running guest needs its token in each step");
        }
    }

    /** Sequences guests may hold together. */
    public int guestSequenceLimit() {
        return guestSequences > 0 ? guestSequences : Math.max(1, (int) (maxSequences * DEFAULT_GUEST_SHARE));
    }

    /** Tokens of one step guests may take together. */
    public int guestStepLimit() {
        return guestStepTokens > 0 ? guestStepTokens : Math.max(guestSequenceLimit(), (int) (stepTokens * DEFAULT_GUEST_SHARE));
    }

    public static BatchingOptions of(Path modelPath) {
        return new BatchingOptions(modelPath, null, DEFAULT_CONTEXT_SIZE, EngineConfig.DEFAULT_THREADS,
                DEFAULT_MAX_SEQUENCES, DEFAULT_STEP_TOKENS);
    }

    /** n_seq_max asked of llama.cpp: the rooms' sequences, then the shared prefixes'. */
    public int contextSequences() { return maxSequences + sharedPrefixes; }

    /** n_ctx asked of llama.cpp: every room's stream and every shared prefix's together. */
    public int kvCells() { return contextSize * contextSequences(); }

    public BatchingOptions withLibraryDir(Path d) { return new BatchingOptions(modelPath, d, contextSize, threads, maxSequences, stepTokens, guestSequences, guestStepTokens, hostCacheBytes, sharedPrefixes); }

    /** Positions one room's stream holds (prompt plus reply). */
    public BatchingOptions withContextSize(int n) { return new BatchingOptions(modelPath, libraryDir, n, threads, maxSequences, stepTokens, guestSequences, guestStepTokens, hostCacheBytes, sharedPrefixes); }

    public BatchingOptions withThreads(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, n, maxSequences, stepTokens, guestSequences, guestStepTokens, hostCacheBytes, sharedPrefixes); }

    public BatchingOptions withMaxSequences(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, n, Math.max(stepTokens, n), guestSequences, guestStepTokens, hostCacheBytes, sharedPrefixes); }

    public BatchingOptions withStepTokens(int n) { return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, n, guestSequences, guestStepTokens, hostCacheBytes, sharedPrefixes); }

    /** Caps on what guests take together: sequences and tokens of one step (0: the default share). */
    public BatchingOptions withGuestLimits(int sequences, int stepTokens) {
        return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, this.stepTokens, sequences, stepTokens,
                hostCacheBytes, sharedPrefixes);
    }

    /** Host memory for evicted rooms' KV ({@code bytes}, 0: off) and sequences for shared prefixes (0: none). */
    public BatchingOptions withKvReuse(long bytes, int prefixes) {
        return new BatchingOptions(modelPath, libraryDir, contextSize, threads, maxSequences, stepTokens, guestSequences, guestStepTokens,
                bytes, prefixes);
    }
}
