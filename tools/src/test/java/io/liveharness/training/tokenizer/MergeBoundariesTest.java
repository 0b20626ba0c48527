package io.liveharness.training.tokenizer;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MergeBoundariesTest {
    @Test
    void eachChineseCharacterIsAPieceWhateverStandsBesideIt() {
        assertEquals(List.of("有", "白", "色", "的", "吗"), MergeBoundaries.pieces("有白色的吗"));
        assertEquals(List.of(" ", "白", "色"), MergeBoundaries.pieces(" 白色"));
        assertEquals(List.of("/", "蓝", "色"), MergeBoundaries.pieces("/蓝色"));
        assertEquals(List.of("有", "S", "码", "吗"), MergeBoundaries.pieces("有S码吗"));
        assertEquals(List.of("点", "link"), MergeBoundaries.pieces("点link"));
        assertEquals(List.of("mixed", "中", "English", "混", "合", "text"), MergeBoundaries.pieces("mixed中English混合text"));
        assertEquals(List.of("日", "本", "語", "と", "カ", "タ"), MergeBoundaries.pieces("日本語とカタ"));
    }

    @Test
    void aLeadingSpaceStaysWithItsWordButAMarkStandsApart() {
        assertEquals(List.of(" white"), MergeBoundaries.pieces(" white"));
        assertEquals(List.of("/", "white"), MergeBoundaries.pieces("/white"));
        assertEquals(List.of("(", "blue"), MergeBoundaries.pieces("(blue"));
        assertEquals(List.of("\t", "tab"), MergeBoundaries.pieces("\ttab"));
    }

    @Test
    void piecesWithoutLettersAreLeftWhole() {
        assertEquals(List.of("!!!"), MergeBoundaries.pieces("!!!"));
        assertEquals(List.of(" ¥"), MergeBoundaries.pieces(" ¥"));
        assertEquals(List.of("\n\n"), MergeBoundaries.pieces("\n\n"));
        assertEquals(List.of(), MergeBoundaries.pieces(""));
    }

    @Test
    void thePiecesSpellThePreTokenBack() {
        for (String s : List.of("有白色的吗", " white", "/white", "mixed中English混合text", " 😀👍🏻", "\u3000ideographic")) {
            assertEquals(s, String.join("", MergeBoundaries.pieces(s)), s);
        }
    }
}
