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
import static org.junit.jupiter.api.Assertions.assertTrue;

class CatalogTest {

    /** Thousands of rooms sell tens of thousands of products: more than SnakeYAML's default 3 MiB of text. */
    @Test
    void aCatalogOfThousandsOfRoomsLoads(@TempDir Path dir) throws IOException {
        StringBuilder yaml = new StringBuilder("products:\n");
        int n = 12_000;
        for (int i = 0; i < n; i++) {
            yaml.append("  - id: sku-").append(i).append("\n")
                .append("    name: 网红便携大容量快充充电宝 trending portable large-capacity fast-charge power bank ").append(i).append("\n")
                .append("    category: power bank\n    price: 129.9\n    stock: ").append(i % 400).append("\n    sizes: []\n")
                .append("    colors: [灰色 grey, 白色 white, 黑色 black]\n")
                .append("    material: aluminium case, 铝合金外壳; polymer lithium cells 聚合物锂电芯\n")
                .append("    shipping: 24小时内发货, ships within 24 hours\n")
                .append("    returns: 7天无理由退货, 1年质保 1-year warranty\n")
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
}
