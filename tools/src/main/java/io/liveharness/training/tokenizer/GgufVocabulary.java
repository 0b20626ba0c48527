package io.liveharness.training.tokenizer;

import io.liveharness.engine.gguf.GgufFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A byte-level BPE vocabulary read back from a GGUF (a vocab file or a model): the learned tokens
 * and merges, and the ids of the special tokens, so training text is tokenized in Java exactly as
 * llama.cpp tokenizes it when it serves the model.
 */
public record GgufVocabulary(BpeVocabulary bpe, Map<String, Integer> specials, int size) {

    public static GgufVocabulary read(Path gguf) {
        var kv = GgufFile.readMetadata(gguf);
        @SuppressWarnings("unchecked") List<String> tokens = (List<String>) kv.get("tokenizer.ggml.tokens").value();
        @SuppressWarnings("unchecked") List<String> merges = (List<String>) kv.get("tokenizer.ggml.merges").value();
        Map<String, Integer> id = new HashMap<>();
        Map<String, Integer> specials = new HashMap<>();
        List<byte[]> bytes = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (SpecialTokens.ALL.contains(t)) {
                specials.put(t, i);
                bytes.add(t.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } else {
                id.put(t, i);
                bytes.add(ByteSymbols.unspell(t));
            }
        }
        List<BpeVocabulary.Merge> ms = new ArrayList<>();
        for (String m : merges) {
            int space = m.indexOf(' ');
            String a = m.substring(0, space), b = m.substring(space + 1);
            Integer l = id.get(a), r = id.get(b), res = id.get(a + b);
            if (l == null || r == null || res == null) throw new IllegalArgumentException(gguf + ": merge '" + m + "' names a token the vocabulary lacks");
            ms.add(new BpeVocabulary.Merge(l, r, res));
        }
        for (int b = 0; b < 256; b++) {
            // the encoder starts every word from token id = byte value, as the learner lays them out
            if (bytes.size() <= b || bytes.get(b).length != 1 || (bytes.get(b)[0] & 0xFF) != b) {
                throw new IllegalArgumentException(gguf + ": token " + b + " is not the byte " + b + "; not a vocabulary this project learned");
            }
        }
        for (String s : SpecialTokens.ALL) {
            if (!specials.containsKey(s)) throw new IllegalArgumentException(gguf + ": special token " + s + " is missing");
        }
        return new GgufVocabulary(new BpeVocabulary(bytes, ms, 0, 0), Map.copyOf(specials), tokens.size());
    }
}
