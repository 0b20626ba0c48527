package io.liveharness.engine.gguf;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.llama.LlamaBackend;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import io.liveharness.engine.llama.LlamaOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomModelTest {
    static final Path VOCAB = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    @TempDir
    Path dir;

    @Test
    void theSameSpecWritesTheSameBytes() throws Exception {
        Path a = dir.resolve("a.gguf"), b = dir.resolve("b.gguf");
        RandomModel.write(RandomModel.Spec.tiny(), VOCAB, a);
        RandomModel.write(RandomModel.Spec.tiny(), VOCAB, b);
        assertEquals(-1, Files.mismatch(a, b));
    }

    @Test
    void llamaCppLoadsARandomQwen3AsQwen3WithTheChatTokensAndTemplate() {
        Path file = RandomModel.cached(RandomModel.Spec.tiny(), VOCAB, dir);
        LlamaLibrary lib = LlamaLibrary.load(null);
        try (LlamaModel model = LlamaModel.load(lib, file)) {
            assertEquals("qwen3", model.header().architecture());
            assertEquals(50257 + RandomModel.SPECIAL_TOKENS.size(), model.vocabSize());
            assertEquals(RandomModel.Spec.tiny().parameters(model.vocabSize()), model.parameterCount());
            int[] imStart = model.tokenize("<|im_start|>", false, true);
            assertArrayEquals(new int[]{50257}, imStart, "<|im_start|> is one control token");
            assertTrue(model.isEndOfGeneration(50258), "<|im_end|> ends a reply");
            String prompt = model.applyChatTemplate(List.of(ChatMessage.system("You sell shoes."), ChatMessage.user("hi")));
            assertEquals("<|im_start|>system\nYou sell shoes.<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n", prompt);
        }
    }

    @Test
    void aRandomQwen3GeneratesTheRequestedNumberOfTokens() {
        Path file = RandomModel.cached(RandomModel.Spec.tiny(), VOCAB, dir);
        try (LlamaBackend backend = LlamaBackend.open(LlamaOptions.of(file).withThreads(1).withContextSize(512))) {
            var c = backend.complete(CompletionRequest.chat("room", List.of(ChatMessage.user("how much are the red ones?")),
                    SamplingParams.GREEDY, 12, Long.MAX_VALUE), TokenSink.NONE).join();
            assertTrue(c.completionTokens() > 0 && c.completionTokens() <= 12, "generated " + c.completionTokens());
        }
    }
}
