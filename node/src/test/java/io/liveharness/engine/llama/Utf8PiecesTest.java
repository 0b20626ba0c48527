package io.liveharness.engine.llama;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class Utf8PiecesTest {
    @Test
    void aCharacterSplitAcrossPiecesIsHeldUntilItIsWhole() {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8); // e2 82 ac
        var u = new Utf8Pieces();
        assertEquals("a", u.append(new byte[]{'a', euro[0]}));
        assertEquals("", u.append(new byte[]{euro[1]}));
        assertEquals("€b", u.append(new byte[]{euro[2], 'b'}));
        assertEquals("", u.finish());
    }

    @Test
    void anUnfinishedCharacterAtTheEndBecomesAReplacementCharacter() {
        var u = new Utf8Pieces();
        assertEquals("x", u.append(new byte[]{'x', (byte) 0xf0, (byte) 0x9f}));
        assertEquals("\uFFFD", u.finish());
    }

    @Test
    void invalidBytesAreNotHeldBack() {
        var u = new Utf8Pieces();
        assertEquals("\uFFFDa", u.append(new byte[]{(byte) 0xe2, 'a'}));
    }
}
