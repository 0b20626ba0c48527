package io.liveharness.training.trainer;

import io.liveharness.engine.llama.GgufHeader;
import io.liveharness.training.tokenizer.BpeEncoder;
import io.liveharness.training.tokenizer.GgufVocabulary;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trained model moved onto another vocabulary: every tensor but the embeddings is kept, and each
 * token of the new vocabulary starts from the old row of the same bytes, or else from the mean of
 * the old rows its bytes tokenize into. So a model that was trained for hours can go on training
 * with a better tokenizer instead of starting again from random weights.
 */
public final class VocabTransplant {
    /** What moved: how many new tokens found an old one of the same bytes, how many were averaged. */
    public record Result(int vocab, int same, int averaged) { }

    private VocabTransplant() { }

    public static Result write(Path model, Path newVocab, Path out) {
        ModelConfig c = config(model);
        TokenizerMetadata oldTokenizer = TokenizerMetadata.of(model), newTokenizer = TokenizerMetadata.of(newVocab);
        Weights from = GgufImport.read(model, c, oldTokenizer);
        ModelConfig to = ModelConfig.of(newTokenizer.vocabSize(), c.hidden(), c.layers(), c.heads(), c.kvHeads(), c.headDim(),
                c.ffn(), c.context(), c.tied());
        Weights w = Weights.zeros(to);
        for (int i = 0; i < w.all().size(); i++) {
            Tensor t = w.all().get(i);
            if (t != w.tokenEmbd && t != w.output) System.arraycopy(from.all().get(i).data(), 0, t.data(), 0, t.size());
        }
        GgufVocabulary oldVocab = GgufVocabulary.read(model), newV = GgufVocabulary.read(newVocab);
        Map<String, Integer> oldIds = new HashMap<>();
        for (int i = 0; i < oldVocab.bpe().tokens().size(); i++) oldIds.put(latin1(oldVocab.bpe().tokens().get(i)), i);
        oldVocab.specials().forEach((s, id) -> oldIds.put("special:" + s, id));
        BpeEncoder oldEncoder = new BpeEncoder(oldVocab.bpe());
        int same = 0, averaged = 0;
        for (int t = 0; t < newV.size(); t++) {
            String special = special(newV, t);
            List<Integer> rows;
            if (special != null) {
                rows = List.of(oldIds.get("special:" + special));
                same++;
            } else {
                byte[] bytes = newV.bpe().tokens().get(t);
                Integer exact = oldIds.get(latin1(bytes));
                if (exact != null) {
                    rows = List.of(exact);
                    same++;
                } else {
                    rows = oldRows(bytes, oldEncoder);
                    averaged++;
                }
            }
            mean(from.tokenEmbd, rows, w.tokenEmbd, t, c.hidden());
            if (w.output != null) mean(from.output, rows, w.output, t, c.hidden());
        }
        GgufExport.write(w, newTokenizer, GgufHeader.read(model).name(),
                GgufHeader.read(model).string("general.finetune").orElse(null), out);
        return new Result(newV.size(), same, averaged);
    }

    /** The old tokens of these bytes: the old BPE's spelling when they are whole UTF-8, else the bytes one by one. */
    private static List<Integer> oldRows(byte[] bytes, BpeEncoder oldEncoder) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (java.util.Arrays.equals(text.getBytes(StandardCharsets.UTF_8), bytes)) return oldEncoder.encode(text);
        List<Integer> rows = new java.util.ArrayList<>();
        for (byte b : bytes) rows.add(b & 0xFF); // token b is the byte b in every vocabulary this project learns
        return rows;
    }

    private static void mean(Tensor from, List<Integer> rows, Tensor to, int row, int hidden) {
        float[] src = from.data(), dst = to.data();
        for (int r : rows) for (int j = 0; j < hidden; j++) dst[row * hidden + j] += src[r * hidden + j] / rows.size();
    }

    private static String special(GgufVocabulary v, int id) {
        for (var e : v.specials().entrySet()) if (e.getValue() == id) return e.getKey();
        return null;
    }

    /** The shape of a model this trainer exported, from its header; tied when it has no output.weight. */
    static ModelConfig config(Path gguf) {
        GgufHeader h = GgufHeader.read(gguf);
        String a = h.architecture();
        int vocab = TokenizerMetadata.of(gguf).vocabSize();
        ModelConfig tied = ModelConfig.of(vocab, u32(h, a + ".embedding_length"), u32(h, a + ".block_count"),
                u32(h, a + ".attention.head_count"), u32(h, a + ".attention.head_count_kv"), u32(h, a + ".attention.key_length"),
                u32(h, a + ".feed_forward_length"), u32(h, a + ".context_length"), true);
        if (Weights.zeros(tied).all().size() == h.tensorCount()) return tied;
        return ModelConfig.of(vocab, tied.hidden(), tied.layers(), tied.heads(), tied.kvHeads(), tied.headDim(), tied.ffn(),
                tied.context(), false);
    }

    private static int u32(GgufHeader h, String key) {
        Object v = h.metadata().get(key);
        if (!(v instanceof Number n)) throw new IllegalArgumentException(h.file() + ": no " + key);
        return n.intValue();
    }

    private static String latin1(byte[] b) { return new String(b, StandardCharsets.ISO_8859_1); }
}
