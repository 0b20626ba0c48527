package io.liveharness.training.trainer;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The one matrix product the trainer needs: {@code C (+)= A·B} with B and C row-major and A read
 * through two strides, so the same kernel computes {@code X·Wᵀ} (with a transposed weight copy),
 * {@code dY·W} and, with A's strides swapped, {@code dYᵀ·X}. Register tiles of {@value #R} rows by
 * two vectors, fed by broadcasts of A: no horizontal sums. Each C element is summed over k in
 * increasing order by one thread, so results do not depend on timing.
 *
 * <p>Causal modes bound the loops of a row tile to the lower triangle of attention matrices; the
 * caller keeps the entries just above the diagonal (within {@value #R} of it) zero.
 */
final class Gemm {
    static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    static final int V = F.length(), NB = 2 * V, R = 4, KB = Integer.getInteger("kb", 64);

    /** Causal modes: none; k ≤ row (P·V); k ≥ row (Pᵀ·dO); n ≤ row (Q·Kᵀ). */
    static final int FULL = 0, K_LE_ROW = 1, K_GE_ROW = 2, N_LE_ROW = 3;

    private Gemm() { }

    /**
     * {@code C[i][n] (+)= Σ_k A(i,k)·B[k][n]} for i < m, n < nn, k < kk, where
     * {@code A(i,k) = a[aOff + i·aRs + k·aCs]}, {@code B[k][n] = b[bOff + k·ldb + n]},
     * {@code C[i][n] = c[cOff + i·ldc + n]}.
     */
    static void mul(float[] a, int aOff, int aRs, int aCs, float[] b, int bOff, int ldb,
                    float[] c, int cOff, int ldc, int m, int nn, int kk, boolean accumulate, int mode) {
        // k in blocks, column panels inside: a panel of B (KB × 2 vectors) stays in L1 while every row tile passes over it
        int nVec = nn - nn % NB;
        for (int kb = 0; kb < kk; kb += KB) {
            int kbEnd = Math.min(kk, kb + KB);
            boolean acc = accumulate || kb > 0;
            for (int n0 = 0; n0 < nVec; n0 += NB) {
                int firstRow = mode == N_LE_ROW ? Math.max(0, n0 - R + 1) / R * R : 0;
                int i = firstRow;
                for (; i + R <= m; i += R) {
                    int k0 = Math.max(kb, mode == K_GE_ROW ? i : 0), k1 = Math.min(kbEnd, mode == K_LE_ROW ? i + R : kk);
                    if (k0 >= k1 && acc) continue;
                    tile4(a, aOff + i * aRs, aRs, aCs, b, bOff + n0, ldb, c, cOff + i * ldc + n0, ldc, k0, k1, acc);
                }
                for (; i < m; i++) {
                    int k0 = Math.max(kb, mode == K_GE_ROW ? i : 0), k1 = Math.min(kbEnd, mode == K_LE_ROW ? i + 1 : kk);
                    if (k0 >= k1 && acc) continue;
                    tile1(a, aOff + i * aRs, aCs, b, bOff + n0, ldb, c, cOff + i * ldc + n0, k0, k1, acc);
                }
            }
        }
        if (nVec < nn) tail(a, aOff, aRs, aCs, b, bOff, ldb, c, cOff, ldc, m, nVec, nn, kk, accumulate, mode);
    }

    private static void tile4(float[] a, int aOff, int aRs, int aCs, float[] b, int bOff, int ldb,
                              float[] c, int cOff, int ldc, int k0, int k1, boolean accumulate) {
        FloatVector c00 = FloatVector.zero(F), c01 = FloatVector.zero(F), c10 = FloatVector.zero(F), c11 = FloatVector.zero(F);
        FloatVector c20 = FloatVector.zero(F), c21 = FloatVector.zero(F), c30 = FloatVector.zero(F), c31 = FloatVector.zero(F);
        int a1o = aOff + aRs, a2o = aOff + 2 * aRs, a3o = aOff + 3 * aRs;
        // indices linear in k, so C2 can hoist the bounds checks out of the loop
        for (int k = k0; k < k1; k++) {
            FloatVector b0 = FloatVector.fromArray(F, b, bOff + k * ldb), b1 = FloatVector.fromArray(F, b, bOff + k * ldb + V);
            FloatVector a0 = FloatVector.broadcast(F, a[aOff + k * aCs]);
            c00 = a0.fma(b0, c00);
            c01 = a0.fma(b1, c01);
            FloatVector a1 = FloatVector.broadcast(F, a[a1o + k * aCs]);
            c10 = a1.fma(b0, c10);
            c11 = a1.fma(b1, c11);
            FloatVector a2 = FloatVector.broadcast(F, a[a2o + k * aCs]);
            c20 = a2.fma(b0, c20);
            c21 = a2.fma(b1, c21);
            FloatVector a3 = FloatVector.broadcast(F, a[a3o + k * aCs]);
            c30 = a3.fma(b0, c30);
            c31 = a3.fma(b1, c31);
        }
        store(c00, c01, c, cOff, accumulate);
        store(c10, c11, c, cOff + ldc, accumulate);
        store(c20, c21, c, cOff + 2 * ldc, accumulate);
        store(c30, c31, c, cOff + 3 * ldc, accumulate);
    }

    private static void tile1(float[] a, int aOff, int aCs, float[] b, int bOff, int ldb,
                              float[] c, int cOff, int k0, int k1, boolean accumulate) {
        FloatVector c0 = FloatVector.zero(F), c1 = FloatVector.zero(F);
        for (int k = k0; k < k1; k++) {
            FloatVector a0 = FloatVector.broadcast(F, a[aOff + k * aCs]);
            c0 = a0.fma(FloatVector.fromArray(F, b, bOff + k * ldb), c0);
            c1 = a0.fma(FloatVector.fromArray(F, b, bOff + k * ldb + V), c1);
        }
        store(c0, c1, c, cOff, accumulate);
    }

    private static void store(FloatVector v0, FloatVector v1, float[] c, int off, boolean accumulate) {
        if (accumulate) {
            v0 = v0.add(FloatVector.fromArray(F, c, off));
            v1 = v1.add(FloatVector.fromArray(F, c, off + V));
        }
        v0.intoArray(c, off);
        v1.intoArray(c, off + V);
    }

    /** The columns past the last whole panel, scalar: small models and odd sequence lengths only. */
    private static void tail(float[] a, int aOff, int aRs, int aCs, float[] b, int bOff, int ldb,
                             float[] c, int cOff, int ldc, int m, int n0, int nn, int kk, boolean accumulate, int mode) {
        for (int i = 0; i < m; i++) {
            int rowTile = i - i % R, lastRow = Math.min(m, rowTile + R);
            boolean inTile = rowTile + R <= m;
            int k0 = mode == K_GE_ROW ? (inTile ? rowTile : i) : 0;
            int k1 = mode == K_LE_ROW ? Math.min(kk, inTile ? lastRow : i + 1) : kk;
            int nEnd = mode == N_LE_ROW ? Math.min(nn, lastRow) : nn;
            for (int n = n0; n < nEnd; n++) {
                float s = 0;
                for (int k = k0; k < k1; k++) s = Math.fma(a[aOff + i * aRs + k * aCs], b[bOff + k * ldb + n], s);
                int at = cOff + i * ldc + n;
                c[at] = accumulate ? c[at] + s : s;
            }
        }
    }
}
