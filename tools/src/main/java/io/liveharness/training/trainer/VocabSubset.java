package io.liveharness.training.trainer;

import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.GgufFile.Value;
import io.liveharness.engine.gguf.GgufWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A vocabulary GGUF holding the first {@code n} tokens of another BPE vocabulary and the merges
 * that stay inside them: small models for tests and benchmarks with a real, loadable tokenizer.
 * Special-token ids that fall outside are dropped (llama.cpp then uses its defaults).
 */
public final class VocabSubset {
    private VocabSubset() { }

    public static void write(Path vocabFile, int n, Path out) {
        Map<String, Value> src = GgufFile.readMetadata(vocabFile);
        List<String> all = src.get("tokenizer.ggml.tokens").list();
        if (n < 1 || n > all.size()) throw new IllegalArgumentException("cannot take " + n + " of " + all.size() + " tokens");
        List<String> tokens = new ArrayList<>(all.subList(0, n));
        Set<String> kept = new HashSet<>(tokens);
        Map<String, Value> kv = new LinkedHashMap<>();
        for (Map.Entry<String, Value> e : src.entrySet()) {
            String key = e.getKey();
            Value v = e.getValue();
            if (!key.startsWith("tokenizer.")) continue;
            if (key.endsWith("_token_id") && ((Number) v.value()).longValue() >= n) continue;
            if (v.type() == GgufFile.ARRAY && v.list().size() == all.size()) {
                v = new Value(GgufFile.ARRAY, v.elementType(), new ArrayList<>(v.list().subList(0, n)));
            } else if (key.equals("tokenizer.ggml.merges")) {
                List<Object> merges = new ArrayList<>();
                for (Object m : v.list()) {
                    String[] parts = ((String) m).split(" ", 2);
                    if (parts.length == 2 && kept.contains(parts[0]) && kept.contains(parts[1]) && kept.contains(parts[0] + parts[1])) {
                        merges.add(m);
                    }
                }
                v = new Value(GgufFile.ARRAY, v.elementType(), merges);
            }
            kv.put(key, v);
        }
        kv.put("tokenizer.ggml.tokens", Value.strings(tokens));
        try {
            GgufWriter.writeFile(out, 0, kv, o -> o.pad(32));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }
}
