package io.liveharness.engine;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplyScriptTest {
    private static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    private static boolean open(ReplyScript script, byte[] piece) { return script.allows(ReplyScript.Step.OPENING, piece); }

    @Test
    void aViewerWritesInHanOrInLatinLettersOrInNeither() {
        assertEquals(ReplyScript.HAN, ReplyScript.ofViewer("M码有吗?"));
        assertEquals(ReplyScript.HAN, ReplyScript.ofViewer("hello 主播"));
        assertEquals(ReplyScript.LATIN, ReplyScript.ofViewer("Is shipping to Xinjiang free?"));
        assertEquals(ReplyScript.LATIN, ReplyScript.ofViewer("ok"));
        assertNull(ReplyScript.ofViewer("666"));
        assertNull(ReplyScript.ofViewer("M?"));
        assertNull(ReplyScript.ofViewer(null));
    }

    @Test
    void aLatinReplyDoesNotOpenWithHanNorWithTheFirstBytesOfAHanCharacter() {
        assertFalse(open(ReplyScript.LATIN, utf8("抱歉")));
        assertFalse(open(ReplyScript.LATIN, utf8(" 哈喽")));
        byte[] han = utf8("哈");
        assertFalse(open(ReplyScript.LATIN, Arrays.copyOf(han, 1)), "a byte-level token that starts 哈");
        assertTrue(open(ReplyScript.LATIN, utf8("Yes")));
        assertTrue(open(ReplyScript.LATIN, utf8("¥")));
        assertTrue(open(ReplyScript.LATIN, utf8("，")), "CJK punctuation is no Han character");
        assertTrue(open(ReplyScript.LATIN, utf8("")), "an empty control token (the end) is always allowed");
    }

    @Test
    void aHanReplyDoesNotOpenWithALatinWordButMayWithASizeOrANumber() {
        assertFalse(open(ReplyScript.HAN, utf8("Our")));
        assertFalse(open(ReplyScript.HAN, utf8(" Yes")));
        assertTrue(open(ReplyScript.HAN, utf8("M")), "M码有的哦");
        assertTrue(open(ReplyScript.HAN, utf8("M码")));
        assertTrue(open(ReplyScript.HAN, utf8("159")));
        assertTrue(open(ReplyScript.HAN, utf8("<tool_call>")));
        assertTrue(open(ReplyScript.HAN, utf8("好的")));
    }

    @Test
    void heldToLatinTheOpeningIsDecidedWhenItsFirstWordEndsAndHeldToHanALoneLetterMayBeASize() {
        var opening = ReplyScript.Step.OPENING;
        assertEquals(opening, ReplyScript.LATIN.after(opening, utf8(" ")));
        assertEquals(opening, ReplyScript.LATIN.after(opening, utf8("24")), "24小时 is decided at 小");
        assertNull(ReplyScript.HAN.after(opening, utf8("2")), "20000mAh充电宝: a Latin unit may follow");
        assertEquals(opening, ReplyScript.HAN.after(opening, utf8(" ")));
        var inAWord = ReplyScript.Step.IN_A_WORD;
        assertEquals(inAWord, ReplyScript.LATIN.after(opening, utf8("M")));
        assertEquals(inAWord, ReplyScript.LATIN.after(opening, utf8("20000mAh")));
        assertFalse(ReplyScript.LATIN.allows(inAWord, utf8("快充")), "20000mAh快充充电宝 answers an English question in Chinese");
        assertFalse(ReplyScript.LATIN.allows(inAWord, utf8(" 快充")));
        assertTrue(ReplyScript.LATIN.allows(inAWord, utf8(" fast")));
        assertTrue(ReplyScript.LATIN.allows(inAWord, utf8("ah")));
        assertEquals(inAWord, ReplyScript.LATIN.after(inAWord, utf8("ah")));
        assertNull(ReplyScript.LATIN.after(inAWord, utf8(" fast")), "the word ended at the space");
        assertNull(ReplyScript.LATIN.after(opening, utf8(" hours,")), "a word and its end in one token");
        assertEquals(ReplyScript.Step.AFTER_A_LETTER, ReplyScript.HAN.after(opening, utf8(" O")));
        assertNull(ReplyScript.HAN.after(opening, utf8("M码")));
        assertNull(ReplyScript.HAN.after(ReplyScript.Step.AFTER_A_LETTER, utf8("码")));
        assertTrue(ReplyScript.HAN.allows(ReplyScript.Step.AFTER_A_LETTER, utf8("码")));
        assertTrue(ReplyScript.HAN.allows(ReplyScript.Step.AFTER_A_LETTER, utf8("/L")));
        assertFalse(ReplyScript.HAN.allows(ReplyScript.Step.AFTER_A_LETTER, utf8("ur")), "O, then ur: Our");
    }
}
