package io.liveharness.training.trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Data files for tests: the echo task (a prompt of random symbols, a separator, the same symbols again, trained on the copy only). */
final class ToyData {
    static final Path GPT2 = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");
    static final int SEPARATOR = 2, FIRST_SYMBOL = 10, SYMBOLS = 20;

    private ToyData() { }

    /** A 300-token vocabulary (306 with the chat tokens) in {@code dir}. */
    static Path vocab(Path dir) {
        Path v = dir.resolve("vocab-300.gguf");
        if (!Files.exists(v)) VocabSubset.write(GPT2, 300, v);
        return v;
    }

    /** {@code count} echo sequences of {@code length} symbols each way. */
    static Path echo(Path file, int count, int length, long seed) throws IOException {
        Rng rng = new Rng(seed);
        List<String> lines = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            int[] symbols = new int[length];
            for (int i = 0; i < length; i++) symbols[i] = FIRST_SYMBOL + rng.below(SYMBOLS);
            StringBuilder tokens = new StringBuilder(), mask = new StringBuilder();
            for (int i = 0; i < length; i++) { tokens.append(symbols[i]).append(','); mask.append("0,"); }
            tokens.append(SEPARATOR);
            mask.append('0');
            for (int i = 0; i < length; i++) { tokens.append(',').append(symbols[i]); mask.append(",1"); }
            lines.add("{\"tokens\":[" + tokens + "],\"mask\":[" + mask + "]}");
        }
        Files.write(file, lines);
        return file;
    }

    /** Settings of a tiny model for {@code data} in {@code out}. */
    static TrainSettings tiny(Path data, Path heldOut, Path vocab, Path out, int steps) {
        return TrainSettings.defaults(data, heldOut, vocab, out)
                .withShape(32, 2, 4, 2, 16, 64, 32, true)
                .withSchedule(16, 1e-2, 1e-3, 10, steps, 0)
                .withRun(1, 2, 10, 50, 0, 60);
    }
}
