package io.liveharness.training.trainer;

import java.util.Collections;
import java.util.List;

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
    double forwardFlops(int tokens, int logitRows) {
        return layers * (blockMatmulFlops(tokens) + attentionFlops(tokens)) + 2.0 * hidden * vocab * logitRows;
    }

    /**
     * Forward and backward flops of one sequence. The backward pass carries the gradient down to the
     * lowest trained block (attention's backward is twice its forward) and forms weight gradients
     * for the trained blocks alone; {@code trainedLayers} empty: every tensor trains, the whole
     * pass costs three forwards.
     */
    public double trainingFlops(int tokens, int logitRows, List<Integer> trainedLayers) {
        boolean all = trainedLayers.isEmpty();
        int reached = all ? layers : layers - Collections.min(trainedLayers);
        int trained = all ? layers : trainedLayers.size();
        double block = blockMatmulFlops(tokens), logits = 2.0 * hidden * vocab * logitRows;
        return forwardFlops(tokens, logitRows) + reached * (block + 2 * attentionFlops(tokens)) + trained * block
                + logits * (all ? 2 : 1);
    }

    private double blockMatmulFlops(int tokens) {
        return 2.0 * hidden * (2L * qDim() + 2L * kvDim() + 3L * ffn) * tokens;
    }

    private double attentionFlops(int tokens) {
        return 2.0 * 2.0 * qDim() * (tokens * (tokens + 1) / 2.0); // QKᵀ and PV, lower triangle
    }
}
