package io.liveharness.room;

import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.RoomStateUpdate.PriceChange;
import io.liveharness.api.RoomStateUpdate.StockChange;
import io.liveharness.router.Intent;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which answers a room state push takes the ground from: the dress room of the committed catalog. */
class StateDependencyTest {
    private static final Catalog CATALOG = Catalog.load(Path.of("catalog/products.yaml"));
    private static final List<Product> ROOM = List.of(CATALOG.find("dress-101").orElseThrow(), CATALOG.find("dress-102").orElseThrow());
    private static final Map<String, Product> BEFORE = byId(ROOM);

    private static Map<String, Product> byId(List<Product> products) {
        Map<String, Product> out = new LinkedHashMap<>();
        products.forEach(p -> out.put(p.id(), p));
        return out;
    }

    private static RoomStateUpdate update(String onStage, List<PriceChange> prices, List<StockChange> stock) {
        return new RoomStateUpdate("dress-room", onStage, prices, stock, null, null, 0);
    }

    private static StateDependency.Grounds grounds(String question, Intent intent) {
        return StateDependency.Grounds.of(question, intent, "dress-101", ROOM);
    }

    @Test
    void aQuestionNamingNoProductRestsOnTheOneOnStage() {
        var g = grounds("这个多少钱?", Intent.PRODUCT_QA);
        assertTrue(g.aboutStage());
        assertEquals(java.util.Set.of("dress-101"), g.productIds());
        assertTrue(StateDependency.withdraws(update("dress-102", null, null), g, BEFORE, "").isPresent(), "the stage changed");
        assertTrue(StateDependency.withdraws(update(null, List.of(new PriceChange("dress-101", 139)), null), g, BEFORE, "")
                .orElseThrow().contains("price of dress-101 changed from 159.0 to 139.0"));
        assertTrue(StateDependency.withdraws(update(null, null, List.of(new StockChange("dress-101", 0))), g, BEFORE, "").isPresent());
        assertTrue(StateDependency.withdraws(update("dress-101", null, null), g, BEFORE, "").isEmpty(), "the same product again is no change");
        assertTrue(StateDependency.withdraws(update(null, List.of(new PriceChange("dress-101", 159.0)), null), g, BEFORE, "").isEmpty(),
                "the same price is no change");
    }

    @Test
    void anAnswerAboutAnotherProductOrSmallTalkIsLeftAlone() {
        var other = grounds("方领那款有M码吗?", Intent.PRODUCT_QA);
        assertEquals(java.util.Set.of("dress-102"), other.productIds());
        var chat = grounds("主播你好呀", Intent.CHITCHAT);
        for (var g : List.of(other, chat)) {
            assertTrue(StateDependency.withdraws(update(null, List.of(new PriceChange("dress-101", 139)), null), g, BEFORE, "").isEmpty(), g.toString());
            assertTrue(StateDependency.withdraws(update(null, null, List.of(new StockChange("dress-101", 3))), g, BEFORE, "").isEmpty(), g.toString());
        }
        assertTrue(StateDependency.withdraws(update("dress-102", null, null), other, BEFORE, "").isEmpty(),
                "it named its product: the stage moving does not change what it means");
        assertTrue(StateDependency.withdraws(update(null, List.of(new PriceChange("dress-102", 199)), null), other, BEFORE, "").isPresent());
    }

    @Test
    void anAnswerThatQuotedTheOldPriceIsWithdrawnWhateverItWasAbout() {
        var chat = grounds("主播你好呀", Intent.CHITCHAT);
        var reason = StateDependency.withdraws(update(null, List.of(new PriceChange("dress-101", 139)), null), chat, BEFORE,
                "你好呀！今天碎花裙只要¥159，");
        assertTrue(reason.orElseThrow().contains("quoted the old one"), reason.toString());
        assertTrue(StateDependency.withdraws(update(null, null, List.of(new StockChange("dress-102", 2))), chat, BEFORE,
                "方领那款还剩8件哦，").isPresent(), "the old stock count was said");
    }
}
