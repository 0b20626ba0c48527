package io.liveharness.training.trainer;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The element-wise loops of the forward and backward pass on the Vector API (softmaxes over the
 * context and the vocabulary, SiLU), which with Math.exp cost a tenth of a step.
 *
 * <p>Only operations that round the same in the interpreter and in compiled code are used, so a
 * run is bitwise reproducible whenever the JIT kicks in: no lanewise EXP (its intrinsic and its
 * Java fallback differ in the last bit; {@link #exp} is a polynomial of plain IEEE operations) and
 * no reduceLanes(ADD) (its order is unspecified; lanes are summed in index order).
 */
final class VectorMath {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final int V = F.length();

    private VectorMath() { }

    private static final float LOG2E = 1.44269504f, LN2_HI = 0.693145752f, LN2_LO = 1.42860677e-6f;
    private static final float ROUND = 12582912f; // 1.5·2²³: adding it rounds to an integer in the low mantissa bits
    private static final float MIN_X = -87.3f, MAX_X = 88f; // 2ⁿ stays a normal float

    /** e^x to about 2 ulp: x = n·ln2 + r, |r| ≤ ln2/2, e^r by its Taylor series to r⁶, times 2ⁿ built in the exponent bits. */
    static FloatVector exp(FloatVector x) {
        x = x.max(MIN_X).min(MAX_X);
        FloatVector t = x.fma(FloatVector.broadcast(F, LOG2E), FloatVector.broadcast(F, ROUND));
        FloatVector n = t.sub(ROUND);
        FloatVector r = n.fma(FloatVector.broadcast(F, -LN2_HI), x);
        r = n.fma(FloatVector.broadcast(F, -LN2_LO), r);
        FloatVector p = FloatVector.broadcast(F, 1f / 720);
        p = p.fma(r, FloatVector.broadcast(F, 1f / 120));
        p = p.fma(r, FloatVector.broadcast(F, 1f / 24));
        p = p.fma(r, FloatVector.broadcast(F, 1f / 6));
        p = p.fma(r, FloatVector.broadcast(F, 0.5f));
        p = p.fma(r, FloatVector.broadcast(F, 1f));
        p = p.fma(r, FloatVector.broadcast(F, 1f));
        IntVector bits = ((IntVector) t.reinterpretAsInts()).sub(0x4B400000).add(127).lanewise(VectorOperators.LSHL, 23);
        return p.mul(bits.reinterpretAsFloats());
    }

    /** The same function, one value at a time (for tails). */
    static float exp(float x) {
        x = Math.min(Math.max(x, MIN_X), MAX_X);
        float t = Math.fma(x, LOG2E, ROUND);
        float n = t - ROUND;
        float r = Math.fma(n, -LN2_HI, x);
        r = Math.fma(n, -LN2_LO, r);
        float p = 1f / 720;
        p = Math.fma(p, r, 1f / 120);
        p = Math.fma(p, r, 1f / 24);
        p = Math.fma(p, r, 1f / 6);
        p = Math.fma(p, r, 0.5f);
        p = Math.fma(p, r, 1f);
        p = Math.fma(p, r, 1f);
        return p * Float.intBitsToFloat((Float.floatToRawIntBits(t) - 0x4B400000 + 127) << 23);
    }

    /** The lanes of {@code v} summed in index order. */
    private static double sum(FloatVector v) {
        float[] lanes = v.toArray();
        double s = 0;
        for (float x : lanes) s += x;
        return s;
    }

    static float max(float[] x, int off, int n) {
        int i = 0;
        float m = Float.NEGATIVE_INFINITY;
        if (n >= V) {
            FloatVector acc = FloatVector.fromArray(F, x, off);
            for (i = V; i + V <= n; i += V) acc = acc.max(FloatVector.fromArray(F, x, off + i));
            m = acc.reduceLanes(VectorOperators.MAX);
        }
        for (; i < n; i++) m = Math.max(m, x[off + i]);
        return m;
    }

    /** {@code out[j] = exp(x[j]·scale − shift)}; returns Σ out. */
    static double expSum(float[] x, int off, int n, float scale, float shift, float[] out, int outOff) {
        int i = 0;
        FloatVector acc = FloatVector.zero(F);
        for (; i + V <= n; i += V) {
            FloatVector e = exp(FloatVector.fromArray(F, x, off + i).mul(scale).sub(shift));
            e.intoArray(out, outOff + i);
            acc = acc.add(e);
        }
        double sum = sum(acc);
        for (; i < n; i++) {
            float e = exp(x[off + i] * scale - shift);
            out[outOff + i] = e;
            sum += e;
        }
        return sum;
    }

    static void scale(float[] x, int off, int n, float s) {
        int i = 0;
        for (; i + V <= n; i += V) FloatVector.fromArray(F, x, off + i).mul(s).intoArray(x, off + i);
        for (; i < n; i++) x[off + i] *= s;
    }

    static double dot(float[] a, int ao, float[] b, int bo, int n) {
        int i = 0;
        FloatVector acc = FloatVector.zero(F);
        for (; i + V <= n; i += V) acc = FloatVector.fromArray(F, a, ao + i).fma(FloatVector.fromArray(F, b, bo + i), acc);
        double sum = sum(acc);
        for (; i < n; i++) sum += a[ao + i] * b[bo + i];
        return sum;
    }

    /** {@code ds[j] = p[j]·(ds[j] − dot)·scale}: the softmax backward of one attention row. */
    static void softmaxBackward(float[] ds, int dOff, float[] p, int pOff, int n, float dot, float scale) {
        int i = 0;
        for (; i + V <= n; i += V) {
            FloatVector pv = FloatVector.fromArray(F, p, pOff + i);
            pv.mul(FloatVector.fromArray(F, ds, dOff + i).sub(dot)).mul(scale).intoArray(ds, dOff + i);
        }
        for (; i < n; i++) ds[dOff + i] = p[pOff + i] * (ds[dOff + i] - dot) * scale;
    }

    /** SwiGLU: {@code a = silu(g)·u}, silu(g) = g / (1 + e^−g). */
    static void swiglu(float[] g, float[] u, float[] a, int n) {
        int i = 0;
        for (; i + V <= n; i += V) {
            FloatVector gv = FloatVector.fromArray(F, g, i);
            FloatVector sig = exp(gv.neg()).add(1f);
            gv.div(sig).mul(FloatVector.fromArray(F, u, i)).intoArray(a, i);
        }
        for (; i < n; i++) a[i] = g[i] / (1f + exp(-g[i])) * u[i];
    }

    /** Given da: {@code du = da·silu(g)}, {@code dg = da·u·σ(g)·(1 + g·(1 − σ(g)))}. */
    static void swigluBackward(float[] g, float[] u, float[] da, float[] dg, float[] du, int n) {
        int i = 0;
        for (; i + V <= n; i += V) {
            FloatVector gv = FloatVector.fromArray(F, g, i), dav = FloatVector.fromArray(F, da, i);
            FloatVector sig = FloatVector.broadcast(F, 1f).div(exp(gv.neg()).add(1f));
            dav.mul(gv.mul(sig)).intoArray(du, i);
            FloatVector one = FloatVector.broadcast(F, 1f);
            dav.mul(FloatVector.fromArray(F, u, i)).mul(sig).mul(one.add(gv.mul(one.sub(sig)))).intoArray(dg, i);
        }
        for (; i < n; i++) {
            float sg = 1f / (1f + exp(-g[i]));
            du[i] = da[i] * g[i] * sg;
            dg[i] = da[i] * u[i] * sg * (1 + g[i] * (1 - sg));
        }
    }
}
