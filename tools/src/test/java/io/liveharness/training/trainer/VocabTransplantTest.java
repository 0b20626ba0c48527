package io.liveharness.training.trainer;

import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import io.liveharness.training.tokenizer.BpeEncoder;
import io.liveharness.training.tokenizer.GgufVocabulary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A model of the word-level vocabulary moved onto the committed one (Chinese by character). */
class VocabTransplantTest {
    static final Path WORDS = Path.of("models/vocab/liveharness-bpe-words.gguf"), CHARS = Path.of("models/vocab/liveharness-bpe.gguf");

    @Test
    void everyTensorButTheEmbeddingsIsKeptAndEachTokenStartsFromItsOldSpelling(@TempDir Path dir) {
        ModelConfig c = ModelConfig.of(TokenizerMetadata.of(WORDS).vocabSize(), 16, 2, 2, 1, 8, 24, 64, true);
        Weights old = TinyModels.spread(c, 3);
        Path from = dir.resolve("words.gguf"), to = dir.resolve("chars.gguf");
        GgufExport.write(old, TokenizerMetadata.of(WORDS), "transplant test", "liveharness-avatar", from);

        VocabTransplant.Result r = VocabTransplant.write(from, CHARS, to);

        TokenizerMetadata chars = TokenizerMetadata.of(CHARS);
        ModelConfig moved = ModelConfig.of(chars.vocabSize(), 16, 2, 2, 1, 8, 24, 64, true);
        assertEquals(moved, VocabTransplant.config(to));
        Weights w = GgufImport.read(to, moved, chars); // so `model train --init-from` takes it
        for (int i = 1; i < w.all().size(); i++) {
            assertArrayEquals(old.all().get(i).data(), w.all().get(i).data(), w.all().get(i).name());
        }
        GgufVocabulary oldVocab = GgufVocabulary.read(WORDS), newVocab = GgufVocabulary.read(CHARS);
        Map<String, Integer> oldIds = new HashMap<>();
        for (int i = 0; i < oldVocab.bpe().tokens().size(); i++) oldIds.put(key(oldVocab.bpe().tokens().get(i)), i);
        BpeEncoder oldEncoder = new BpeEncoder(oldVocab.bpe());
        int same = 0, averaged = 0;
        for (int t = 0; t < newVocab.bpe().tokens().size(); t++) {
            byte[] bytes = newVocab.bpe().tokens().get(t);
            Integer exact = oldIds.get(key(bytes));
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (exact == null && !Arrays.equals(text.getBytes(StandardCharsets.UTF_8), bytes)) continue; // part of a character
            List<Integer> rows = exact != null ? List.of(exact) : oldEncoder.encode(text);
            if (exact != null) same++; else averaged++;
            for (int j = 0; j < 16; j++) {
                float mean = 0;
                for (int row : rows) mean += old.tokenEmbd.data()[row * 16 + j] / rows.size();
                assertEquals(mean, w.tokenEmbd.data()[t * 16 + j], 1e-6f, "token " + t + " '" + text + "'");
            }
        }
        assertTrue(same > 2000 && averaged > 500, same + " same, " + averaged + " averaged");
        assertEquals(same, r.same(), "whole tokens of the same bytes, the special ones included, keep their rows");
        int imEnd = newVocab.specials().get("<|im_end|>"), oldImEnd = oldVocab.specials().get("<|im_end|>");
        assertArrayEquals(Arrays.copyOfRange(old.tokenEmbd.data(), oldImEnd * 16, oldImEnd * 16 + 16),
                Arrays.copyOfRange(w.tokenEmbd.data(), imEnd * 16, imEnd * 16 + 16));

        try (LlamaModel m = LlamaModel.load(LlamaLibrary.load(null), to)) {
            assertEquals(List.of("有", "白", "色"), Arrays.stream(m.tokenize("有白色", false, false))
                    .mapToObj(t -> new String(m.piece(t), StandardCharsets.UTF_8)).toList(), "llama.cpp reads the new vocabulary");
        }
    }

    private static String key(byte[] b) { return new String(b, StandardCharsets.ISO_8859_1); }
}
