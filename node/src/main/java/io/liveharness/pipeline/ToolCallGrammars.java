package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.engine.ToolCallGrammar;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.harness.ToolSpec;
import io.liveharness.tools.LocalTool;
import io.liveharness.tools.LogisticsInfoTool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes the grammar of the tool calls a request offers (GBNF, llama.cpp's format): the name of
 * an offered tool, its argument names, and for each a value its JSON Schema allows: an enum's
 * values, a number, a string; an argument the tool reads as a product id only the ids of the
 * room's products, so a small model cannot call a tool with an id it half-remembers
 * ({@code nuts-301} where the room sells {@code snack-301}); the shipping tool's region only words
 * the viewer wrote ({@code 新疆} from "新疆包邮吗?", never a typical {@code 成都}), and none when the
 * viewer named no place. Which arguments are required is left to the tool, which names a missing
 * one in its error, as it does today.
 */
public final class ToolCallGrammars {

    /** Values every grammar may use: any JSON value, for schema parts this writer does not narrow. */
    private static final String COMMON = """
            ws ::= [ \\t\\n]?
            str ::= "\\"" ( [^"\\\\\\x00-\\x1F] | "\\\\" ["\\\\/bfnrt] | "\\\\u" [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] )* "\\""
            int ::= "-"? [0-9]+
            num ::= int ( "." [0-9]+ )? ( [eE] [-+]? [0-9]+ )?
            bool ::= "true" | "false"
            value ::= str | num | bool | "null" | obj | arr
            obj ::= "{" ws ( str ws ":" ws value ( ws "," ws str ws ":" ws value )* )? ws "}"
            arr ::= "[" ws ( value ( ws "," ws value )* )? ws "]"
            """;

    /** The longest run of Han characters a region may be ("内蒙古自治区" is six). */
    private static final int LONGEST_HAN_PLACE = 8;

    /**
     * @param tools       the tools offered, by the names the model sees
     * @param productIds  the ids of the room's products
     * @param viewerTexts what the viewer wrote in this conversation, where a region comes from
     * @return the grammar, or null when no tool is offered (then nothing is constrained)
     */
    public static ToolCallGrammar of(Collection<ToolSpec> tools, List<String> productIds, List<String> viewerTexts) {
        if (tools.isEmpty()) return null;
        StringBuilder g = new StringBuilder();
        g.append("root ::= call ( ws call )*\n");
        g.append("call ::= ").append(literal(ToolCallParser.OPEN)).append(" ws \"{\" ws ").append(literal(quoted("name")))
                .append(" ws \":\" ws ( ");
        List<String> alternatives = new ArrayList<>();
        for (int i = 0; i < tools.size(); i++) alternatives.add("tool" + i);
        g.append(String.join(" | ", alternatives)).append(" ) ws \"}\" ws ").append(literal(ToolCallParser.CLOSE)).append('\n');
        int i = 0;
        List<String> places = spans(viewerTexts);
        for (ToolSpec tool : tools) writeTool(g, "tool" + i++, tool, productIds, places);
        g.append(COMMON);
        return new ToolCallGrammar(g.toString());
    }

    private static void writeTool(StringBuilder g, String rule, ToolSpec tool, List<String> productIds, List<String> places) {
        g.append(rule).append(" ::= ").append(literal(quoted(tool.name()))).append(" ws \",\" ws ")
                .append(literal(quoted("arguments"))).append(" ws \":\" ws ").append(rule).append("-args\n");
        JsonNode properties = schema(tool).path("properties");
        if (!properties.isObject() || properties.isEmpty()) {
            g.append(rule).append("-args ::= \"{\" ws \"}\"\n");
            return;
        }
        List<String> args = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            String handlerName = tool.argumentNames().getOrDefault(p.getKey(), p.getKey());
            boolean region = tool.handler().equals(LogisticsInfoTool.NAME) && handlerName.equals(LogisticsInfoTool.REGION);
            List<String> allowed = region ? places : handlerName.equals(LocalTool.PRODUCT_ID) ? productIds : List.of();
            if (region && allowed.isEmpty()) continue; // the viewer named no place
            args.add(literal(quoted(p.getKey())) + " ws \":\" ws " + value(p.getValue(), allowed));
        }
        if (args.isEmpty()) {
            g.append(rule).append("-args ::= \"{\" ws \"}\"\n");
            return;
        }
        g.append(rule).append("-args ::= \"{\" ws ( ").append(rule).append("-arg ( ws \",\" ws ").append(rule)
                .append("-arg )* )? ws \"}\"\n");
        g.append(rule).append("-arg ::= ").append(String.join(" | ", args)).append('\n');
    }

    /** The rule for one argument's value: its enum, the strings allowed (ids, places) where there are some, else by type. */
    private static String value(JsonNode schema, List<String> allowed) {
        JsonNode enumeration = schema.path("enum");
        if (enumeration.isArray() && !enumeration.isEmpty()) {
            List<String> values = new ArrayList<>();
            enumeration.forEach(v -> values.add(literal(v.toString())));
            return "( " + String.join(" | ", values) + " )";
        }
        String type = schema.path("type").asText("");
        if (type.equals("string") && !allowed.isEmpty()) {
            return "( " + String.join(" | ", allowed.stream().map(a -> literal(quoted(a))).toList()) + " )";
        }
        return switch (type) {
            case "string" -> "str";
            case "integer" -> "int";
            case "number" -> "num";
            case "boolean" -> "bool";
            case "object" -> "obj";
            case "array" -> "arr";
            default -> "value";
        };
    }

    /**
     * Where a place may stand in what the viewer wrote: each capitalized Latin word or two that
     * does not merely open a sentence ("Xinjiang", "Inner Mongolia"; neither "Can" nor "you" in
     * "Can you ship it?") and each stretch of two to eight Han characters ("新疆", "疆包" too: the
     * model picks among them), the latest message first and short stretches before long ones, at
     * most {@link #MOST_PLACES}, so a long message cannot make the grammar slow.
     */
    static List<String> spans(List<String> texts) {
        Set<String> out = new LinkedHashSet<>();
        for (String text : texts.reversed()) {
            if (text == null) continue;
            for (String sentence : SENTENCE_END.split(text)) {
                List<String> words = new ArrayList<>();
                for (var m = LATIN_WORD.matcher(sentence); m.find(); ) {
                    // the word a sentence opens with is capitalized for that reason ("Can", "Is"), unless it is all there is
                    boolean opens = sentence.substring(0, m.start()).isBlank();
                    if (!opens || !ANY_WORD.matcher(sentence.substring(m.end())).find()) words.add(m.group());
                }
                for (int w = 0; w + 1 < words.size(); w++) {
                    String pair = words.get(w) + " " + words.get(w + 1);
                    if (sentence.contains(pair)) out.add(pair);
                }
                out.addAll(words);
            }
            List<String> runs = HAN_RUN.matcher(text).results().map(java.util.regex.MatchResult::group).toList();
            for (int len = 2; len <= LONGEST_HAN_PLACE; len++) {
                for (String run : runs) {
                    for (int at = 0; at + len <= run.length(); at++) out.add(run.substring(at, at + len));
                }
            }
        }
        return out.stream().limit(MOST_PLACES).toList();
    }

    /** How many places a grammar lists at most: llama.cpp follows each alternative at once. */
    static final int MOST_PLACES = 256;

    private static final Pattern HAN_RUN = Pattern.compile("\\p{IsHan}{2,}");
    private static final Pattern SENTENCE_END = Pattern.compile("[.?!。？！;；]");
    private static final Pattern ANY_WORD = Pattern.compile("[A-Za-z]{2,}");
    private static final Pattern LATIN_WORD = Pattern.compile("[A-Z][A-Za-z]+");

    private static JsonNode schema(ToolSpec tool) {
        try {
            JsonNode s = Json.MAPPER.readTree(tool.parametersSchemaJson() == null ? "{}" : tool.parametersSchemaJson());
            return s == null ? Json.MAPPER.createObjectNode() : s;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // a harness's schemas are checked when it loads; an MCP server's may not be: any arguments then
            return Json.MAPPER.createObjectNode();
        }
    }

    /** {@code text} as JSON writes it, quotes included. */
    private static String quoted(String text) {
        return Json.MAPPER.getNodeFactory().textNode(text).toString();
    }

    /** {@code text} as a GBNF literal: in double quotes, with backslash, quote and control characters escaped. */
    static String literal(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) out.append(String.format("\\x%02X", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    private ToolCallGrammars() { }
}
