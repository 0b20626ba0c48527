package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.config.Json;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code logistics_info} says of the region a viewer names, in their words, from the shop's regions. */
class LogisticsInfoToolTest {
    private static final LogisticsInfoTool TOOL = new LogisticsInfoTool(Catalog.load(Path.of("catalog/products.yaml")),
            Policies.load(Path.of("catalog/policies.yaml")));

    private static JsonNode ask(String region) throws Exception {
        ToolResult r = TOOL.call(new ToolCall("dress-room", LogisticsInfoTool.NAME,
                Json.MAPPER.createObjectNode().put("productId", "dress-101").put("region", region).toString()));
        assertTrue(r.ok(), r.toString());
        return Json.MAPPER.readTree(r.contentJson());
    }

    @Test
    void aRemoteRegionIsKnownByItsCitiesAndSpellingsInEitherLanguageAndAnyCase() throws Exception {
        for (String[] said : new String[][] {{"乌鲁木齐", "新疆"}, {"xinjiang", "新疆"}, {"XINJIANG", "新疆"}, {"Urumqi", "新疆"},
                {"西宁", "青海"}, {"Lhasa", "西藏"}, {"lhasa city", "西藏"}, {"新疆维吾尔自治区喀什", "新疆"}, {"tibet", "西藏"}}) {
            JsonNode out = ask(said[0]);
            assertTrue(out.path("remoteRegion").asBoolean(), said[0] + " is remote: " + out);
            assertTrue(out.path("recognisedRegion").asText().startsWith(said[1] + " "), said[0] + ": " + out);
            assertEquals(said[0], out.path("region").asText(), "the viewer's words are echoed");
        }
        JsonNode byName = ask("新疆");
        assertTrue(byName.path("remoteRegion").asBoolean() && !byName.has("recognisedRegion"),
                "named by its own name, the region is the one echoed: " + byName);
    }

    @Test
    void anotherRegionIsKnownAsNotRemoteAndAnUnknownOneIsSaidUnknownNotFree() throws Exception {
        JsonNode hangzhou = ask("杭州");
        assertFalse(hangzhou.path("remoteRegion").asBoolean(true), hangzhou.toString());
        assertEquals("浙江 Zhejiang", hangzhou.path("recognisedRegion").asText());
        assertFalse(ask("shanghai").path("remoteRegion").asBoolean(true));
        JsonNode unknown = ask("Atlantis");
        assertTrue(unknown.path("recognisedRegion").isNull(), unknown.toString());
        assertFalse(unknown.has("remoteRegion"), "an unknown region is not said to ship free: " + unknown);
        assertFalse(ask("chili sauce town").has("remoteRegion"), "a Latin spelling matches only as a word (Ili is in chili)");
    }

    /** The model reads a text of both languages as one string, as it was trained on. */
    @Test
    void theProductsShippingAndTheRemoteRegionsComeInBothLanguagesAsTheModelReadsThem() throws Exception {
        JsonNode out = ask("北京");
        assertEquals("48小时内发货, ships within 48 hours", out.path("productShipping").asText());
        assertEquals("新疆 Xinjiang", out.path("remoteRegions").get(0).asText());
        assertEquals("偏远地区需补邮费10元, remote regions add 10 yuan shipping", out.path("remoteNote").asText());
    }
}
