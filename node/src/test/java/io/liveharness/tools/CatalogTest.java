package io.liveharness.tools;

import io.liveharness.config.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CatalogTest {

    /** Thousands of rooms sell tens of thousands of products: more than SnakeYAML's default 3 MiB of text. */
    @Test
    void aCatalogOfThousandsOfRoomsLoads(@TempDir Path dir) throws IOException {
        StringBuilder yaml = new StringBuilder("products:\n");
        int n = 12_000;
        for (int i = 0; i < n; i++) {
            yaml.append("  - id: sku-").append(i).append("\n")
                .append("    name: {zh: 网红便携大容量快充充电宝 ").append(i).append(", en: trending portable large-capacity fast-charge power bank ").append(i).append("}\n")
                .append("    category: power bank\n    price: 129.9\n    stock: ").append(i % 400).append("\n    sizes: []\n")
                .append("    colors: [{zh: 灰色, en: grey}, {zh: 白色, en: white}, {zh: 黑色, en: black}]\n")
                .append("    material: {zh: \"铝合金外壳; 聚合物锂电芯\", en: \"aluminium case; polymer lithium cells\"}\n")
                .append("    shipping: {zh: 24小时内发货, en: ships within 24 hours}\n")
                .append("    returns: {zh: \"7天无理由退货, 1年质保\", en: \"7-day no-reason returns, 1-year warranty\"}\n")
                .append("    actionLinkId: link-").append(i % 1000).append("\n")
                .append("    keywords: [充电宝, 移动电源, power bank, charger, mAh]\n");
        }
        assertTrue(yaml.codePointCount(0, yaml.length()) > 3 * 1024 * 1024, "the file is larger than the parser's default bound");
        Path file = Files.writeString(dir.resolve("products.yaml"), yaml);
        Catalog catalog = Catalog.load(file);
        assertEquals(n, catalog.size());
        assertEquals(399, catalog.find("sku-11999").orElseThrow().stock());
        assertEquals(n, ((List<?>) Json.YAML.readValue(file.toFile(), Map.class).get("products")).size(), "the plain YAML mapper reads it too");
    }

    private static final String DRESS = """
            products:
              - id: dress-101
                name: {zh: 碎花雪纺连衣裙, en: Floral chiffon dress}
                category: dress
                price: 159.0
                stock: 42
                sizes: [S, M]
                colors: [{zh: 白色, en: white}, {zh: 蓝色, en: blue}]
                material: {zh: 雪纺, en: chiffon}
                shipping: {zh: 48小时内发货, en: ships within 48 hours}
                returns: {zh: 7天无理由退货, en: 7-day no-reason returns}
                actionLinkId: link-1
                keywords: [连衣裙, dress]
              - id: dress-102
                name: {zh: 法式方领泡泡袖连衣裙, en: French puff-sleeve dress}
                category: dress
                price: 219.0
                stock: 8
                colors: [{zh: 米色, en: beige}, {zh: 绿色, en: green}]
                material: {zh: 棉麻, en: cotton-linen blend}
                shipping: {zh: 72小时内发货, en: ships within 72 hours}
                returns: {zh: 7天无理由退货, en: 7-day no-reason returns}
                actionLinkId: link-2
            """;

    @Test
    void eachTextAViewerHearsHasOneFieldPerLanguage(@TempDir Path dir) throws IOException {
        Catalog catalog = Catalog.load(Files.writeString(dir.resolve("products.yaml"), DRESS));
        Product dress = catalog.find("dress-101").orElseThrow();
        assertEquals("Floral chiffon dress", dress.name().in("en"));
        assertEquals("碎花雪纺连衣裙", dress.name().in("zh"));
        assertEquals(List.of("white", "blue"), dress.colorsIn("en"));
        assertEquals("ships within 48 hours", dress.shipping().in("en"));
        assertEquals("{\"zh\":\"雪纺\",\"en\":\"chiffon\"}", Json.MAPPER.valueToTree(dress).get("material").toString(),
                "the product data's JSON (the turn's facts the hooks read) gives each language its own field");
    }

    @Test
    void aTextThatLacksALanguageIsRefusedNamingTheFileTheLineAndTheLanguage(@TempDir Path dir) throws IOException {
        Path noEnglish = Files.writeString(dir.resolve("a.yaml"), DRESS.replace("{zh: 棉麻, en: cotton-linen blend}", "{zh: 棉麻}"));
        var e = assertThrows(IllegalArgumentException.class, () -> Catalog.load(noEnglish));
        assertEquals(noEnglish + ":20: product 'dress-102': material {\"zh\":\"棉麻\"} has no 'en' text", e.getMessage());

        Path blankChinese = Files.writeString(dir.resolve("b.yaml"), DRESS.replace("{zh: 绿色, en: green}", "{zh: '', en: green}"));
        e = assertThrows(IllegalArgumentException.class, () -> Catalog.load(blankChinese));
        assertTrue(e.getMessage().startsWith(blankChinese + ":19: product 'dress-102': colors ") && e.getMessage().endsWith("has no 'zh' text"),
                e.getMessage());

        Path oneString = Files.writeString(dir.resolve("c.yaml"), DRESS.replace("{zh: 碎花雪纺连衣裙, en: Floral chiffon dress}",
                "碎花雪纺连衣裙 Floral chiffon dress"));
        e = assertThrows(IllegalArgumentException.class, () -> Catalog.load(oneString));
        assertTrue(e.getMessage().startsWith(oneString + ":3: product 'dress-101': name \"碎花雪纺连衣裙 Floral chiffon dress\" must give one text per language"),
                "a two-language string is not split to guess its halves: " + e.getMessage());
    }
}
