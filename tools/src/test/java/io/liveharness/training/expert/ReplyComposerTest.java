package io.liveharness.training.expert;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReplyComposerTest {
    private static final String NUTS = "每日坚果礼盒 30袋 daily mixed nuts gift box (30 packs)";
    private static final String POWER_BANK = "20000mAh 快充充电宝 fast-charge power bank";

    @Test
    void aHostSaysAProductWithoutItsPackCount() {
        assertEquals("每日坚果礼盒", ReplyComposer.spokenName(NUTS, "zh"));
        assertEquals("daily mixed nuts gift box", ReplyComposer.spokenName(NUTS, "en"));
        assertEquals("迷你正山小种红茶", ReplyComposer.spokenName("迷你正山小种红茶 39包 mini Lapsang souchong black tea (39 sachets)", "zh"));
    }

    @Test
    void aNumberThatIsPartOfTheNameStays() {
        assertEquals(Bilingual.part(POWER_BANK, "zh"), ReplyComposer.spokenName(POWER_BANK, "zh"));
        assertEquals("20000mAh fast-charge power bank", ReplyComposer.spokenName(POWER_BANK, "en"));
        assertEquals("30袋", ReplyComposer.spokenName("30袋", "zh"), "a name that is only a count is said whole");
    }
}
