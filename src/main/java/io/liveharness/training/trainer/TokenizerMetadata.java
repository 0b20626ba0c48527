package io.liveharness.training.trainer;

import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tokenizer keys of a trained model, taken from a vocabulary GGUF the way {@link RandomModel}
 * takes them: every {@code tokenizer.*} key, the Qwen chat tokens appended when the vocabulary
 * lacks them, {@code <|im_end|>} as end of turn, no BOS, the ChatML template. The model's vocabulary
 * size is the token count that results, so data token ids are checked against it.
 */
public record TokenizerMetadata(Map<String, Value> keys, int vocabSize) {
    private static final int TYPE_NORMAL = 1, TYPE_CONTROL = 3, TYPE_USER_DEFINED = 4;

    public static TokenizerMetadata of(Path vocabFile) {
        Map<String, Value> vocab = GgufFile.readMetadata(vocabFile);
        Value tokensValue = vocab.get("tokenizer.ggml.tokens");
        if (tokensValue == null || !vocab.containsKey("tokenizer.ggml.model")) {
            throw new IllegalArgumentException(vocabFile + " has no tokenizer (tokenizer.ggml.model and tokenizer.ggml.tokens)");
        }
        List<String> tokens = new ArrayList<>(tokensValue.list());
        List<Integer> types = vocab.containsKey("tokenizer.ggml.token_type")
                ? new ArrayList<>(vocab.get("tokenizer.ggml.token_type").list())
                : new ArrayList<>(Collections.nCopies(tokens.size(), TYPE_NORMAL));
        List<Float> scores = vocab.containsKey("tokenizer.ggml.scores")
                ? new ArrayList<>(vocab.get("tokenizer.ggml.scores").list()) : null;
        int ownTokens = tokens.size();
        for (String special : RandomModel.SPECIAL_TOKENS) {
            if (tokens.contains(special)) continue; // a learned vocabulary may carry them already
            tokens.add(special);
            types.add(special.startsWith("<|") ? TYPE_CONTROL : TYPE_USER_DEFINED);
            if (scores != null) scores.add(0f);
        }
        Map<String, Value> kv = new LinkedHashMap<>();
        for (Map.Entry<String, Value> e : vocab.entrySet()) {
            if (e.getKey().startsWith("tokenizer.") && !e.getKey().equals("tokenizer.chat_template")) kv.put(e.getKey(), e.getValue());
        }
        kv.put("tokenizer.ggml.tokens", Value.strings(tokens));
        kv.put("tokenizer.ggml.token_type", Value.ints(types));
        if (scores != null) kv.put("tokenizer.ggml.scores", Value.floats(scores));
        int imEnd = tokens.indexOf("<|im_end|>");
        kv.put("tokenizer.ggml.eos_token_id", Value.u32(imEnd));
        kv.put("tokenizer.ggml.eot_token_id", Value.u32(imEnd));
        if (!kv.containsKey("tokenizer.ggml.padding_token_id")) kv.put("tokenizer.ggml.padding_token_id", Value.u32(ownTokens - 1));
        kv.put("tokenizer.ggml.add_bos_token", Value.bool(false)); // Qwen adds no BOS
        kv.put("tokenizer.chat_template", Value.string(RandomModel.CHAT_TEMPLATE));
        return new TokenizerMetadata(Collections.unmodifiableMap(kv), tokens.size());
    }
}
