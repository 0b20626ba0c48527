package io.liveharness.training.trainer;

import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.GgufWriter;
import io.liveharness.engine.llama.GgufHeader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes trained weights as a qwen3 GGUF llama.cpp v0.5.0 loads: the keys and tensor names of
 * {@link io.liveharness.engine.gguf.RandomModel}. Atomic: temp file, then rename.
 */
public final class GgufExport {
    private static final int GGML_F32 = 0, ALIGNMENT = 32;

    /**
     * How the matrices are stored; norms stay F32 either way (llama.cpp multiplies by them
     * element-wise, in F32). F32 keeps llama.cpp's forward pass closest to the trainer's; F16 halves
     * the file, which is what lets a deeper model stay under the repository's 40 MB for a model.
     *
     * @param ggmlType the matrices' ggml type; {@code fileType} is general.file_type (ALL_F32, MOSTLY_F16)
     */
    public enum Precision {
        F32(0, 0, 4), F16(1, 1, 2);

        final int ggmlType, fileType, bytes;

        Precision(int ggmlType, int fileType, int bytes) {
            this.ggmlType = ggmlType;
            this.fileType = fileType;
            this.bytes = bytes;
        }

        /** The precision a GGUF this exporter wrote was written in, from its general.file_type. */
        static Precision of(GgufHeader header) {
            Object t = header.metadata().get("general.file_type");
            for (Precision p : values()) if (t instanceof Number n && n.intValue() == p.fileType) return p;
            throw new IllegalArgumentException(header.file() + " is not a model this trainer wrote: its general.file_type is " + t
                    + ", this trainer writes 0 (F32) or 1 (F16)");
        }
    }

    private GgufExport() { }

    public static void write(Weights w, TokenizerMetadata tokenizer, String name, Path out) { write(w, tokenizer, name, null, out); }

    public static void write(Weights w, TokenizerMetadata tokenizer, String name, String finetune, Path out) {
        write(w, tokenizer, name, finetune, Precision.F32, out);
    }

    /** @param finetune what the model was trained for (general.finetune), or null: a model that names one is not a test model */
    public static void write(Weights w, TokenizerMetadata tokenizer, String name, String finetune, Precision precision, Path out) {
        ModelConfig c = w.config;
        if (tokenizer.vocabSize() != c.vocab()) {
            throw new IllegalArgumentException("the vocabulary has " + tokenizer.vocabSize() + " tokens, the model " + c.vocab());
        }
        Map<String, Value> kv = new LinkedHashMap<>();
        String a = "qwen3";
        kv.put("general.architecture", Value.string(a));
        kv.put("general.name", Value.string(name));
        if (finetune != null) kv.put("general.finetune", Value.string(finetune));
        kv.put("general.file_type", Value.u32(precision.fileType));
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
                    o.i32(t.matrix() ? precision.ggmlType : GGML_F32);
                    o.i64(offset);
                    offset = align(offset + bytes(t, precision));
                }
                o.pad(ALIGNMENT);
                offset = 0;
                for (Tensor t : tensors) {
                    o.padTo(offset);
                    boolean half = t.matrix() && precision == Precision.F16;
                    for (float v : t.data()) {
                        if (half) o.f16(v); else o.f32(v);
                    }
                    offset = align(offset + bytes(t, precision));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /** Bytes of {@code t}'s data as written. */
    static long bytes(Tensor t, Precision precision) { return (long) (t.matrix() ? precision.bytes : 4) * t.size(); }

    static long align(long n) { return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT; }
}
