package io.liveharness.pipeline;

import io.liveharness.harness.Skill;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fallback's words: the catalog's fields in the skill's template, in the viewer's language, as a viewer would hear them. */
class FallbackReplyTest {
    static final String PRODUCT_QA = "{name}: ¥{price}, 库存{stock}件, 尺码 {sizes}, 颜色 {colors}. {shipping}. 点{actionLinkId}下单哦";
    static final String PRODUCT_QA_EN = "{name}: ¥{price}, {stock} in stock, colours {colors}. {shipping}. Tap {actionLinkId} to order";
    static final Product EARBUDS = new Product("earbuds-201", "AirLite Pro 降噪蓝牙耳机 noise-cancelling earbuds", "earbuds", 299.0, 120, List.of(),
            List.of("黑色 black", "白色 white"), "ABS shell", "24小时内发货, ships within 24 hours", "1年质保", "link-5", List.of("耳机"));
    static final Product NUTS = new Product("snack-301", "每日坚果礼盒", "snacks", 89.9, 300, List.of(), List.of(), null,
            "48小时内发货; 偏远地区除外", null, "link-9", List.of("坚果"));

    private static Optional<Skill> skill(String fallback) {
        return Optional.of(new Skill("product-qa", "", null, null, Map.of(), List.of(), List.of(), 10, fallback, ""));
    }

    private static Optional<Skill> skill(String fallback, String fallbackEn) {
        return Optional.of(new Skill("product-qa", "", null, null, Map.of(Skill.fallbackKey("en"), fallbackEn), List.of(), List.of(), 10,
                fallback, ""));
    }

    private static String zh(Optional<Skill> skill, Product p) { return FallbackReply.build(skill, p, "多少钱?", "zh"); }

    @Test
    void aClauseWhoseFieldTheProductLeavesEmptyIsLeftOutAndAPriceHasNoTrailingZero() {
        assertEquals("AirLite Pro 降噪蓝牙耳机: ¥299, 库存120件, 颜色 黑色/白色. 24小时内发货, ships within 24 hours. 点link-5下单哦",
                zh(skill(PRODUCT_QA), EARBUDS));
        assertEquals("每日坚果礼盒: ¥89.9, 库存300件, 48小时内发货; 偏远地区除外. 点link-9下单哦", zh(skill(PRODUCT_QA), NUTS),
                "neither sizes nor colours; a field's own commas and semicolons are not the template's clauses");
    }

    @Test
    void aLeftOutLastClauseTakesItsCommaWithIt() {
        assertEquals("每日坚果礼盒: ¥89.9", zh(skill("{name}: ¥{price}, {material}"), NUTS));
        assertEquals("每日坚果礼盒: {unknown}, 库存300件", zh(skill("{name}: {unknown}, 库存{stock}件, {returns}"), NUTS),
                "a field the catalog has no such name for stays as written (the loader refuses it in a harness)");
    }

    @Test
    void anEnglishViewerHearsTheEnglishTemplateAndTheCatalogsEnglishNameAndColours() {
        assertEquals("AirLite Pro noise-cancelling earbuds: ¥299, 120 in stock, colours black/white. 24小时内发货, ships within 24 hours. "
                + "Tap link-5 to order", FallbackReply.build(skill(PRODUCT_QA, PRODUCT_QA_EN), EARBUDS, "what colours?", "zh"),
                "the shipping clause stays as the catalog writes it: which clause translates which is not told");
        assertEquals("AirLite Pro 降噪蓝牙耳机: ¥299, 库存120件, 颜色 黑色/白色. 24小时内发货, ships within 24 hours. 点link-5下单哦",
                FallbackReply.build(skill(PRODUCT_QA, PRODUCT_QA_EN), EARBUDS, "有白色吗?", "en"), "a Chinese question in an English room");
        assertEquals("AirLite Pro noise-cancelling earbuds: ¥299, 库存120件, 颜色 black/white. 24小时内发货, ships within 24 hours. 点link-5下单哦",
                FallbackReply.build(skill(PRODUCT_QA), EARBUDS, "what colours?", "zh"), "a skill with no English template: its own, the values in English");
        assertEquals("The host will answer you in a moment!", FallbackReply.build(skill(PRODUCT_QA), null, "hello?", "zh"));
    }

    @Test
    void theLanguageIsTheMessagesScriptElseTheRooms() {
        assertEquals("zh", FallbackReply.language("M码有吗", "en"));
        assertEquals("en", FallbackReply.language("size M?", "zh"));
        assertEquals("en", FallbackReply.language("??? 👍 123", "en"));
        assertEquals("zh", FallbackReply.language("??? 👍 123", "zh"));
    }

    @Test
    void aValueIsCutToOneLanguageOnlyWhenEnglishWordsFollowItsChinese() {
        assertEquals("每日坚果礼盒 30袋", FallbackReply.inLanguage("每日坚果礼盒 30袋 daily mixed nuts gift box (30 packs)", "zh"));
        assertEquals("daily mixed nuts gift box (30 packs)", FallbackReply.inLanguage("每日坚果礼盒 30袋 daily mixed nuts gift box (30 packs)", "en"));
        assertEquals("20000mAh fast-charge power bank", FallbackReply.inLanguage("20000mAh 快充充电宝 fast-charge power bank", "en"));
        assertEquals("20000mAh 快充充电宝", FallbackReply.inLanguage("20000mAh 快充充电宝 fast-charge power bank", "zh"));
        assertEquals("灰色", FallbackReply.inLanguage("灰色", "en"), "nothing to say it with in English: as the catalog writes it");
        assertEquals("ABS shell", FallbackReply.inLanguage("ABS shell", "zh"));
        assertEquals("白色 white", FallbackReply.inLanguage("白色 white", "ja"), "a language the catalog does not write: as it is");
    }
}
