package io.liveharness.engine.bench;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The slot-batching baseline of {@code bench engine} stays runnable: a tiny random llama model
 * loads in both llama.cpps, and de.kherud:llama's (b4916, in a child JVM) generates on it.
 */
class SlotsBaselineTest {

    private static final Path VOCAB = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    private static Path tinyLlama(Path dir) {
        if (!Files.isRegularFile(VOCAB)) fail("the vocabulary " + VOCAB.toAbsolutePath() + " is missing");
        return RandomLlamaModel.cached(RandomModel.Spec.tiny(), VOCAB, dir);
    }

    @Test
    void deKherudGeneratesOnTheRandomLlamaModelInAChildJvm(@TempDir Path dir) {
        Path model = tinyLlama(dir);
        String prompt = "<|im_start|>user\nViewer 1 asks about returns?<|im_end|>\n<|im_start|>assistant\n";
        SlotsWorker.Measurement m = SlotsBaseline.measure(model, 1, 128, 4, List.of(prompt, prompt), 120);
        assertEquals(8, m.tokens(), "2 slots x 4 tokens, EOS ignored");
        assertTrue(m.seconds() > 0 && m.tokensPerSecond() > 0, "timed: " + m);
        assertTrue(m.sampleText() != null && !m.sampleText().isEmpty(), "a completion text came back: " + m);
    }

    @Test
    void ourLlamaCppLoadsTheSameFile(@TempDir Path dir) {
        Path model = tinyLlama(dir);
        Path lib = LlamaLibrary.resolveDirectory(null);
        if (!Files.isDirectory(lib)) fail("the llama.cpp library directory " + lib + " is missing: run scripts/fetch-llama.sh");
        try (LlamaModel m = LlamaModel.load(LlamaLibrary.load(lib), model)) {
            String text = m.applyChatTemplate(List.of(ChatMessage.user("hi")));
            assertTrue(text.contains("<|im_start|>user"), text);
            assertTrue(m.tokenize(text, true, true).length > 3);
        }
    }
}
