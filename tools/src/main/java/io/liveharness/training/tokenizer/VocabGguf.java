package io.liveharness.training.tokenizer;

import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.GgufWriter;
import io.liveharness.engine.gguf.RandomModel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a learned vocabulary as a vocab-only GGUF shaped like llama.cpp's ggml-vocab-*.gguf:
 * a "gpt2" (byte-level BPE) tokenizer with the "qwen2" pre-tokenizer, the special tokens after the
 * learned ones, ChatML ids (EOS = &lt;|im_end|&gt;, no BOS added) and the ChatML template, so
 * llama.cpp recognises the chat format. No tensors: {@code model random --vocab} puts weights on it.
 */
public final class VocabGguf {
    public static final String NAME = "liveharness-bpe";

    private VocabGguf() { }

    public static Map<String, Value> metadata(BpeVocabulary vocab) {
        List<String> tokens = new ArrayList<>();
        List<Integer> types = new ArrayList<>();
        for (byte[] t : vocab.tokens()) {
            tokens.add(ByteSymbols.spell(t));
            types.add(SpecialTokens.NORMAL);
        }
        int first = tokens.size();
        for (String s : SpecialTokens.ALL) {
            tokens.add(s);
            types.add(SpecialTokens.type(s));
        }
        List<String> merges = new ArrayList<>();
        for (BpeVocabulary.Merge m : vocab.merges()) merges.add(vocab.mergeText(m));
        int endOfText = first + SpecialTokens.ALL.indexOf(SpecialTokens.END_OF_TEXT);
        int imEnd = first + SpecialTokens.ALL.indexOf(SpecialTokens.IM_END);

        Map<String, Value> kv = new LinkedHashMap<>();
        kv.put("general.architecture", Value.string("qwen3"));
        kv.put("general.name", Value.string(NAME));
        kv.put("tokenizer.ggml.model", Value.string("gpt2"));
        kv.put("tokenizer.ggml.pre", Value.string("qwen2"));
        kv.put("tokenizer.ggml.tokens", Value.strings(tokens));
        kv.put("tokenizer.ggml.token_type", Value.ints(types));
        kv.put("tokenizer.ggml.merges", Value.strings(merges));
        kv.put("tokenizer.ggml.bos_token_id", Value.u32(endOfText));
        kv.put("tokenizer.ggml.eos_token_id", Value.u32(imEnd));
        kv.put("tokenizer.ggml.eot_token_id", Value.u32(imEnd));
        kv.put("tokenizer.ggml.padding_token_id", Value.u32(endOfText));
        kv.put("tokenizer.ggml.add_bos_token", Value.bool(false));
        kv.put("tokenizer.chat_template", Value.string(RandomModel.CHAT_TEMPLATE));
        return kv;
    }

    public static void write(BpeVocabulary vocab, java.nio.file.Path out) throws IOException {
        GgufWriter.writeFile(out, 0, metadata(vocab), o -> { });
    }
}
