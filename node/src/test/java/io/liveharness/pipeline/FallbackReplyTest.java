package io.liveharness.pipeline;

import io.liveharness.harness.Skill;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fallback's words: the catalog's fields in the skill's template, as a viewer would hear them. */
class FallbackReplyTest {
    static final String PRODUCT_QA = "{name}: ¥{price}, 库存{stock}件, 尺码 {sizes}, 颜色 {colors}. {shipping}. 点{actionLinkId}下单哦";
    static final Product EARBUDS = new Product("earbuds-201", "AirLite Pro 降噪蓝牙耳机", "earbuds", 299.0, 120, List.of(),
            List.of("黑色 black", "白色 white"), "ABS shell", "24小时内发货, ships within 24 hours", "1年质保", "link-5", List.of("耳机"));
    static final Product NUTS = new Product("snack-301", "每日坚果礼盒", "snacks", 89.9, 300, List.of(), List.of(), null,
            "48小时内发货; 偏远地区除外", null, "link-9", List.of("坚果"));

    private static Optional<Skill> skill(String fallback) {
        return Optional.of(new Skill("product-qa", "", null, null, Map.of(), List.of(), List.of(), 10, fallback, ""));
    }

    @Test
    void aClauseWhoseFieldTheProductLeavesEmptyIsLeftOutAndAPriceHasNoTrailingZero() {
        assertEquals("AirLite Pro 降噪蓝牙耳机: ¥299, 库存120件, 颜色 黑色 black/白色 white. 24小时内发货, ships within 24 hours. 点link-5下单哦",
                FallbackReply.build(skill(PRODUCT_QA), EARBUDS));
        assertEquals("每日坚果礼盒: ¥89.9, 库存300件, 48小时内发货; 偏远地区除外. 点link-9下单哦", FallbackReply.build(skill(PRODUCT_QA), NUTS),
                "neither sizes nor colours; a field's own commas and semicolons are not the template's clauses");
    }

    @Test
    void aLeftOutLastClauseTakesItsCommaWithIt() {
        assertEquals("每日坚果礼盒: ¥89.9", FallbackReply.build(skill("{name}: ¥{price}, {material}"), NUTS));
        assertEquals("每日坚果礼盒: {unknown}, 库存300件", FallbackReply.build(skill("{name}: {unknown}, 库存{stock}件, {returns}"), NUTS),
                "a field the catalog has no such name for stays as written (the loader refuses it in a harness)");
    }
}
