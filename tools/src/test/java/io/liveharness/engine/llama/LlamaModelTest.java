package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.gguf.RandomModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlamaModelTest {
    private static LlamaModel model;

    @BeforeAll
    static void load() {
        model = LlamaModel.load(LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir()), LlamaTestSupport.model());
    }

    @AfterAll
    static void free() {
        if (model != null) model.close();
    }

    @Test
    void narrowHeadsTurnFlashAttentionOffAndWideOnesLeaveItToLlamaCpp(@TempDir Path dir) {
        assertEquals(8, model.header().attentionHeadWidth(), "stories260K: 64 wide over 8 heads");
        assertEquals(LlamaContext.FLASH_ATTN_DISABLED, LlamaContext.flashAttention(model));
        // key_length wins over embedding_length / head_count (Qwen3's heads are wider than that)
        Path file = RandomModel.cached(new RandomModel.Spec("qwen3", 64, 1, 128, 4, 2, 64, 2048, true, 7),
                Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir);
        try (LlamaModel wide = LlamaModel.load(LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir()), file)) {
            assertEquals(64, wide.header().attentionHeadWidth());
            assertEquals(LlamaContext.FLASH_ATTN_AUTO, LlamaContext.flashAttention(wide));
        }
    }

    @Test
    void tokenizingWithSpecialTokensAddsBosFirst() {
        int[] tokens = model.tokenize("Once upon a time", true, true);
        assertEquals(1, tokens[0], "BOS is token 1 in this vocabulary");
        assertArrayEquals(new int[]{403, 407, 261, 378}, java.util.Arrays.copyOfRange(tokens, 1, tokens.length));
        assertEquals(4, model.tokenize("Once upon a time", false, true).length);
    }

    @Test
    void aLongTextIsTokenizedWhole() {
        String text = "Lily saw a big red ball in the park. ".repeat(400);
        int[] tokens = model.tokenize(text, false, false);
        assertTrue(tokens.length > 2000, "tokens: " + tokens.length);
    }

    @Test
    void piecesOfTheTokensSpellTheTextBack() {
        String text = "She loved to play outside.";
        StringBuilder back = new StringBuilder();
        for (int t : model.tokenize(text, false, false)) back.append(new String(model.piece(t), StandardCharsets.UTF_8));
        assertEquals(" " + text, back.toString(), "the llama tokenizer adds a leading space");
    }

    @Test
    void charactersSpelledOverSeveralByteTokensComeOutWhole() {
        int[] tokens = model.tokenize("日本 😀", false, false);
        assertTrue(tokens.length > 4, "this small vocabulary spells CJK and emoji byte by byte");
        var utf8 = new Utf8Pieces();
        StringBuilder text = new StringBuilder();
        for (int t : tokens) {
            String piece = utf8.append(model.piece(t));
            assertFalse(piece.contains("\uFFFD"), "no broken character in piece '" + piece + "'");
            text.append(piece);
        }
        text.append(utf8.finish());
        assertEquals(" 日本 😀", text.toString());
    }

    @Test
    void eosEndsGenerationAndBosDoesNot() {
        assertTrue(model.isEndOfGeneration(2));
        assertFalse(model.isEndOfGeneration(1));
        assertFalse(model.isEndOfGeneration(403));
    }

    @Test
    void stories260KHasNoChatTemplateSoChatsUseThePlainFallback() {
        assertNull(model.chatTemplate());
        String prompt = model.applyChatTemplate(List.of(ChatMessage.system("Be kind."), ChatMessage.user("Hi")));
        assertEquals("System: Be kind.\nUser: Hi\nAssistant:", prompt);
    }

    @Test
    void theModelReportsItsSizeAndTrainingContext() {
        assertEquals(292_800, model.parameterCount());
        assertEquals(512, model.vocabSize());
        assertEquals(2048, model.trainingContext());
    }
}
