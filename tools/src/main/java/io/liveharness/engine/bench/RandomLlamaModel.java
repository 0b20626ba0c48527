package io.liveharness.engine.bench;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.GgufWriter;
import io.liveharness.engine.gguf.RandomModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A random-weight model of the llama architecture in the shape of a {@link RandomModel.Spec}
 * (the bench spec: ~160M parameters with the GPT-2 vocabulary), for the slot-batching baseline:
 * {@code de.kherud:llama} 4.2.0's llama.cpp (b4916) predates qwen3, and a llama model both
 * libraries load is the common ground. The tokenizer and chat template are the random qwen3
 * model's (ChatML special tokens on the vocabulary GGUF), read back from that file, so the two
 * models tokenize the same; tensors are llama's (no per-head Q/K norms), F16 matrices with
 * variance 1/fan-in from a seeded generator, F32 norms of 1.
 *
 * <p>Keys and tensor names are those of llama.cpp's llama loader ({@code llama.block_count},
 * {@code llama.rope.dimension_count}, {@code blk.N.attn_q}, ... {@code ffn_up}).
 */
public final class RandomLlamaModel {

    private static final int GGML_F32 = 0, GGML_F16 = 1;
    private static final int ALIGNMENT = 32;

    private RandomLlamaModel() { }

    /** The cached file name: the qwen3 spec's, with the architecture swapped. */
    public static String fileName(RandomModel.Spec spec, String vocabName) {
        return spec.fileName(vocabName).replaceFirst("^random-qwen3-", "random-llama-");
    }

    /**
     * The llama-arch counterpart of {@code spec} under {@code dir}, written unless there; writes
     * (or reuses) the qwen3 model of {@code spec} first, for its tokenizer.
     */
    public static Path cached(RandomModel.Spec spec, Path vocabFile, Path dir) {
        Path out = dir.resolve(fileName(spec, vocabFile.getFileName().toString()));
        if (Files.isRegularFile(out)) return out;
        Path qwen = RandomModel.cached(spec, vocabFile, dir);
        write(spec, qwen, out);
        return out;
    }

    /** Writes the llama model of {@code spec}, with the tokenizer of the GGUF {@code tokenizerFrom}. */
    public static void write(RandomModel.Spec spec, Path tokenizerFrom, Path out) {
        if (spec.heads() * spec.headDim() != spec.hidden()) {
            throw new EngineException("llama needs heads x head size = hidden: " + spec);
        }
        Map<String, Value> kv = metadata(spec, GgufFile.readMetadata(tokenizerFrom));
        int vocab = kv.get("tokenizer.ggml.tokens").<String>list().size();
        List<long[]> dims = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Integer> types = new ArrayList<>();
        long h = spec.hidden(), k = (long) spec.kvHeads() * spec.headDim(), f = spec.ffn();
        add(names, dims, types, "token_embd.weight", GGML_F16, h, vocab);
        add(names, dims, types, "output_norm.weight", GGML_F32, h);
        if (!spec.tiedEmbeddings()) add(names, dims, types, "output.weight", GGML_F16, h, vocab);
        for (int i = 0; i < spec.layers(); i++) {
            String b = "blk." + i + ".";
            add(names, dims, types, b + "attn_norm.weight", GGML_F32, h);
            add(names, dims, types, b + "attn_q.weight", GGML_F16, h, h);
            add(names, dims, types, b + "attn_k.weight", GGML_F16, h, k);
            add(names, dims, types, b + "attn_v.weight", GGML_F16, h, k);
            add(names, dims, types, b + "attn_output.weight", GGML_F16, h, h);
            add(names, dims, types, b + "ffn_norm.weight", GGML_F32, h);
            add(names, dims, types, b + "ffn_gate.weight", GGML_F16, h, f);
            add(names, dims, types, b + "ffn_up.weight", GGML_F16, h, f);
            add(names, dims, types, b + "ffn_down.weight", GGML_F16, f, h);
        }
        try {
            GgufWriter.writeFile(out, names.size(), kv, o -> {
                long offset = 0;
                for (int t = 0; t < names.size(); t++) {
                    o.string(names.get(t));
                    o.i32(dims.get(t).length);
                    for (long d : dims.get(t)) o.i64(d);
                    o.i32(types.get(t));
                    o.i64(offset);
                    offset = align(offset + bytes(dims.get(t), types.get(t)));
                }
                o.pad(ALIGNMENT);
                long dataStart = o.position();
                offset = 0;
                long x = spec.seed() * 0x9E3779B97F4A7C15L + 2; // xorshift64*, seeded apart from the qwen3 model's
                for (int t = 0; t < names.size(); t++) {
                    o.padTo(offset);
                    long n = elements(dims.get(t));
                    if (types.get(t) == GGML_F32) {
                        for (long i = 0; i < n; i++) o.f32(1f);
                    } else {
                        float scale = (float) Math.sqrt(3.0 / dims.get(t)[0]);
                        for (long i = 0; i < n; i++) {
                            x ^= x >>> 12;
                            x ^= x << 25;
                            x ^= x >>> 27;
                            long r = x * 0x2545F4914F6CDD1DL;
                            o.f16((((r >>> 40) * 0x1.0p-24f) * 2f - 1f) * scale);
                        }
                    }
                    offset = align(offset + bytes(dims.get(t), types.get(t)));
                }
            });
        } catch (IOException e) {
            throw new EngineException("cannot write the random llama model " + out + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Value> metadata(RandomModel.Spec s, Map<String, Value> from) {
        Map<String, Value> kv = new LinkedHashMap<>();
        kv.put("general.architecture", Value.string("llama"));
        kv.put("general.name", Value.string("random llama h" + s.hidden() + " l" + s.layers()));
        kv.put("general.file_type", Value.u32(1)); // MOSTLY_F16
        kv.put("general.alignment", Value.u32(ALIGNMENT));
        kv.put("llama.context_length", Value.u32(s.contextLength()));
        kv.put("llama.embedding_length", Value.u32(s.hidden()));
        kv.put("llama.block_count", Value.u32(s.layers()));
        kv.put("llama.feed_forward_length", Value.u32(s.ffn()));
        kv.put("llama.attention.head_count", Value.u32(s.heads()));
        kv.put("llama.attention.head_count_kv", Value.u32(s.kvHeads()));
        kv.put("llama.rope.dimension_count", Value.u32(s.headDim()));
        kv.put("llama.rope.freq_base", Value.f32(1_000_000f));
        kv.put("llama.attention.layer_norm_rms_epsilon", Value.f32(1e-6f));
        for (Map.Entry<String, Value> e : from.entrySet()) {
            if (e.getKey().startsWith("tokenizer.")) kv.put(e.getKey(), e.getValue());
        }
        if (!kv.containsKey("tokenizer.ggml.tokens")) throw new EngineException("no tokenizer to copy");
        kv.put("llama.vocab_size", Value.u32(kv.get("tokenizer.ggml.tokens").<String>list().size()));
        return kv;
    }

    private static void add(List<String> names, List<long[]> dims, List<Integer> types, String name, int type, long... d) {
        names.add(name);
        dims.add(d);
        types.add(type);
    }

    private static long elements(long[] dims) {
        long n = 1;
        for (long d : dims) n *= d;
        return n;
    }

    private static long bytes(long[] dims, int type) { return elements(dims) * (type == GGML_F16 ? 2 : 4); }

    private static long align(long n) { return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT; }
}
