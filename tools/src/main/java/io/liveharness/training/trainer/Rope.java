package io.liveharness.training.trainer;

/**
 * Rotary position embedding, NEOX style (ggml's rope type 2, what qwen3 uses): dimension i of a
 * head turns with i + headDim/2 by {@code pos · base^(-2i/headDim)}. The angles are built the
 * way ggml's CPU kernel builds them, a float multiplied by {@code powf(base, -2/n)} step by step,
 * so positions far into the context get the same angles llama.cpp uses.
 */
final class Rope {
    private final int half;
    private final float[] cos, sin; // [pos][i]

    Rope(int headDim, int context, float base) {
        half = headDim / 2;
        cos = new float[context * half];
        sin = new float[context * half];
        float thetaScale = (float) Math.pow(base, -2.0f / headDim);
        for (int p = 0; p < context; p++) {
            float theta = p;
            for (int i = 0; i < half; i++) {
                cos[p * half + i] = (float) Math.cos(theta);
                sin[p * half + i] = (float) Math.sin(theta);
                theta *= thetaScale;
            }
        }
    }

    /** Rotates every head of rows {@code 0..tokens-1} of {@code x} (row width {@code heads·headDim}) in place. */
    void forward(float[] x, int tokens, int heads) { apply(x, tokens, heads, 1f); }

    /** The transpose (rotation by minus the angle), for gradients. */
    void backward(float[] dx, int tokens, int heads) { apply(dx, tokens, heads, -1f); }

    private void apply(float[] x, int tokens, int heads, float sign) {
        int d = 2 * half;
        for (int t = 0; t < tokens; t++) {
            int tab = t * half;
            for (int h = 0; h < heads; h++) {
                int o = (t * heads + h) * d;
                for (int i = 0; i < half; i++) {
                    float c = cos[tab + i], s = sign * sin[tab + i];
                    float x0 = x[o + i], x1 = x[o + i + half];
                    x[o + i] = x0 * c - x1 * s;
                    x[o + i + half] = x0 * s + x1 * c;
                }
            }
        }
    }
}
