package io.liveharness.training.trainer;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * The forward and backward pass of llama.cpp's qwen3 graph over one sequence, with the buffers
 * for every activation the backward pass needs (sized for the full context, so one instance per
 * worker thread serves every sequence). Single-threaded by design: the trainer runs one instance
 * per worker on different sequences, which keeps results independent of timing.
 *
 * <p>Position t's logits predict token t+1; the loss counts token t+1 only where its mask is set.
 *
 * <p>A tensor that does not train gets no gradient: its weight-gradient products are skipped, and
 * the backward pass stops at the lowest block that trains (a grown model's frozen blocks cost only
 * what carries the gradient through them). A trained tensor's gradient is the same, bit for bit,
 * as in a pass where everything trains.
 */
final class SequenceModel {
    private static final int CHUNK = 32; // logit rows projected at a time: the vocabulary-wide buffer stays small

    private final ModelConfig c;
    private final Rope rope;
    private final int ctx, h, qd, kvd, d, f, vocab;
    private final float attnScale;
    private final Predicate<String> trains;
    private final boolean embeddingTrains;

    // activations kept for the backward pass, per layer
    private final float[][] resid, xn1, r1, q, rq, qr, k, rk, kr, v, p, att, x2, xn2, r2, g, u, a;
    private final float[] xf, rf;
    // scratch
    private final float[] kt, scores, xc, logits, dxc;
    private final float[] dres, dxf, dxn, da, dg, du, datt, dqr, dq, dkr, dk, dv;
    private final int[] rows = new int[CHUNK], rowWeights = new int[CHUNK];

    /** A model whose every tensor trains. */
    SequenceModel(ModelConfig c) { this(c, name -> true); }

    /** A model where only the tensors {@code trains} names get gradients. */
    SequenceModel(ModelConfig c, Predicate<String> trains) {
        this.c = c;
        this.trains = trains;
        embeddingTrains = trains.test("token_embd.weight");
        ctx = c.context();
        h = c.hidden();
        qd = c.qDim();
        kvd = c.kvDim();
        d = c.headDim();
        f = c.ffn();
        vocab = c.vocab();
        attnScale = (float) (1.0 / Math.sqrt(d));
        rope = new Rope(d, ctx, c.ropeBase());
        int l = c.layers();
        resid = new float[l + 1][ctx * h];
        xn1 = new float[l][ctx * h];
        r1 = new float[l][ctx];
        q = new float[l][ctx * qd];
        qr = new float[l][ctx * qd];
        rq = new float[l][ctx * c.heads()];
        k = new float[l][ctx * kvd];
        kr = new float[l][ctx * kvd];
        rk = new float[l][ctx * c.kvHeads()];
        v = new float[l][ctx * kvd];
        p = new float[l][c.heads() * ctx * ctx];
        att = new float[l][ctx * qd];
        x2 = new float[l][ctx * h];
        xn2 = new float[l][ctx * h];
        r2 = new float[l][ctx];
        g = new float[l][ctx * f];
        u = new float[l][ctx * f];
        a = new float[l][ctx * f];
        xf = new float[ctx * h];
        rf = new float[ctx];
        kt = new float[d * ctx];
        scores = new float[ctx * ctx];
        xc = new float[CHUNK * h];
        logits = new float[CHUNK * vocab];
        dxc = new float[CHUNK * h];
        dres = new float[ctx * h];
        dxf = new float[ctx * h];
        dxn = new float[ctx * h];
        da = new float[ctx * f];
        dg = new float[ctx * f];
        du = new float[ctx * f];
        datt = new float[ctx * qd];
        dqr = new float[ctx * qd];
        dq = new float[ctx * qd];
        dkr = new float[ctx * kvd];
        dk = new float[ctx * kvd];
        dv = new float[ctx * kvd];
    }

    /**
     * The summed cross-entropy (nats) of the masked tokens of {@code tokens[0..n)}, each times its
     * mask weight; with
     * {@code grads} non-null, also adds {@code scale ·} d(that sum)/dθ to them.
     */
    double run(int[] tokens, byte[] mask, int n, Weights w, Transposes wt, Weights grads, float scale) {
        if (n > ctx) throw new IllegalArgumentException("sequence of " + n + " tokens in a context of " + ctx);
        forward(tokens, n, w, wt);
        if (grads != null) Arrays.fill(dxf, 0, n * h, 0f);
        double loss = logitsAndLoss(tokens, mask, n, w, wt, grads, scale);
        if (grads != null) backward(tokens, n, w, grads);
        return loss;
    }

    /** The logits of every position, for comparing with llama.cpp: {@code [n][vocab]}. */
    float[][] logits(int[] tokens, int n, Weights w, Transposes wt) {
        forward(tokens, n, w, wt);
        float[][] out = new float[n][vocab];
        for (int t = 0; t < n; t++) {
            Gemm.mul(xf, t * h, h, 1, wt.output, 0, vocab, out[t], 0, vocab, 1, vocab, h, false, Gemm.FULL);
        }
        return out;
    }

    private void forward(int[] tokens, int n, Weights w, Transposes wt) {
        float[] emb = w.tokenEmbd.data();
        for (int t = 0; t < n; t++) System.arraycopy(emb, tokens[t] * h, resid[0], t * h, h);
        float eps = c.rmsEps();
        for (int l = 0; l < c.layers(); l++) {
            Weights.Layer lw = w.layers[l];
            float[] x = resid[l];
            RmsNorm.forward(x, lw.attnNorm().data(), xn1[l], r1[l], n, h, eps);
            Gemm.mul(xn1[l], 0, h, 1, wt.wq[l], 0, qd, q[l], 0, qd, n, qd, h, false, Gemm.FULL);
            Gemm.mul(xn1[l], 0, h, 1, wt.wk[l], 0, kvd, k[l], 0, kvd, n, kvd, h, false, Gemm.FULL);
            Gemm.mul(xn1[l], 0, h, 1, wt.wv[l], 0, kvd, v[l], 0, kvd, n, kvd, h, false, Gemm.FULL);
            RmsNorm.forward(q[l], lw.qNorm().data(), qr[l], rq[l], n * c.heads(), d, eps);
            RmsNorm.forward(k[l], lw.kNorm().data(), kr[l], rk[l], n * c.kvHeads(), d, eps);
            rope.forward(qr[l], n, c.heads());
            rope.forward(kr[l], n, c.kvHeads());
            attention(l, n);
            Gemm.mul(att[l], 0, qd, 1, wt.wo[l], 0, h, x2[l], 0, h, n, h, qd, false, Gemm.FULL);
            add(x2[l], x, n * h);
            RmsNorm.forward(x2[l], lw.ffnNorm().data(), xn2[l], r2[l], n, h, eps);
            Gemm.mul(xn2[l], 0, h, 1, wt.gate[l], 0, f, g[l], 0, f, n, f, h, false, Gemm.FULL);
            Gemm.mul(xn2[l], 0, h, 1, wt.up[l], 0, f, u[l], 0, f, n, f, h, false, Gemm.FULL);
            VectorMath.swiglu(g[l], u[l], a[l], n * f);
            Gemm.mul(a[l], 0, f, 1, wt.down[l], 0, h, resid[l + 1], 0, h, n, h, f, false, Gemm.FULL);
            add(resid[l + 1], x2[l], n * h);
        }
        RmsNorm.forward(resid[c.layers()], w.outputNorm.data(), xf, rf, n, h, eps);
    }

    /** Causal softmax attention, query head hd reading kv head hd / (heads / kvHeads). */
    private void attention(int l, int n) {
        int group = c.heads() / c.kvHeads();
        for (int kh = 0; kh < c.kvHeads(); kh++) {
            transposeHead(kr[l], kh, n, kt);
            for (int hd = kh * group; hd < (kh + 1) * group; hd++) {
                Gemm.mul(qr[l], hd * d, qd, 1, kt, 0, n, scores, 0, n, n, n, d, false, Gemm.N_LE_ROW);
                float[] pl = p[l];
                int base = hd * ctx * ctx;
                for (int t = 0; t < n; t++) softmaxRow(scores, t * n, pl, base + t * n, t, n);
                Gemm.mul(pl, base, n, 1, v[l], kh * d, kvd, att[l], hd * d, qd, n, d, n, false, Gemm.K_LE_ROW);
            }
        }
    }

    /** Row t of P: softmax of the scaled scores s ≤ t; the entries just above the diagonal the kernel may read are zeroed. */
    private void softmaxRow(float[] s, int so, float[] pr, int po, int t, int n) {
        float max = VectorMath.max(s, so, t + 1) * attnScale; // the scale is positive: max commutes with it
        double sum = VectorMath.expSum(s, so, t + 1, attnScale, max, pr, po);
        VectorMath.scale(pr, po, t + 1, (float) (1.0 / sum));
        Arrays.fill(pr, po + t + 1, po + Math.min(n, t + Gemm.R), 0f);
    }

    /** Head kh of rows 0..n-1 of x (row width kvDim) as a {@code headDim × n} matrix. */
    private void transposeHead(float[] x, int kh, int n, float[] out) {
        for (int t = 0; t < n; t++) {
            int o = t * kvd + kh * d;
            for (int j = 0; j < d; j++) out[j * n + t] = x[o + j];
        }
    }

    private double logitsAndLoss(int[] tokens, byte[] mask, int n, Weights w, Transposes wt, Weights grads, float scale) {
        double loss = 0;
        int count = 0;
        for (int t = 1; t < n; t++) {
            if (mask[t] == 0) continue;
            rowWeights[count] = mask[t];
            rows[count++] = t - 1;
            if (count == CHUNK) {
                loss += chunk(tokens, count, w, wt, grads, scale);
                count = 0;
            }
        }
        if (count > 0) loss += chunk(tokens, count, w, wt, grads, scale);
        return loss;
    }

    /** Projects the listed rows onto the vocabulary, sums their loss, and backpropagates into dxf and the projection. */
    private double chunk(int[] tokens, int count, Weights w, Transposes wt, Weights grads, float scale) {
        for (int i = 0; i < count; i++) System.arraycopy(xf, rows[i] * h, xc, i * h, h);
        Gemm.mul(xc, 0, h, 1, wt.output, 0, vocab, logits, 0, vocab, count, vocab, h, false, Gemm.FULL);
        double loss = 0;
        for (int i = 0; i < count; i++) {
            int o = i * vocab, target = tokens[rows[i] + 1];
            float targetLogit = logits[o + target], max = VectorMath.max(logits, o, vocab);
            double sum = VectorMath.expSum(logits, o, vocab, 1f, max, logits, o);
            int weight = rowWeights[i];
            loss += weight * (max + Math.log(sum) - targetLogit);
            if (grads != null) {
                float ws = scale * weight;
                VectorMath.scale(logits, o, vocab, (float) (ws / sum));
                logits[o + target] -= ws;
            }
        }
        if (grads != null) {
            Tensor out = w.outputProjection();
            Gemm.mul(logits, 0, vocab, 1, out.data(), 0, h, dxc, 0, h, count, h, vocab, false, Gemm.FULL);
            for (int i = 0; i < count; i++) add(dxf, rows[i] * h, dxc, i * h, h);
            Tensor gOut = grads.outputProjection();
            if (trains(gOut)) Gemm.mul(logits, 0, 1, vocab, xc, 0, h, gOut.data(), 0, h, vocab, h, count, true, Gemm.FULL);
        }
        return loss;
    }

    private void backward(int[] tokens, int n, Weights w, Weights grads) {
        int L = c.layers();
        Arrays.fill(dres, 0, n * h, 0f);
        RmsNorm.backward(dxf, resid[L], w.outputNorm.data(), rf, dres, gradient(grads.outputNorm), n, h);
        for (int l = L - 1, stop = embeddingTrains ? 0 : lowestTrained(grads); l >= stop; l--) {
            Weights.Layer lw = w.layers[l], lg = grads.layers[l];
            // resid[l+1] = x2 + down(silu(gate)·up); dres is d/d resid[l+1], and from here on d/d x2
            if (trains(lg.down())) Gemm.mul(dres, 0, 1, h, a[l], 0, f, lg.down().data(), 0, f, h, f, n, true, Gemm.FULL);
            Gemm.mul(dres, 0, h, 1, lw.down().data(), 0, f, da, 0, f, n, f, h, false, Gemm.FULL);
            VectorMath.swigluBackward(g[l], u[l], da, dg, du, n * f);
            if (trains(lg.gate())) Gemm.mul(dg, 0, 1, f, xn2[l], 0, h, lg.gate().data(), 0, h, f, h, n, true, Gemm.FULL);
            if (trains(lg.up())) Gemm.mul(du, 0, 1, f, xn2[l], 0, h, lg.up().data(), 0, h, f, h, n, true, Gemm.FULL);
            Gemm.mul(dg, 0, f, 1, lw.gate().data(), 0, h, dxn, 0, h, n, h, f, false, Gemm.FULL);
            Gemm.mul(du, 0, f, 1, lw.up().data(), 0, h, dxn, 0, h, n, h, f, true, Gemm.FULL);
            RmsNorm.backward(dxn, x2[l], lw.ffnNorm().data(), r2[l], dres, gradient(lg.ffnNorm()), n, h);
            // x2 = x + att·Woᵀ
            if (trains(lg.wo())) Gemm.mul(dres, 0, 1, h, att[l], 0, qd, lg.wo().data(), 0, qd, h, qd, n, true, Gemm.FULL);
            Gemm.mul(dres, 0, h, 1, lw.wo().data(), 0, qd, datt, 0, qd, n, qd, h, false, Gemm.FULL);
            attentionBackward(l, n);
            rope.backward(dqr, n, c.heads());
            rope.backward(dkr, n, c.kvHeads());
            Arrays.fill(dq, 0, n * qd, 0f);
            Arrays.fill(dk, 0, n * kvd, 0f);
            RmsNorm.backward(dqr, q[l], lw.qNorm().data(), rq[l], dq, gradient(lg.qNorm()), n * c.heads(), d);
            RmsNorm.backward(dkr, k[l], lw.kNorm().data(), rk[l], dk, gradient(lg.kNorm()), n * c.kvHeads(), d);
            if (trains(lg.wq())) Gemm.mul(dq, 0, 1, qd, xn1[l], 0, h, lg.wq().data(), 0, h, qd, h, n, true, Gemm.FULL);
            if (trains(lg.wk())) Gemm.mul(dk, 0, 1, kvd, xn1[l], 0, h, lg.wk().data(), 0, h, kvd, h, n, true, Gemm.FULL);
            if (trains(lg.wv())) Gemm.mul(dv, 0, 1, kvd, xn1[l], 0, h, lg.wv().data(), 0, h, kvd, h, n, true, Gemm.FULL);
            Gemm.mul(dq, 0, qd, 1, lw.wq().data(), 0, h, dxn, 0, h, n, h, qd, false, Gemm.FULL);
            Gemm.mul(dk, 0, kvd, 1, lw.wk().data(), 0, h, dxn, 0, h, n, h, kvd, true, Gemm.FULL);
            Gemm.mul(dv, 0, kvd, 1, lw.wv().data(), 0, h, dxn, 0, h, n, h, kvd, true, Gemm.FULL);
            RmsNorm.backward(dxn, resid[l], lw.attnNorm().data(), r1[l], dres, gradient(lg.attnNorm()), n, h);
        }
        if (!embeddingTrains) return;
        float[] gEmb = grads.tokenEmbd.data();
        for (int t = 0; t < n; t++) add(gEmb, tokens[t] * h, dres, t * h, h);
    }

    private boolean trains(Tensor t) { return trains.test(t.name()); }

    /** The lowest block with a tensor that trains: below it no gradient is wanted; layers() when none. */
    private int lowestTrained(Weights grads) {
        for (int l = 0; l < c.layers(); l++) if (grads.layers[l].all().stream().anyMatch(this::trains)) return l;
        return c.layers();
    }

    /** Where a norm's weight gradient goes: nowhere when it does not train. */
    private float[] gradient(Tensor t) { return trains(t) ? t.data() : null; }

    /** From datt: dqr (rotated, normed queries), dkr and dv. */
    private void attentionBackward(int l, int n) {
        Arrays.fill(dkr, 0, n * kvd, 0f);
        Arrays.fill(dv, 0, n * kvd, 0f);
        int group = c.heads() / c.kvHeads();
        float[] pl = p[l];
        for (int kh = 0; kh < c.kvHeads(); kh++) {
            transposeHead(v[l], kh, n, kt);
            for (int hd = kh * group; hd < (kh + 1) * group; hd++) {
                int base = hd * ctx * ctx;
                Gemm.mul(datt, hd * d, qd, 1, kt, 0, n, scores, 0, n, n, n, d, false, Gemm.N_LE_ROW);
                for (int t = 0; t < n; t++) {
                    int so = t * n, po = base + t * n;
                    float dot = (float) VectorMath.dot(scores, so, pl, po, t + 1);
                    VectorMath.softmaxBackward(scores, so, pl, po, t + 1, dot, attnScale);
                    Arrays.fill(scores, so + t + 1, so + Math.min(n, t + Gemm.R), 0f);
                }
                Gemm.mul(scores, 0, n, 1, kr[l], kh * d, kvd, dqr, hd * d, qd, n, d, n, false, Gemm.K_LE_ROW);
                Gemm.mul(scores, 0, 1, n, qr[l], hd * d, qd, dkr, kh * d, kvd, n, d, n, true, Gemm.K_GE_ROW);
                Gemm.mul(pl, base, 1, n, datt, hd * d, qd, dv, kh * d, kvd, n, d, n, true, Gemm.K_GE_ROW);
            }
        }
    }

    private static void add(float[] dst, float[] src, int n) {
        for (int i = 0; i < n; i++) dst[i] += src[i];
    }

    private static void add(float[] dst, int dOff, float[] src, int sOff, int n) {
        for (int i = 0; i < n; i++) dst[dOff + i] += src[sOff + i];
    }
}
