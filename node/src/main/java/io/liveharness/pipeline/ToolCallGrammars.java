package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.engine.ToolCallGrammar;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.harness.ToolSpec;
import io.liveharness.tools.LocalTool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes the grammar of the tool calls a request offers (GBNF, llama.cpp's format): the name of
 * an offered tool, its argument names, and for each a value its JSON Schema allows: an enum's
 * values, a number, a string; an argument the tool reads as a product id only the ids of the
 * room's products, so a small model cannot call a tool with an id it half-remembers
 * ({@code nuts-301} where the room sells {@code snack-301}). Which arguments are required is left
 * to the tool, which names a missing one in its error, as it does today.
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

    /**
     * @param tools      the tools offered, by the names the model sees
     * @param productIds the ids of the room's products
     * @return the grammar, or null when no tool is offered (then nothing is constrained)
     */
    public static ToolCallGrammar of(Collection<ToolSpec> tools, List<String> productIds) {
        if (tools.isEmpty()) return null;
        StringBuilder g = new StringBuilder();
        g.append("root ::= call ( ws call )*\n");
        g.append("call ::= ").append(literal(ToolCallParser.OPEN)).append(" ws \"{\" ws ").append(literal(quoted("name")))
                .append(" ws \":\" ws ( ");
        List<String> alternatives = new ArrayList<>();
        for (int i = 0; i < tools.size(); i++) alternatives.add("tool" + i);
        g.append(String.join(" | ", alternatives)).append(" ) ws \"}\" ws ").append(literal(ToolCallParser.CLOSE)).append('\n');
        int i = 0;
        for (ToolSpec tool : tools) writeTool(g, "tool" + i++, tool, productIds);
        g.append(COMMON);
        return new ToolCallGrammar(g.toString());
    }

    private static void writeTool(StringBuilder g, String rule, ToolSpec tool, List<String> productIds) {
        g.append(rule).append(" ::= ").append(literal(quoted(tool.name()))).append(" ws \",\" ws ")
                .append(literal(quoted("arguments"))).append(" ws \":\" ws ").append(rule).append("-args\n");
        JsonNode properties = schema(tool).path("properties");
        if (!properties.isObject() || properties.isEmpty()) {
            g.append(rule).append("-args ::= \"{\" ws \"}\"\n");
            return;
        }
        g.append(rule).append("-args ::= \"{\" ws ( ").append(rule).append("-arg ( ws \",\" ws ").append(rule)
                .append("-arg )* )? ws \"}\"\n");
        List<String> args = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            boolean productId = LocalTool.PRODUCT_ID.equals(tool.argumentNames().getOrDefault(p.getKey(), p.getKey()));
            args.add(literal(quoted(p.getKey())) + " ws \":\" ws " + value(p.getValue(), productId ? productIds : List.of()));
        }
        g.append(rule).append("-arg ::= ").append(String.join(" | ", args)).append('\n');
    }

    /** The rule for one argument's value: its enum, the room's ids for a product id, else by type. */
    private static String value(JsonNode schema, List<String> productIds) {
        JsonNode enumeration = schema.path("enum");
        if (enumeration.isArray() && !enumeration.isEmpty()) {
            List<String> values = new ArrayList<>();
            enumeration.forEach(v -> values.add(literal(v.toString())));
            return "( " + String.join(" | ", values) + " )";
        }
        String type = schema.path("type").asText("");
        if (type.equals("string") && !productIds.isEmpty()) {
            return "( " + String.join(" | ", productIds.stream().map(id -> literal(quoted(id))).toList()) + " )";
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
