package io.liveharness.pipeline;

import io.liveharness.room.SpeechTime;
import io.liveharness.config.NodeConfig.SpeechConfig;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmenterTest {

    private static List<String> all(Segmenter s, String... pieces) {
        List<String> out = new ArrayList<>();
        for (String p : pieces) out.addAll(s.push(p));
        out.addAll(s.finish());
        return out;
    }

    private static List<String> charByChar(String text) {
        Segmenter s = new Segmenter(6, 40);
        List<String> out = new ArrayList<>();
        text.codePoints().forEach(cp -> out.addAll(s.push(Character.toString(cp))));
        out.addAll(s.finish());
        return out;
    }

    @Test
    void chineseSplitsAtClausesAndKeepsDecimalPricesWhole() {
        assertEquals(List.of("好的，这条裙子有M码。", "价格是¥159.00，", "库存42件！"),
                charByChar("好的，这条裙子有M码。价格是¥159.00，库存42件！"));
    }

    @Test
    void englishSplitsAtPunctuationButNotInsideNumbersOrLinkIds() {
        assertEquals(List.of("Yes, it is in stock.", "The price is 9.9 dollars,", "see link-1.2 or link-1.", "Thanks!"),
                charByChar("Yes, it is in stock. The price is 9.9 dollars, see link-1.2 or link-1. Thanks!"));
        assertEquals(List.of("It costs 1,299 yuan,", "ok?"), charByChar("It costs 1,299 yuan, ok?"));
    }

    @Test
    void mixedChineseAndEnglish() {
        assertEquals(List.of("这款 earbuds 降噪很好，", "battery lasts 30 hours.", "点link-3下单哦～"),
                charByChar("这款 earbuds 降噪很好，battery lasts 30 hours. 点link-3下单哦～"));
    }

    @Test
    void theFirstSegmentIsGivenAsSoonAsItIsWholeNotAtTheEnd() {
        Segmenter s = new Segmenter(6, 40);
        assertEquals(List.of(), s.push("这条裙子有M码"));
        assertEquals(List.of(), s.push("。"), "a full stop may still be followed by a closing quote");
        assertEquals(List.of("这条裙子有M码。"), s.push("还"));
    }

    @Test
    void aDecimalPointAtTheEndOfAPieceWaitsForTheNextOne() {
        Segmenter s = new Segmenter(6, 40);
        assertEquals(List.of(), s.push("现在只要¥159."));
        assertEquals(List.of("现在只要¥159.00，"), s.push("00，还有"));
        assertEquals(List.of("还有"), s.finish());
    }

    @Test
    void aShortClauseJoinsTheNextButTheLastMayBeShort() {
        assertEquals(List.of("好的，我看看。", "有。"), all(new Segmenter(6, 40), "好的，我看看。有。"));
        assertEquals(List.of("Yes, it is."), all(new Segmenter(6, 40), "Yes, it is."));
    }

    @Test
    void closingQuotesStayWithTheirClause() {
        assertEquals(List.of("她说“这条最好看。”", "然后就下单了。"), charByChar("她说“这条最好看。”然后就下单了。"));
    }

    @Test
    void aLongClauseWithoutPunctuationIsCutAtMaxButNeverInsideAWordOrNumber() {
        String zh = "这条裙子的面料是雪纺的摸起来很舒服夏天穿一点都不热而且颜色也很多有白色蓝色和黑色三种可以选择喜欢的话就快点下单吧";
        List<String> parts = charByChar(zh);
        assertTrue(parts.size() >= 2, parts.toString());
        parts.forEach(p -> assertTrue(Segmenter.visibleLength(p, 0, p.length()) <= 40, p));
        assertEquals(zh, String.join("", parts));

        String en = "this lovely floral chiffon dress costs 159.00 yuan and the lining is soft cotton so it never feels hot in summer";
        List<String> words = charByChar(en);
        assertTrue(words.size() >= 2, words.toString());
        assertEquals(en, String.join(" ", words), "cut only at spaces: " + words);
        words.forEach(p -> assertTrue(Segmenter.visibleLength(p, 0, p.length()) <= 40, p));
    }

    @Test
    void aForcedCutNeverSplitsAWordAtItsApostropheNorLeavesAClausesPunctuationBehind() {
        // wherever maxChars falls, "don't" and "can't" stay whole (TTS said "don" and then "'t")
        for (int k = 0; k < 30; k++) {
            String en = "a".repeat(k + 1) + " the earbuds details don't mention it so we can't promise what isn't written there";
            List<String> parts = charByChar(en);
            assertEquals(en, String.join(" ", parts), "cut only at spaces, offset " + k + ": " + parts);
        }
        // a clause that ends just past maxChars keeps its punctuation (TTS got "; ask me ...")
        for (String end : List.of(";", ",", ".", "!", "，", "”")) {
            List<String> parts = charByChar("Nothing about shelf life in the product details" + end + " ask me anything else");
            parts.forEach(p -> assertFalse(p.startsWith(end), end + " opens a segment: " + parts));
        }
    }

    @Test
    void thinkAndToolMarkupSplitAcrossPiecesNeverReachASegment() {
        List<String> out = all(new Segmenter(6, 40), "<thi", "nk>先想想价格是多少</th", "ink>好的，我帮你查", "一下。<tool_",
                "call>{\"name\": \"product_lookup\", \"argu", "ments\": {\"productId\": \"dress-101\"}}</tool", "_call>有货哦。",
                "< THINK >more secret</ Think >", "<|im_end|>");
        assertEquals(List.of("好的，我帮你查一下。", "有货哦。"), out);
    }

    @Test
    void anUnclosedThinkBlockIsDroppedToTheEnd() {
        assertEquals(List.of("答案是这样的。"), all(new Segmenter(6, 40), "答案是这样的。<think>没有结束的", "思考，还在想"));
    }

    private static final String[] WORDS = {"有M码", "price", "¥159.00", " ", "\n", "<", ">", "/", "think", "tool_call",
            "{\"name\":\"x\"}", "😀", "</", "<t", "hink>", "好", "。", "，", ".", ",", "9.9", "link-1", "!", "?"};
    private static final String[] TAGS = {"<think>", "</think>", "<tool_call>", "</tool_call>", "<THINK>", "< think >",
            "</ tool_call>", "<|im_end|>"};

    /**
     * Property: however the model's output is cut into pieces, the segments are the same, and none
     * holds a tag or anything from inside a well-formed block.
     */
    @RepeatedTest(10)
    void segmentsDoNotDependOnWhereTokensWereCutAndNeverHoldMarkup() {
        Random random = new Random(System.nanoTime());
        for (int n = 0; n < 300; n++) {
            StringBuilder s = new StringBuilder();
            int parts = random.nextInt(16);
            for (int i = 0; i < parts; i++) {
                int r = random.nextInt(10);
                if (r < 2) s.append(TAGS[random.nextInt(TAGS.length)]);
                else if (r < 3) s.append("<think>SECRET").append(random.nextInt(99)).append("</think>");
                else if (r < 4) s.append("<tool_call>SECRET{\"a\":1}</tool_call>");
                else s.append(WORDS[random.nextInt(WORDS.length)]);
            }
            String text = s.toString();
            List<String> whole = all(new Segmenter(6, 40), text);
            List<String> pieces = new ArrayList<>();
            for (int i = 0; i < text.length(); ) {
                int len = 1 + random.nextInt(6);
                int end = Math.min(text.length(), i + len);
                if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) end++;
                pieces.add(text.substring(i, end));
                i = end;
            }
            List<String> streamed = all(new Segmenter(6, 40), pieces.toArray(String[]::new));
            assertEquals(whole, streamed, () -> "cut differently: " + text + " as " + pieces);
            for (String seg : streamed) {
                assertFalse(seg.matches("(?is).*<\\s*/?\\s*(think|tool_call|tool_response)\\s*>.*"), () -> "a tag in " + seg + " from " + text);
                assertFalse(seg.contains("SECRET"), () -> "block content in " + seg + " from " + text);
                assertFalse(seg.contains("<|im_end|>"), seg);
                assertFalse(seg.isBlank());
            }
        }
    }

    @Test
    void speechTimeCountsChineseCharactersAndEnglishWordsAtTheirRates() {
        SpeechConfig rates = new SpeechConfig(4.0, 2.0, null, null);
        // 这条裙子码: 5 characters at 4/s; "159.00" and "M": 2 words at 2/s
        assertEquals(1.25 + 1.0, SpeechTime.seconds("这条裙子¥159.00, M码", rates), 1e-9);
        assertEquals(3 / 2.0, SpeechTime.seconds("see link-1, thanks!", rates), 1e-9);
        assertEquals("Yes, it is. 好的，有货。OK", SpeechTime.join(List.of("Yes, it is.", "好的，有货。", "OK")));
    }
}
