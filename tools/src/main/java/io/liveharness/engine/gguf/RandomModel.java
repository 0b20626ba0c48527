package io.liveharness.engine.gguf;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.gguf.GgufFile.Value;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a random-weight GGUF v3 model of a real architecture (qwen3) with a real tokenizer, so
 * throughput and batching are measured on a realistic shape without downloading weights. The
 * tokenizer is copied from a vocabulary GGUF (e.g. ggml-vocab-gpt-2.gguf) and extended with the
 * Qwen chat-template special tokens it lacks (a ChatML vocabulary such as liveharness-bpe.gguf
 * brings them all); {@code tokenizer.chat_template} is a Qwen-style ChatML template. Matrices are F16, norms F32, values uniform with variance 1/fan-in, from a seeded
 * generator: the same spec writes the same bytes.
 *
 * <p>Tensor names and metadata keys are those llama.cpp v0.5.0's qwen3 loader reads
 * ({@code src/models/qwen3.cpp}, {@code src/llama-arch.cpp}).
 */
public final class RandomModel {

    /** Added after the vocabulary's own tokens, in this order, unless the vocabulary has them. */
    public static final List<String> SPECIAL_TOKENS = List.of(
            "<|im_start|>", "<|im_end|>", "<think>", "</think>", "<tool_call>", "</tool_call>");

    /** A Qwen-style ChatML template (system, user, assistant, tool turns; generation prompt). */
    public static final String CHAT_TEMPLATE = """
            {%- for message in messages %}\
            {%- if message.role == 'tool' %}\
            {{- '<|im_start|>user\\n<tool_response>\\n' + message.content + '\\n</tool_response><|im_end|>\\n' }}\
            {%- else %}\
            {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}\
            {%- endif %}\
            {%- endfor %}\
            {%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}""";

    private static final int TYPE_NORMAL = 1, TYPE_CONTROL = 3, TYPE_USER_DEFINED = 4;
    private static final int GGML_F32 = 0, GGML_F16 = 1;
    private static final int ALIGNMENT = 32;

    /**
     * The shape of the model.
     *
     * @param tiedEmbeddings no output.weight: the output projection reuses token_embd
     */
    public record Spec(String arch, int hidden, int layers, int ffn, int heads, int kvHeads, int headDim,
                       int contextLength, boolean tiedEmbeddings, long seed) {
        public Spec {
            if (!arch.equals("qwen3")) throw new EngineException("random models of arch '" + arch + "' are not supported; use qwen3");
            if (hidden < 1 || layers < 1 || ffn < 1 || heads < 1 || kvHeads < 1 || headDim < 2 || headDim % 2 != 0) {
                throw new EngineException("a random model needs positive sizes and an even head size: " + this);
            }
            if (heads % kvHeads != 0) throw new EngineException("heads (" + heads + ") must be a multiple of kv heads (" + kvHeads + ")");
        }

        /** The benchmark model: hidden 768, 12 layers, FFN 2304, 12 heads of 64 (4 for K/V), ~160M parameters with the GPT-2 vocabulary. */
        public static Spec bench() { return new Spec("qwen3", 768, 12, 2304, 12, 4, 64, 32768, false, 42); }

        /** A few-MB model for tests: hidden 64, 2 layers, tied embeddings. */
        public static Spec tiny() { return new Spec("qwen3", 64, 2, 128, 4, 2, 16, 32768, true, 7); }

        /** A file name that says the whole spec, for caching. */
        public String fileName(String vocabName) {
            return "random-" + arch + "-h" + hidden + "-l" + layers + "-ff" + ffn + "-q" + heads + "-kv" + kvHeads
                    + "-d" + headDim + "-c" + contextLength + (tiedEmbeddings ? "-tied" : "") + "-s" + seed + "-"
                    + vocabName.replaceAll("\\.gguf$", "").replaceAll("[^A-Za-z0-9_-]", "_") + "-f16.gguf";
        }

        /** Parameters for a vocabulary of {@code vocab} tokens. */
        public long parameters(long vocab) {
            long perLayer = 2L * hidden + 2L * headDim
                    + (long) hidden * heads * headDim * 2 + (long) hidden * kvHeads * headDim * 2
                    + 3L * hidden * ffn;
            return vocab * hidden * (tiedEmbeddings ? 1 : 2) + hidden + perLayer * layers;
        }
    }

    private record Tensor(String name, long[] dims, int type, long offset) {
        long elements() {
            long n = 1;
            for (long d : dims) n *= d;
            return n;
        }

        long bytes() { return elements() * (type == GGML_F16 ? 2 : 4); }
    }

    private RandomModel() { }

    /** Writes {@code spec} with {@code vocabFile}'s tokenizer to {@code out} (through a temp file, then a rename). */
    public static void write(Spec spec, Path vocabFile, Path out) {
        Map<String, Value> vocab = GgufFile.readMetadata(vocabFile);
        Map<String, Value> kv = metadata(spec, vocab, vocabFile);
        int vocabSize = kv.get("tokenizer.ggml.tokens").<String>list().size();
        List<Tensor> tensors = tensors(spec, vocabSize);
        try {
            GgufWriter.writeFile(out, tensors.size(), kv, o -> {
                for (Tensor t : tensors) {
                    o.string(t.name());
                    o.i32(t.dims().length);
                    for (long d : t.dims()) o.i64(d);
                    o.i32(t.type());
                    o.i64(t.offset());
                }
                o.pad(ALIGNMENT);
                Rng rng = new Rng(spec.seed());
                for (Tensor t : tensors) {
                    o.padTo(t.offset());
                    if (t.type() == GGML_F32) {
                        for (long i = 0; i < t.elements(); i++) o.f32(1f); // norm weights
                    } else {
                        float scale = (float) Math.sqrt(3.0 / t.dims()[0]);
                        for (long i = 0; i < t.elements(); i++) o.f16(rng.uniform() * scale);
                    }
                }
            });
        } catch (IOException e) {
            throw new EngineException("cannot write the random model " + out + ": " + e.getMessage(), e);
        }
    }

    /** Writes it unless {@code dir} already has this spec's file; returns the file. */
    public static Path cached(Spec spec, Path vocabFile, Path dir) {
        Path out = dir.resolve(spec.fileName(vocabFile.getFileName().toString()));
        if (!Files.isRegularFile(out)) write(spec, vocabFile, out);
        return out;
    }

    /** Tokens a model on this vocabulary GGUF's metadata will have: its own and the specials it lacks. */
    public static int vocabularySize(Map<String, Value> vocab) {
        List<String> tokens = vocab.get("tokenizer.ggml.tokens").list();
        return tokens.size() + missingSpecials(tokens).size();
    }

    private static List<String> missingSpecials(List<String> tokens) {
        var have = new java.util.HashSet<>(tokens);
        return SPECIAL_TOKENS.stream().filter(s -> !have.contains(s)).toList();
    }

    /**
     * The tokenizer keys a model written on {@code vocab} carries: every {@code tokenizer.*} key of
     * the vocabulary, the Qwen chat tokens appended when it lacks them, {@code <|im_end|>} as end of
     * turn, no BOS, the ChatML template. The trainer's models take theirs from here too.
     */
    public static Map<String, Value> tokenizerKeys(Map<String, Value> vocab, Path vocabFile) {
        Value tokensValue = vocab.get("tokenizer.ggml.tokens");
        Value model = vocab.get("tokenizer.ggml.model");
        if (tokensValue == null || model == null) {
            throw new EngineException(vocabFile + " has no tokenizer (tokenizer.ggml.model and tokenizer.ggml.tokens)");
        }
        List<String> tokens = new ArrayList<>(tokensValue.list());
        List<Integer> types = vocab.containsKey("tokenizer.ggml.token_type")
                ? new ArrayList<>(vocab.get("tokenizer.ggml.token_type").list())
                : new ArrayList<>(java.util.Collections.nCopies(tokens.size(), TYPE_NORMAL));
        List<Float> scores = vocab.containsKey("tokenizer.ggml.scores")
                ? new ArrayList<>(vocab.get("tokenizer.ggml.scores").list()) : null;
        int first = tokens.size();
        for (String special : missingSpecials(tokens)) {
            tokens.add(special);
            types.add(special.startsWith("<|") ? TYPE_CONTROL : TYPE_USER_DEFINED);
            if (scores != null) scores.add(0f);
        }
        Map<String, Value> kv = new LinkedHashMap<>();
        for (Map.Entry<String, Value> e : vocab.entrySet()) {
            String k = e.getKey();
            if (!k.startsWith("tokenizer.") || k.equals("tokenizer.chat_template")) continue;
            kv.put(k, e.getValue());
        }
        kv.put("tokenizer.ggml.tokens", Value.strings(tokens));
        kv.put("tokenizer.ggml.token_type", Value.ints(types));
        if (scores != null) kv.put("tokenizer.ggml.scores", Value.floats(scores));
        int imEnd = tokens.indexOf("<|im_end|>");
        kv.put("tokenizer.ggml.eos_token_id", Value.u32(imEnd));
        kv.put("tokenizer.ggml.eot_token_id", Value.u32(imEnd));
        if (!kv.containsKey("tokenizer.ggml.padding_token_id")) kv.put("tokenizer.ggml.padding_token_id", Value.u32(first - 1));
        kv.put("tokenizer.ggml.add_bos_token", Value.bool(false)); // Qwen adds no BOS
        kv.put("tokenizer.chat_template", Value.string(CHAT_TEMPLATE));
        return kv;
    }

    private static Map<String, Value> metadata(Spec s, Map<String, Value> vocab, Path vocabFile) {
        Map<String, Value> kv = new LinkedHashMap<>();
        String a = s.arch();
        kv.put("general.architecture", Value.string(a));
        kv.put("general.name", Value.string("random " + a + " h" + s.hidden() + " l" + s.layers()));
        kv.put("general.file_type", Value.u32(1)); // MOSTLY_F16
        kv.put("general.alignment", Value.u32(ALIGNMENT));
        kv.put(a + ".context_length", Value.u32(s.contextLength()));
        kv.put(a + ".embedding_length", Value.u32(s.hidden()));
        kv.put(a + ".block_count", Value.u32(s.layers()));
        kv.put(a + ".feed_forward_length", Value.u32(s.ffn()));
        kv.put(a + ".attention.head_count", Value.u32(s.heads()));
        kv.put(a + ".attention.head_count_kv", Value.u32(s.kvHeads()));
        kv.put(a + ".attention.key_length", Value.u32(s.headDim()));
        kv.put(a + ".attention.value_length", Value.u32(s.headDim()));
        kv.put(a + ".rope.freq_base", Value.f32(1_000_000f));
        kv.put(a + ".attention.layer_norm_rms_epsilon", Value.f32(1e-6f));

        kv.putAll(tokenizerKeys(vocab, vocabFile));
        return kv;
    }

    private static List<Tensor> tensors(Spec s, int vocab) {
        List<Tensor> out = new ArrayList<>();
        long[] offset = {0};
        java.util.function.BiConsumer<String, long[]> f16 = (name, dims) -> out.add(next(name, dims, GGML_F16, offset));
        java.util.function.BiConsumer<String, long[]> f32 = (name, dims) -> out.add(next(name, dims, GGML_F32, offset));
        long h = s.hidden(), q = (long) s.heads() * s.headDim(), k = (long) s.kvHeads() * s.headDim();
        f16.accept("token_embd.weight", new long[]{h, vocab});
        f32.accept("output_norm.weight", new long[]{h});
        if (!s.tiedEmbeddings()) f16.accept("output.weight", new long[]{h, vocab});
        for (int i = 0; i < s.layers(); i++) {
            String b = "blk." + i + ".";
            f32.accept(b + "attn_norm.weight", new long[]{h});
            f16.accept(b + "attn_q.weight", new long[]{h, q});
            f16.accept(b + "attn_k.weight", new long[]{h, k});
            f16.accept(b + "attn_v.weight", new long[]{h, k});
            f16.accept(b + "attn_output.weight", new long[]{q, h});
            f32.accept(b + "attn_q_norm.weight", new long[]{s.headDim()});
            f32.accept(b + "attn_k_norm.weight", new long[]{s.headDim()});
            f32.accept(b + "ffn_norm.weight", new long[]{h});
            f16.accept(b + "ffn_gate.weight", new long[]{h, s.ffn()});
            f16.accept(b + "ffn_up.weight", new long[]{h, s.ffn()});
            f16.accept(b + "ffn_down.weight", new long[]{s.ffn(), h});
        }
        return out;
    }

    private static Tensor next(String name, long[] dims, int type, long[] offset) {
        Tensor t = new Tensor(name, dims, type, offset[0]);
        offset[0] = align(offset[0] + t.bytes());
        return t;
    }

    private static long align(long n) { return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT; }

    /** xorshift64*: fast, seeded, the same stream on every machine. */
    private static final class Rng {
        private long x;

        Rng(long seed) { x = seed * 0x9E3779B97F4A7C15L + 1; }

        /** Uniform in [-1, 1). */
        float uniform() {
            x ^= x >>> 12;
            x ^= x << 25;
            x ^= x >>> 27;
            long r = x * 0x2545F4914F6CDD1DL;
            return ((r >>> 40) * 0x1.0p-24f) * 2f - 1f;
        }
    }
}
