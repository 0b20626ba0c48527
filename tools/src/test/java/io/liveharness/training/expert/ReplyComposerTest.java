package io.liveharness.training.expert;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReplyComposerTest {

    @Test
    void aHostSaysAProductWithoutItsPackCount() {
        assertEquals("每日坚果礼盒", ReplyComposer.spokenName("每日坚果礼盒 30袋"));
        assertEquals("daily mixed nuts gift box", ReplyComposer.spokenName("daily mixed nuts gift box (30 packs)"));
        assertEquals("迷你正山小种红茶", ReplyComposer.spokenName("迷你正山小种红茶 39包"));
    }

    @Test
    void aNumberThatIsPartOfTheNameStays() {
        assertEquals("20000mAh 快充充电宝", ReplyComposer.spokenName("20000mAh 快充充电宝"));
        assertEquals("20000mAh fast-charge power bank", ReplyComposer.spokenName("20000mAh fast-charge power bank"));
        assertEquals("30袋", ReplyComposer.spokenName("30袋"), "a name that is only a count is said whole");
    }
}
