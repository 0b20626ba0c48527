package io.liveharness.pipeline;

import io.liveharness.tools.Localized;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which product a question is about, for the fallback and for the ids its tool calls may name. */
class LoadedContextTest {
    static final Product EARBUDS = product("earbuds-201", new Localized("AirLite Pro 降噪蓝牙耳机", "AirLite Pro noise-cancelling earbuds"), List.of("耳机", "降噪", "earbuds", "anc"));
    static final Product POWER_BANK = product("powerbank-202", new Localized("20000mAh 快充充电宝", "20000mAh fast-charge power bank"), List.of("充电宝", "power bank", "mAh"));
    static final Product CASE = product("case-203", new Localized("透明手机壳", "clear phone case"), List.of("手机壳", "phone case"));

    private static Product product(String id, Localized name, List<String> keywords) {
        return new Product(id, name, "tech", 99, 1, List.of(), List.of(), null, null, null, "link-" + id, keywords);
    }

    /** The tech room: earbuds on stage, the power bank beside them. */
    private static LoadedContext room(Product onStage) {
        return new LoadedContext(onStage, List.of(EARBUDS, POWER_BANK), List.of(), List.of(), List.of(), List.of());
    }

    @Test
    void aQuestionAboutOneProductMayOnlyLookThatOneUp() {
        assertEquals(List.of("powerbank-202"), room(EARBUDS).callableProductIds("is the power bank in stock"));
        assertEquals(POWER_BANK, room(EARBUDS).about("is the power bank in stock"));
    }

    @Test
    void aQuestionAboutNoneOrTwoAlikeMayLookUpAnyOfTheRoomsAndIsAboutTheOneOnStage() {
        assertEquals(List.of("earbuds-201", "powerbank-202"), room(EARBUDS).callableProductIds("how much is it?"));
        assertEquals(List.of("earbuds-201", "powerbank-202"), room(EARBUDS).callableProductIds("耳机和充电宝哪个好?"));
        assertEquals(EARBUDS, room(EARBUDS).about("耳机和充电宝哪个好?"));
        assertEquals(List.of("earbuds-201", "powerbank-202", "case-203"), room(CASE).callableProductIds("how much is it?"),
                "and the one the state put on stage, though the room's manifest does not list it");
        assertEquals(CASE, room(CASE).about("how much is it?"));
    }
}
