package io.liveharness.training.tokenizer;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.gguf.GgufFile;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed vocabulary as llama.cpp sees it, through a tiny random qwen3 model built on it. */
class LearnedVocabularyLlamaTest {
    static final Path VOCAB = TokenizerBuild.DEFAULT_OUT;
    static final List<String> HARD_TEXTS = List.of(
            "包邮吗？这款连衣裙有S码吗", "Is the red one in stock? I'd like 2 of them.", "价格 ¥129.90, 12期免息, 1234567890",
            "😀👍🏻 好看!!! 🇨🇳", "line one\nline two\r\n\n\n  indented\ttab", "   leading and trailing spaces   ",
            "mixed中English混合text", "日本語とカタカナ、한국어", "{\"name\": \"stock_check\", \"arguments\": {\"sku\": \"A-01\"}}",
            "<tool_call>\n{\"name\": \"x\"}\n</tool_call>", "\u00a0non-breaking\u3000ideographic space", "");

    @TempDir
    static Path dir;
    static LlamaModel model;
    static BpeVocabulary learned;

    @BeforeAll
    static void load() {
        model = LlamaModel.load(LlamaLibrary.load(null), RandomModel.cached(RandomModel.Spec.tiny(), VOCAB, dir));
    }

    @AfterAll
    static void free() {
        if (model != null) model.close();
    }

    private static byte[] spelledBack(LlamaModel m, String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int t : m.tokenize(text, false, false)) out.writeBytes(m.piece(t));
        return out.toByteArray();
    }

    @Test
    void llamaCppSpellsEveryCorpusTextBackByteForByte() {
        List<String> texts = new ArrayList<>(HARD_TEXTS);
        TokenizerCorpus.project(Path.of(""), TokenizerCorpus.DEFAULT_VARIANTS).forEach(t -> texts.add(t.text()));
        long tokens = 0, bytes = 0;
        for (String text : texts) {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            byte[] back = spelledBack(model, text);
            assertArrayEquals(utf8, back, () -> "not spelled back: " + text);
            tokens += model.tokenize(text, false, false).length;
            bytes += utf8.length;
        }
        System.out.printf("round-trip: %,d texts, %,d bytes, %,d tokens, %.2f bytes/token%n", texts.size(), bytes, tokens,
                (double) bytes / tokens);
    }

    /**
     * A fact copied from the prompt into a reply must be the same tokens there as here: what the
     * avatar model learns is then a copy, not a link between spellings (see MergeBoundaries).
     */
    @Test
    void llamaCppSpellsAWordByTheSameTokensWhereverItStands() {
        for (String word : List.of("白色", "蓝色", "雪纺", "连衣裙", "新疆", "碎花雪纺连衣裙")) {
            int[] alone = model.tokenize(word, false, false);
            for (String context : List.of("有%s的吗?", " %s", "/%s", "%s/", "颜色有%s哦", "(%s)", "这款%s, ")) {
                int[] in = model.tokenize(context.formatted(word), false, false);
                assertTrue(contains(in, alone), () -> "'" + context.formatted(word) + "' does not spell " + word + " as alone");
            }
        }
        for (String word : List.of("white", "chiffon", "XL")) {
            int[] alone = model.tokenize(word, false, false), spaced = model.tokenize(" " + word, false, false);
            for (String context : List.of("/%s", "(%s", "有%s码", "%s/")) {
                assertTrue(contains(model.tokenize(context.formatted(word), false, false), alone), context.formatted(word));
            }
            for (String context : List.of("colours %s/blue", "in %s.")) {
                assertTrue(contains(model.tokenize(context.formatted(word), false, false), spaced), context.formatted(word));
            }
        }
    }

    private static boolean contains(int[] tokens, int[] part) {
        outer:
        for (int i = 0; i + part.length <= tokens.length; i++) {
            for (int j = 0; j < part.length; j++) if (tokens[i + j] != part[j]) continue outer;
            return true;
        }
        return false;
    }

    @Test
    void theSpecialTokensAreSingleTokensWhenSpecialParsingIsOn() {
        int first = 6000 - SpecialTokens.ALL.size();
        for (int i = 0; i < SpecialTokens.ALL.size(); i++) {
            assertArrayEquals(new int[]{first + i}, model.tokenize(SpecialTokens.ALL.get(i), false, true), SpecialTokens.ALL.get(i));
        }
        int[] chat = model.tokenize("<|im_start|>user\n包邮吗<|im_end|>", false, true);
        assertEquals(first + 1, chat[0]);
        assertEquals(first + 2, chat[chat.length - 1]);
        assertTrue(model.isEndOfGeneration(first + 2), "<|im_end|> ends a reply");
        assertTrue(model.tokenize("<|im_end|>", false, false).length > 1, "with special parsing off it is plain text");
    }

    @Test
    void aRandomModelOnTheVocabularyHasEachSpecialTokenOnceAndSpeaksChatMl() {
        assertEquals(6000, model.vocabSize());
        assertEquals(6000, RandomModel.vocabularySize(GgufFile.readMetadata(VOCAB)));
        assertEquals("<|im_start|>system\nYou sell shoes.<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
                model.applyChatTemplate(List.of(ChatMessage.system("You sell shoes."), ChatMessage.user("hi"))));
    }

    @Test
    void llamaCppTokenizesPlainTextExactlyAsTheJavaEncoderDoes() {
        BpeEncoder encoder = new BpeEncoder(readBack());
        List<String> texts = new ArrayList<>(HARD_TEXTS);
        TokenizerCorpus.project(Path.of(""), 0).forEach(t -> texts.add(t.text()));
        for (String text : texts) {
            if (!text.isEmpty() && !SpecialTokens.segments(text).equals(List.of(text))) continue; // llama.cpp cuts specials out first
            int[] expected = encoder.encode(text).stream().mapToInt(Integer::intValue).toArray();
            assertArrayEquals(expected, model.tokenize(text, false, false), () -> "tokens of: " + text);
        }
    }

    @Test
    void theHarnessSystemPromptCostsFarFewerTokensThanWithStories260KOrGpt2() throws Exception {
        String system = systemPrompt();
        int ours = model.tokenize(system, false, false).length;
        int stories, gpt2;
        LlamaLibrary lib = LlamaLibrary.load(null);
        try (LlamaModel m = LlamaModel.load(lib, Path.of("models/stories260K.gguf"))) {
            stories = m.tokenize(system, false, false).length;
        }
        try (LlamaModel m = LlamaModel.load(lib, RandomModel.cached(RandomModel.Spec.tiny(), Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir))) {
            gpt2 = m.tokenize(system, false, false).length;
            System.out.println("held out, GPT-2 vocab: " + heldOut(m));
        }
        System.out.printf("system prompt (%,d bytes): liveharness-bpe %,d tokens, stories260K %,d, GPT-2 %,d%n",
                system.getBytes(StandardCharsets.UTF_8).length, ours, stories, gpt2);
        System.out.println("held out, liveharness-bpe: " + heldOut(model));
        assertTrue(stories > 2000, "stories260K spells it nearly byte by byte: " + stories);
        assertTrue(ours < 1000, "ours: " + ours);
    }

    /** Bytes per token on data/router/test.jsonl (never in the corpus), Chinese and English apart. */
    private static String heldOut(LlamaModel m) {
        long[] zh = new long[2], en = new long[2];
        for (TokenizerCorpus.Text t : TokenizerCorpus.file(Path.of("data/router/test.jsonl"))) {
            long[] acc = Compression.hasChinese(t.text()) ? zh : en;
            acc[0] += t.text().getBytes(StandardCharsets.UTF_8).length;
            acc[1] += m.tokenize(t.text(), false, false).length;
        }
        return String.format("Chinese %.2f bytes/token, English %.2f bytes/token", (double) zh[0] / zh[1], (double) en[0] / en[1]);
    }

    private static String systemPrompt() throws Exception {
        Path caseFile;
        try (Stream<Path> cases = Files.list(Path.of("eval/runs/demo-stories260K/cases"))) {
            caseFile = cases.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
        }
        var messages = new ObjectMapper().readTree(caseFile.toFile()).path("transcript").path("modelCalls").get(0).path("messages");
        assertEquals("system", messages.get(0).path("role").asText());
        return messages.get(0).path("content").asText();
    }

    /** The BPE as the GGUF stores it: tokens by spelling, merges by rank. */
    private static BpeVocabulary readBack() {
        var kv = GgufFile.readMetadata(VOCAB);
        List<String> spelled = kv.get("tokenizer.ggml.tokens").list();
        List<String> mergeTexts = kv.get("tokenizer.ggml.merges").list();
        int n = spelled.size() - SpecialTokens.ALL.size();
        var ids = new java.util.HashMap<String, Integer>();
        List<byte[]> tokens = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.put(spelled.get(i), i);
            tokens.add(unspell(spelled.get(i)));
        }
        List<BpeVocabulary.Merge> merges = new ArrayList<>();
        for (String m : mergeTexts) {
            String[] lr = m.split(" ");
            merges.add(new BpeVocabulary.Merge(ids.get(lr[0]), ids.get(lr[1]), ids.get(lr[0] + lr[1])));
        }
        return new BpeVocabulary(tokens, merges, 0, 0);
    }

    private static byte[] unspell(String s) {
        byte[] out = new byte[s.length()];
        for (int i = 0; i < s.length(); i++) {
            for (int b = 0; b < 256; b++) if (ByteSymbols.symbol(b) == s.charAt(i)) out[i] = (byte) b;
        }
        return out;
    }
}
