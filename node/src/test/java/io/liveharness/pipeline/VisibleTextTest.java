package io.liveharness.pipeline;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class VisibleTextTest {

    @Test
    void aBrokenCharacterIsNotSpoken() {
        // the avatar model once wrote half a UTF-8 character; the decoder turned it into U+FFFD
        assertEquals("现货42件, 点link-1下单", VisibleText.of("现货42件\uFFFD, 点link-1下单\uFFFD"));
    }

    @Test
    void reasoningAndToolMarkupAreRemoved() {
        assertEquals("有的, M码有货.", VisibleText.of("<think>查一下库存</think>有的, M码有货."));
        assertEquals("好的", VisibleText.of("<tool_call>{\"name\":\"product_lookup\"}</tool_call>好的"));
        assertEquals("答案", VisibleText.of("我先想想</think>答案"));
        assertEquals("开头", VisibleText.of("开头<think>没有结束的思考"));
        assertEquals("hi", VisibleText.of("< THINK >secret</Think >hi"));
        assertEquals("ok", VisibleText.of("ok<|im_end|>"));
    }

    private static final Pattern TAG = Pattern.compile("<\\s*/?\\s*(think|tool_call|tool_response)\\s*>", Pattern.CASE_INSENSITIVE);
    private static final String[] TAGS = {"<think>", "</think>", "<tool_call>", "</tool_call>", "<tool_response>",
            "</tool_response>", "<THINK>", "< think >", "</ tool_call>", "<|im_end|>"};
    private static final String[] WORDS = {"有M码", "price", "¥159", " ", "\n", "<", ">", "/", "think", "tool_call",
            "{\"name\":\"x\"}", "😀", "</", "<t", "hink>", "好"};

    /**
     * Property: whatever the model emits, the visible text never contains a reasoning or tool tag,
     * and never anything that stood inside a well-formed block.
     */
    @RepeatedTest(20)
    void noGeneratedOutputLetsInternalTextThrough() {
        Random random = new Random(System.nanoTime());
        for (int n = 0; n < 500; n++) {
            StringBuilder s = new StringBuilder();
            int parts = random.nextInt(12);
            for (int i = 0; i < parts; i++) {
                int r = random.nextInt(10);
                if (r < 3) s.append(TAGS[random.nextInt(TAGS.length)]);
                else if (r < 4) s.append("<think>SECRET").append(random.nextInt(99)).append("</think>");
                else if (r < 5) s.append("<tool_call>SECRET{\"a\":1}</tool_call>");
                else s.append(WORDS[random.nextInt(WORDS.length)]);
            }
            String visible = VisibleText.of(s.toString());
            assertFalse(TAG.matcher(visible).find(), () -> "a tag in: " + visible + " from " + s);
            assertFalse(visible.contains("SECRET"), () -> "block content in: " + visible + " from " + s);
            assertEquals(visible, VisibleText.of(visible), "cleaning is idempotent");
        }
    }
}
