package io.liveharness.training.trainer;

/**
 * One parameter tensor, row-major {@code rows × cols} (GGUF dims {@code [cols, rows]}: a weight
 * maps {@code cols} inputs to {@code rows} outputs, as ggml stores it).
 *
 * @param matrix weight decay applies (two-dimensional); norms are vectors and get none
 */
public record Tensor(String name, int rows, int cols, float[] data, boolean matrix) {
    static Tensor matrix(String name, int rows, int cols) { return new Tensor(name, rows, cols, new float[rows * cols], true); }

    static Tensor vector(String name, int size) { return new Tensor(name, 1, size, new float[size], false); }

    /** The GGUF dims, innermost first. */
    public long[] ggufDims() { return matrix ? new long[]{cols, rows} : new long[]{cols}; }

    public int size() { return data.length; }

    /** A zeroed tensor of the same name and shape. */
    Tensor zeros() { return new Tensor(name, rows, cols, new float[data.length], matrix); }
}
