package io.liveharness.training.tokenizer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BpeLearnerTest {

    private static WordCounts counts(String... texts) {
        WordCounts c = new WordCounts();
        for (String t : texts) c.add(t);
        return c;
    }

    private static List<String> firstMerges(BpeVocabulary v, int n) {
        return v.merges().stream().limit(n).map(v::mergeText).toList();
    }

    @Test
    void theMostFrequentPairIsMergedFirstAndCountsFollowEachMerge() {
        // " hug" x10, " pug" x5, " pun" x12, " bun" x4, " hugs" x5: "u g" 20, then "Ġ p" 17, then "u n" 16
        String text = " hug".repeat(10) + " pug".repeat(5) + " pun".repeat(12) + " bun".repeat(4) + " hugs".repeat(5);
        long t0 = System.nanoTime();
        BpeVocabulary v = BpeLearner.learn(counts(text), 256 + 5, s -> { });
        assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "a tiny learn takes well under seconds");
        assertEquals(List.of("u g", "Ġ p", "u n", "Ġ h", "Ġh ug"), firstMerges(v, 5),
                "the tie of Ġ h and h ug (15 each) goes to the lower token ids, and Ġh then takes ug");
    }

    @Test
    void chineseCharactersAndDigitsNeverMergeWithEachOther() {
        BpeVocabulary v = BpeLearner.learn(counts("包邮吗？包邮吗？包邮 123 123 123 456"), 300, s -> { });
        List<String> spelled = v.tokens().stream().map(b -> new String(b, java.nio.charset.StandardCharsets.UTF_8)).toList();
        assertTrue(spelled.containsAll(List.of("包", "邮")), "each character is one token: " + spelled.subList(256, spelled.size()));
        assertTrue(spelled.stream().noneMatch(t -> t.codePoints().filter(MergeBoundaries::isCjk).count() > 1),
                "no token holds two characters: " + spelled.subList(256, spelled.size()));
        assertTrue(spelled.stream().noneMatch(t -> t.matches(".*\\d\\d.*")), "the qwen2 split keeps digits one by one");
    }

    @Test
    void aWordIsSpelledByTheSameTokensWhereverItStands() {
        String corpus = "有白色的吗? 有白色的哦, 颜色有 白色 white/蓝色 blue. 白色有的, colours white/blue, in white ".repeat(20);
        BpeEncoder encoder = new BpeEncoder(BpeLearner.learn(counts(corpus), 400, s -> { }));
        List<Integer> white = encoder.encode("白色");
        for (String context : List.of("有白色的吗", " 白色", "/白色", "白色有的", "颜色有白色")) {
            assertTrue(java.util.Collections.indexOfSubList(encoder.encode(context), white) >= 0, context + " spells 白色 as " + white);
        }
        List<Integer> english = encoder.encode("white");
        for (String context : List.of("/white", "(white", "有white")) {
            assertTrue(java.util.Collections.indexOfSubList(encoder.encode(context), english) >= 0, context + " spells white as " + english);
        }
    }

    @Test
    void aPairSeenOnceIsNotMerged() {
        BpeVocabulary v = BpeLearner.learn(counts("xy"), 1000, s -> { });
        assertEquals(0, v.merges().size());
        assertEquals(256, v.tokens().size());
    }

    @Test
    void theSameCorpusAndSettingsWriteTheSameBytes(@TempDir Path dir) throws Exception {
        var settings = new TokenizerBuild.Settings(Path.of(""), 1500, List.of(), 2, dir.resolve("a.gguf"));
        TokenizerBuild.run(settings, s -> { });
        TokenizerBuild.run(new TokenizerBuild.Settings(Path.of(""), 1500, List.of(), 2, dir.resolve("b.gguf")), s -> { });
        assertEquals(-1, Files.mismatch(dir.resolve("a.gguf"), dir.resolve("b.gguf")));
    }

    @Test
    void theEncoderSpellsEveryTextBackByteForByte() {
        String corpus = "Free shipping? 包邮吗？ price 99.9元 😀\n\n  tabs\tand\r\nCRLF";
        BpeVocabulary v = BpeLearner.learn(counts(corpus, corpus), 400, s -> { });
        BpeEncoder e = new BpeEncoder(v);
        var out = new java.io.ByteArrayOutputStream();
        for (int t : e.encode(corpus)) out.writeBytes(v.tokens().get(t));
        assertEquals(corpus, out.toString(java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(e.count(corpus) < corpus.getBytes(java.nio.charset.StandardCharsets.UTF_8).length / 2);
    }
}
