package io.liveharness.training.trainer;

/**
 * RMS normalisation of rows of {@code n} values times a weight of {@code n}:
 * {@code y = x / sqrt(mean(x²) + eps) · w}. The sum of squares is kept in double and the scale
 * computed as ggml computes it ({@code 1.0f/sqrtf(mean + eps)} with the mean rounded to float).
 * Used for the hidden state (n = hidden) and per attention head (n = headDim).
 */
final class RmsNorm {
    private RmsNorm() { }

    /** {@code rows} rows of {@code n} from {@code x} into {@code y}; {@code scale[row]} keeps 1/rms for the backward pass. */
    static void forward(float[] x, float[] w, float[] y, float[] scale, int rows, int n, float eps) {
        for (int r = 0; r < rows; r++) {
            int o = r * n;
            double sum = 0;
            for (int j = 0; j < n; j++) sum += (double) x[o + j] * x[o + j];
            float mean = (float) (sum / n);
            float s = 1f / (float) Math.sqrt(mean + eps);
            scale[r] = s;
            for (int j = 0; j < n; j++) y[o + j] = x[o + j] * s * w[j];
        }
    }

    /** Adds dL/dx to {@code dx} and, unless {@code dw} is null, dL/dw to {@code dw}, given dL/dy. */
    static void backward(float[] dy, float[] x, float[] w, float[] scale, float[] dx, float[] dw, int rows, int n) {
        for (int r = 0; r < rows; r++) {
            int o = r * n;
            float s = scale[r];
            double dot = 0;
            for (int j = 0; j < n; j++) dot += (double) dy[o + j] * w[j] * x[o + j];
            float k = (float) (dot * s * s * s / n);
            for (int j = 0; j < n; j++) dx[o + j] += s * dy[o + j] * w[j] - x[o + j] * k;
            if (dw != null) for (int j = 0; j < n; j++) dw[j] += dy[o + j] * x[o + j] * s;
        }
    }
}
