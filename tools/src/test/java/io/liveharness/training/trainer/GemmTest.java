package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The blocked kernel against a plain triple loop, on sizes that leave row and column tails, in every causal mode. */
class GemmTest {

    @Test
    void theKernelComputesWhatATripleLoopComputesInEveryModeAndShape() {
        Rng rng = new Rng(11);
        int[][] shapes = {{1, 1, 1}, {3, 5, 7}, {37, 41, 19}, {64, 48, 64}, {70, 70, 70}, {9, 33, 40}};
        for (int[] s : shapes) {
            for (int mode = 0; mode < 4; mode++) {
                for (boolean transposedA : new boolean[]{false, true}) {
                    int m = s[0], n = s[1], k = s[2];
                    if (mode != Gemm.FULL && mode != Gemm.N_LE_ROW) k = m; // the K modes pair rows with k
                    if (mode == Gemm.N_LE_ROW) n = m;
                    float[] a = new float[m * k], b = new float[k * n], c = new float[m * n];
                    for (int i = 0; i < a.length; i++) a[i] = rng.uniform();
                    for (int i = 0; i < b.length; i++) b[i] = rng.uniform();
                    for (int i = 0; i < c.length; i++) c[i] = rng.uniform();
                    int aRs = transposedA ? 1 : k, aCs = transposedA ? m : 1;
                    // the causal modes may read A a few entries past the diagonal: those are zero, as the caller keeps them
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < k; j++) {
                            boolean outside = (mode == Gemm.K_LE_ROW && j > i) || (mode == Gemm.K_GE_ROW && j < i);
                            if (outside) a[i * aRs + j * aCs] = 0;
                        }
                    }
                    float[] expected = c.clone();
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            double sum = 0;
                            for (int x = 0; x < k; x++) sum += (double) a[i * aRs + x * aCs] * b[x * n + j];
                            expected[i * n + j] += (float) sum;
                        }
                    }
                    Gemm.mul(a, 0, aRs, aCs, b, 0, n, c, 0, n, m, n, k, true, mode);
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            if (mode == Gemm.N_LE_ROW && j > i) continue; // only the lower triangle is promised
                            assertEquals(expected[i * n + j], c[i * n + j], 1e-4,
                                    "mode " + mode + " shape " + m + "x" + n + "x" + k + " at " + i + "," + j);
                        }
                    }
                }
            }
        }
    }
}
