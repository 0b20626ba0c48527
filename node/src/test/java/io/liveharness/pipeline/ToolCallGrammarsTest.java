package io.liveharness.pipeline;

import io.liveharness.engine.ToolCallGrammar;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.ToolSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The grammar of the offered tool calls, as text; ToolCallGrammarSamplingTest has llama.cpp read and apply it. */
class ToolCallGrammarsTest {
    static final List<String> IDS = List.of("snack-301", "snack-302");

    static List<ToolSpec> defaultTools() {
        return HarnessLoader.load(HarnessFiles.fromDirectory(Path.of("harness/default"))).tools();
    }

    private static String rule(String gbnf, String prefix) {
        return gbnf.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError("no rule " + prefix + " in\n" + gbnf));
    }

    @Test
    void namesOnlyTheOfferedToolsAndOpensAndClosesWithTheTags() {
        List<ToolSpec> offered = defaultTools().stream().filter(t -> t.name().equals("coupon_rules") || t.name().equals("logistics_info")).toList();
        String g = ToolCallGrammars.of(offered, IDS, List.of()).gbnf();
        assertTrue(rule(g, "call ::= ").startsWith("call ::= \"<tool_call>\" ws \"{\" ws \"\\\"name\\\"\""), g);
        assertTrue(rule(g, "call ::= ").endsWith("\"</tool_call>\""), g);
        assertTrue(rule(g, "tool0 ::= ").startsWith("tool0 ::= \"\\\"coupon_rules\\\"\""), g);
        assertTrue(rule(g, "tool1 ::= ").startsWith("tool1 ::= \"\\\"logistics_info\\\"\""), g);
        assertFalse(g.contains("product_lookup") || g.contains("after_sales_policy"), "a tool not offered is not callable:\n" + g);
    }

    @Test
    void aProductIdTakesOnlyTheRoomsIdsAndAnEnumOnlyItsValues() {
        String g = ToolCallGrammars.of(defaultTools(), IDS, List.of()).gbnf();
        int logistics = defaultTools().stream().map(ToolSpec::name).toList().indexOf("logistics_info");
        String args = rule(g, "tool" + logistics + "-arg ::= ");
        assertTrue(args.contains("\"\\\"productId\\\"\" ws \":\" ws ( \"\\\"snack-301\\\"\" | \"\\\"snack-302\\\"\" )"), args);
        assertFalse(args.contains("region"), "the viewer named no place, so the call names none: " + args);
        int policy = defaultTools().stream().map(ToolSpec::name).toList().indexOf("after_sales_policy");
        assertTrue(rule(g, "tool" + policy + "-arg ::= ").contains("( \"\\\"returns\\\"\" | \"\\\"exchange\\\"\" | \"\\\"warranty\\\"\" | \"\\\"damaged\\\"\" )"), g);
    }

    @Test
    void aRegionIsOnlyWordsTheViewerWroteUnderWhateverNameTheHarnessGivesIt() {
        ToolSpec renamed = new ToolSpec("ship_info", "Shipping rules.",
                "{\"type\":\"object\",\"properties\":{\"area\":{\"type\":\"string\"}}}", "logistics_info", Map.of("area", "region"));
        String zh = rule(ToolCallGrammars.of(List.of(renamed), IDS, List.of("新疆包邮吗?")).gbnf(), "tool0-arg ::= ");
        assertTrue(zh.contains("( \"\\\"新疆\\\"\" | "), zh);
        assertTrue(zh.contains("| \"\\\"新疆包邮吗\\\"\" )"), zh);
        assertFalse(zh.contains("成都") || zh.contains(" str"), "only the viewer's words: " + zh);

        assertEquals(List.of("Inner Mongolia", "Inner", "Mongolia"), ToolCallGrammars.spans(List.of("Is shipping to Inner Mongolia free?")));
        assertEquals(List.of("Xinjiang"), ToolCallGrammars.spans(List.of("Xinjiang?")));
        assertEquals(List.of(), ToolCallGrammars.spans(List.of("Can you guarantee when it ships?")), "a sentence's first word is no place");
        assertEquals(List.of("Tibet", "我在", "在新", "新疆", "我在新", "在新疆", "我在新疆"),
                ToolCallGrammars.spans(List.of("我在新疆", "what about Tibet")), "every turn the viewer wrote counts, the latest first");
        StringBuilder longMessage = new StringBuilder("新疆");
        for (int i = 0; i < 490; i++) longMessage.appendCodePoint(0x4E00 + i); // all different, so nothing repeats
        List<String> flood = ToolCallGrammars.spans(List.of(longMessage.toString()));
        assertEquals(ToolCallGrammars.MOST_PLACES, flood.size(), "a long message cannot make the grammar long");
        assertTrue(flood.contains("新疆"), "short stretches come first: " + flood.subList(0, 3));
        assertEquals("tool0-args ::= \"{\" ws \"}\"",
                rule(ToolCallGrammars.of(List.of(renamed), IDS, List.of("Can you ship it?")).gbnf(), "tool0-args ::= "),
                "no place named, no region to give");
    }

    @Test
    void aRenamedProductIdIsNarrowedUnderTheNameTheModelSees() {
        // an augmented harness renames productId; the handler still reads it as a product id
        ToolSpec renamed = new ToolSpec("get_item", "Reads one product.",
                "{\"type\":\"object\",\"properties\":{\"itemId\":{\"type\":\"string\"},\"note\":{\"type\":\"string\"}}}",
                "product_lookup", Map.of("itemId", "productId"));
        String args = rule(ToolCallGrammars.of(List.of(renamed), IDS, List.of()).gbnf(), "tool0-arg ::= ");
        assertTrue(args.contains("\"\\\"itemId\\\"\" ws \":\" ws ( \"\\\"snack-301\\\"\""), args);
        assertTrue(args.contains("\"\\\"note\\\"\" ws \":\" ws str"), args);
    }

    @Test
    void aSchemaItDoesNotKnowTakesAnyJsonAndNoToolsMeansNoGrammar() {
        ToolSpec remote = new ToolSpec("weather", "From an MCP server.", "{\"type\":\"object\",\"properties\":{\"where\":{},"
                + "\"days\":{\"type\":\"integer\"},\"hourly\":{\"type\":\"boolean\"}}}", "mcp");
        String args = rule(ToolCallGrammars.of(List.of(remote), IDS, List.of()).gbnf(), "tool0-arg ::= ");
        assertTrue(args.contains("\"\\\"where\\\"\" ws \":\" ws value"), args);
        assertTrue(args.contains("\"\\\"days\\\"\" ws \":\" ws int"), args);
        assertTrue(args.contains("\"\\\"hourly\\\"\" ws \":\" ws bool"), args);
        ToolSpec none = new ToolSpec("ping", "No arguments.", "{\"type\":\"object\"}", "mcp");
        assertEquals("tool0-args ::= \"{\" ws \"}\"", rule(ToolCallGrammars.of(List.of(none), IDS, List.of()).gbnf(), "tool0-args ::= "));
        assertNull(ToolCallGrammars.of(List.of(), IDS, List.of()));
    }

    @Test
    void literalsEscapeQuotesBackslashesAndControlCharacters() {
        assertEquals("\"a\\\"b\\\\c\\nd\\x01\"", ToolCallGrammars.literal("a\"b\\c\nd\u0001"));
        ToolCallGrammar g = ToolCallGrammars.of(List.of(new ToolSpec("say \"hi\"", "", "{}", "mcp")), List.of(), List.of());
        assertTrue(g.gbnf().contains("tool0 ::= \"\\\"say \\\\\\\"hi\\\\\\\"\\\"\""), g.gbnf());
    }
}
