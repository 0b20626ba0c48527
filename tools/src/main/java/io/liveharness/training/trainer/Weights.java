package io.liveharness.training.trainer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every tensor of a qwen3 model, named as llama.cpp names them, in the order the GGUF lists them.
 * The same shape holds the weights, their gradients and the two AdamW moments.
 */
public final class Weights {
    /** One decoder block's tensors. */
    public record Layer(Tensor attnNorm, Tensor wq, Tensor wk, Tensor wv, Tensor wo, Tensor qNorm, Tensor kNorm,
                        Tensor ffnNorm, Tensor gate, Tensor up, Tensor down) {
        List<Tensor> all() { return List.of(attnNorm, wq, wk, wv, wo, qNorm, kNorm, ffnNorm, gate, up, down); }
    }

    public final ModelConfig config;
    public final Tensor tokenEmbd, outputNorm, output; // output is null when tied
    public final Layer[] layers;
    private final List<Tensor> all;

    private Weights(ModelConfig config, Tensor tokenEmbd, Tensor outputNorm, Tensor output, Layer[] layers) {
        this.config = config;
        this.tokenEmbd = tokenEmbd;
        this.outputNorm = outputNorm;
        this.output = output;
        this.layers = layers;
        List<Tensor> list = new ArrayList<>();
        list.add(tokenEmbd);
        list.add(outputNorm);
        if (output != null) list.add(output);
        for (Layer l : layers) list.addAll(l.all());
        this.all = Collections.unmodifiableList(list);
    }

    /** These tensors as a model trained on {@code context} tokens: no tensor depends on it (RoPE learns no positions). */
    public Weights withContext(int context) {
        return new Weights(config.withContext(context), tokenEmbd, outputNorm, output, layers);
    }

    /** All tensors zero. */
    public static Weights zeros(ModelConfig c) {
        Layer[] layers = new Layer[c.layers()];
        for (int i = 0; i < c.layers(); i++) {
            String b = "blk." + i + ".";
            layers[i] = new Layer(Tensor.vector(b + "attn_norm.weight", c.hidden()),
                    Tensor.matrix(b + "attn_q.weight", c.qDim(), c.hidden()),
                    Tensor.matrix(b + "attn_k.weight", c.kvDim(), c.hidden()),
                    Tensor.matrix(b + "attn_v.weight", c.kvDim(), c.hidden()),
                    Tensor.matrix(b + "attn_output.weight", c.hidden(), c.qDim()),
                    Tensor.vector(b + "attn_q_norm.weight", c.headDim()),
                    Tensor.vector(b + "attn_k_norm.weight", c.headDim()),
                    Tensor.vector(b + "ffn_norm.weight", c.hidden()),
                    Tensor.matrix(b + "ffn_gate.weight", c.ffn(), c.hidden()),
                    Tensor.matrix(b + "ffn_up.weight", c.ffn(), c.hidden()),
                    Tensor.matrix(b + "ffn_down.weight", c.hidden(), c.ffn()));
        }
        return new Weights(c, Tensor.matrix("token_embd.weight", c.vocab(), c.hidden()),
                Tensor.vector("output_norm.weight", c.hidden()),
                c.tied() ? null : Tensor.matrix("output.weight", c.vocab(), c.hidden()), layers);
    }

    /**
     * GPT-2 style initialisation from {@code seed}: norms 1, matrices uniform with standard
     * deviation 0.02, the two projections that write into the residual stream scaled down by
     * sqrt(2·layers) so the stream's variance does not grow with depth.
     */
    public static Weights init(ModelConfig c, long seed) {
        Weights w = zeros(c);
        Rng rng = new Rng(seed);
        float residualScale = (float) (1 / Math.sqrt(2.0 * c.layers()));
        for (Tensor t : w.all) {
            if (!t.matrix()) {
                java.util.Arrays.fill(t.data(), 1f);
                continue;
            }
            boolean residual = t.name().endsWith("attn_output.weight") || t.name().endsWith("ffn_down.weight");
            float a = (float) (0.02 * Math.sqrt(3)) * (residual ? residualScale : 1f);
            float[] d = t.data();
            for (int i = 0; i < d.length; i++) d[i] = rng.uniform() * a;
        }
        return w;
    }

    /** A zeroed copy of the shape: gradients, moments. */
    public Weights zerosLike() { return zeros(config); }

    /** The output projection: output.weight, or token_embd when tied. */
    public Tensor outputProjection() { return output != null ? output : tokenEmbd; }

    public List<Tensor> all() { return all; }

    public Tensor get(String name) {
        for (Tensor t : all) if (t.name().equals(name)) return t;
        throw new IllegalArgumentException("no tensor " + name);
    }

    /** Zeroes the tensors {@code which} names. */
    public void clear(Predicate<String> which) {
        for (Tensor t : all) if (which.test(t.name())) java.util.Arrays.fill(t.data(), 0f);
    }

    /** this += other for the tensors {@code which} names, tensor by tensor, element by element in order. */
    public void add(Weights other, Predicate<String> which) {
        for (int i = 0; i < all.size(); i++) {
            if (!which.test(all.get(i).name())) continue;
            float[] a = all.get(i).data(), b = other.all.get(i).data();
            for (int j = 0; j < a.length; j++) a[j] += b[j];
        }
    }

    public void copyFrom(Weights other) {
        for (int i = 0; i < all.size(); i++) System.arraycopy(other.all.get(i).data(), 0, all.get(i).data(), 0, all.get(i).size());
    }
}
