package io.liveharness.training.trainer;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.RandomModel;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;

/**
 * The tokenizer keys of a trained model, taken from a vocabulary GGUF as a random model takes them
 * ({@link RandomModel#tokenizerKeys}). The model's vocabulary size is the token count that results,
 * so data token ids are checked against it.
 */
public record TokenizerMetadata(Map<String, Value> keys, int vocabSize) {
    public static TokenizerMetadata of(Path vocabFile) {
        try {
            Map<String, Value> keys = RandomModel.tokenizerKeys(GgufFile.readMetadata(vocabFile), vocabFile);
            return new TokenizerMetadata(Collections.unmodifiableMap(keys), keys.get("tokenizer.ggml.tokens").list().size());
        } catch (EngineException e) {
            throw new IllegalArgumentException(e.getMessage(), e); // the trainer reports bad input as one line
        }
    }
}
