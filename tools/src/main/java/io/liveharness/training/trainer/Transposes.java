package io.liveharness.training.trainer;

/**
 * Transposed copies of the weight matrices ({@code cols × rows}), so the forward product
 * {@code X·Wᵀ} runs as {@code X·(Wᵀ)} through the same broadcast kernel as the backward ones.
 * Refreshed after every optimizer step; read-only while the workers run.
 */
final class Transposes {
    final float[][] wq, wk, wv, wo, gate, up, down;
    final float[] output;

    Transposes(ModelConfig c) {
        int l = c.layers();
        wq = new float[l][c.hidden() * c.qDim()];
        wk = new float[l][c.hidden() * c.kvDim()];
        wv = new float[l][c.hidden() * c.kvDim()];
        wo = new float[l][c.qDim() * c.hidden()];
        gate = new float[l][c.hidden() * c.ffn()];
        up = new float[l][c.hidden() * c.ffn()];
        down = new float[l][c.ffn() * c.hidden()];
        output = new float[c.hidden() * c.vocab()];
    }

    static Transposes of(Weights w) {
        Transposes t = new Transposes(w.config);
        t.refresh(w);
        return t;
    }

    void refresh(Weights w) {
        for (int i = 0; i < w.layers.length; i++) {
            Weights.Layer l = w.layers[i];
            transpose(l.wq(), wq[i]);
            transpose(l.wk(), wk[i]);
            transpose(l.wv(), wv[i]);
            transpose(l.wo(), wo[i]);
            transpose(l.gate(), gate[i]);
            transpose(l.up(), up[i]);
            transpose(l.down(), down[i]);
        }
        transpose(w.outputProjection(), output);
    }

    /** Blocked, so neither side is walked with a stride the width of a whole matrix for long. */
    static void transpose(Tensor t, float[] out) {
        int rows = t.rows(), cols = t.cols(), b = 32;
        float[] in = t.data();
        for (int r0 = 0; r0 < rows; r0 += b) {
            for (int c0 = 0; c0 < cols; c0 += b) {
                for (int r = r0; r < Math.min(rows, r0 + b); r++) {
                    for (int c = c0; c < Math.min(cols, c0 + b); c++) out[c * rows + r] = in[r * cols + c];
                }
            }
        }
    }
}
