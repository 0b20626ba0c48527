package io.liveharness.training.trainer;

/**
 * The shape of a qwen3 decoder as llama.cpp reads it from the GGUF header.
 *
 * @param tied the output projection reuses token_embd (no output.weight)
 */
public record ModelConfig(int vocab, int hidden, int layers, int heads, int kvHeads, int headDim, int ffn,
                          int context, boolean tied, float ropeBase, float rmsEps) {
    public static final float ROPE_BASE = 1_000_000f, RMS_EPS = 1e-6f;

    public ModelConfig {
        if (vocab < 2 || hidden < 1 || layers < 1 || heads < 1 || kvHeads < 1 || ffn < 1 || context < 2) {
            throw new IllegalArgumentException("a model needs positive sizes: " + this);
        }
        if (headDim < 2 || headDim % 2 != 0) throw new IllegalArgumentException("the head size must be even: " + headDim);
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException("heads (" + heads + ") must be a multiple of kv heads (" + kvHeads + ")");
        }
    }

    public static ModelConfig of(int vocab, int hidden, int layers, int heads, int kvHeads, int headDim, int ffn,
                                 int context, boolean tied) {
        return new ModelConfig(vocab, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, ROPE_BASE, RMS_EPS);
    }

    /** The same shape trained on {@code context} tokens. */
    public ModelConfig withContext(int context) {
        return new ModelConfig(vocab, hidden, layers, heads, kvHeads, headDim, ffn, context, tied, ropeBase, rmsEps);
    }

    public int qDim() { return heads * headDim; }

    public int kvDim() { return kvHeads * headDim; }

    /** Parameters (tied embeddings counted once), as llama.cpp counts them. */
    public long parameters() {
        long perLayer = 2L * hidden + 2L * headDim + (long) hidden * qDim() * 2 + (long) hidden * kvDim() * 2 + 3L * hidden * ffn;
        return (long) vocab * hidden * (tied ? 1 : 2) + hidden + perLayer * layers;
    }

    /**
     * Floating-point operations of one forward pass over {@code tokens} positions, {@code logitRows}
     * of which are projected onto the vocabulary: matrix products and causal attention scores.
     */
    public double forwardFlops(int tokens, int logitRows) {
        double perTokenLayer = 2.0 * hidden * (2L * qDim() + 2L * kvDim() + 3L * ffn);
        double attention = 2.0 * 2.0 * qDim() * (tokens * (tokens + 1) / 2.0); // QKᵀ and PV, lower triangle
        return layers * (perTokenLayer * tokens + attention) + 2.0 * hidden * vocab * logitRows;
    }
}
