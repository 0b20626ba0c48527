package io.liveharness.training.trainer;

import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.GgufWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes trained weights as a qwen3 GGUF llama.cpp v0.5.0 loads: the keys and tensor names of
 * {@link io.liveharness.engine.gguf.RandomModel}, every tensor F32 (the model is small, and F32
 * keeps llama.cpp's forward pass closest to the trainer's). Atomic: temp file, then rename.
 */
public final class GgufExport {
    private static final int GGML_F32 = 0, ALIGNMENT = 32;

    private GgufExport() { }

    public static void write(Weights w, TokenizerMetadata tokenizer, String name, Path out) { write(w, tokenizer, name, null, out); }

    /** @param finetune what the model was trained for (general.finetune), or null: a model that names one is not a test model */
    public static void write(Weights w, TokenizerMetadata tokenizer, String name, String finetune, Path out) {
        ModelConfig c = w.config;
        if (tokenizer.vocabSize() != c.vocab()) {
            throw new IllegalArgumentException("the vocabulary has " + tokenizer.vocabSize() + " tokens, the model " + c.vocab());
        }
        Map<String, Value> kv = new LinkedHashMap<>();
        String a = "qwen3";
        kv.put("general.architecture", Value.string(a));
        kv.put("general.name", Value.string(name));
        if (finetune != null) kv.put("general.finetune", Value.string(finetune));
        kv.put("general.file_type", Value.u32(0)); // ALL_F32
        kv.put("general.alignment", Value.u32(ALIGNMENT));
        kv.put(a + ".context_length", Value.u32(c.context()));
        kv.put(a + ".embedding_length", Value.u32(c.hidden()));
        kv.put(a + ".block_count", Value.u32(c.layers()));
        kv.put(a + ".feed_forward_length", Value.u32(c.ffn()));
        kv.put(a + ".attention.head_count", Value.u32(c.heads()));
        kv.put(a + ".attention.head_count_kv", Value.u32(c.kvHeads()));
        kv.put(a + ".attention.key_length", Value.u32(c.headDim()));
        kv.put(a + ".attention.value_length", Value.u32(c.headDim()));
        kv.put(a + ".rope.freq_base", Value.f32(c.ropeBase()));
        kv.put(a + ".attention.layer_norm_rms_epsilon", Value.f32(c.rmsEps()));
        kv.putAll(tokenizer.keys());
        List<Tensor> tensors = w.all();
        try {
            GgufWriter.writeFile(out, tensors.size(), kv, o -> {
                long offset = 0;
                for (Tensor t : tensors) {
                    o.string(t.name());
                    long[] dims = t.ggufDims();
                    o.i32(dims.length);
                    for (long dim : dims) o.i64(dim);
                    o.i32(GGML_F32);
                    o.i64(offset);
                    offset = align(offset + 4L * t.size());
                }
                o.pad(ALIGNMENT);
                offset = 0;
                for (Tensor t : tensors) {
                    o.padTo(offset);
                    for (float v : t.data()) o.f32(v);
                    offset = align(offset + 4L * t.size());
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    private static long align(long n) { return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT; }
}
