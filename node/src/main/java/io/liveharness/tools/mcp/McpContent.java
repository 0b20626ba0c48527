package io.liveharness.tools.mcp;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.ToolResult;
import io.liveharness.harness.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Translates between MCP's shapes and the harness's {@link ToolSpec} / {@link ToolResult}. */
final class McpContent {
    private static final ObjectMapper JSON = Json.MAPPER;

    static ToolSpec toSpec(String publicName, McpSchema.Tool tool) {
        Map<String, Object> schema = tool.inputSchema() == null ? Map.of("type", "object") : tool.inputSchema();
        String description = tool.description() != null ? tool.description() : tool.title() != null ? tool.title() : "";
        return new ToolSpec(publicName, description, write(schema), publicName);
    }

    /**
     * A result the model can read: structured content when the server gave it, else the text blocks
     * (kept as JSON when they are JSON, else as one JSON string), else the content blocks themselves.
     * {@code isError} results become error results carrying the server's text.
     */
    static ToolResult toResult(String publicName, McpSchema.CallToolResult result) {
        List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
        boolean allText = content.stream().allMatch(c -> c instanceof McpSchema.TextContent);
        String text = content.stream().filter(c -> c instanceof McpSchema.TextContent)
                .map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining("\n"));
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResult.error(publicName, text.isEmpty() ? "the tool reported an error without text" : text);
        }
        if (result.structuredContent() != null) {
            return ToolResult.ok(publicName, write(result.structuredContent()));
        }
        if (allText && !content.isEmpty()) {
            return ToolResult.ok(publicName, jsonOrString(text));
        }
        // Images, resources: the SDK records carry their own Jackson annotations, so they write as MCP JSON.
        return ToolResult.ok(publicName, write(content));
    }

    /** Tool arguments as the MCP request wants them; {@code null}/blank means no arguments. */
    static Map<String, Object> arguments(String argumentsJson) throws JsonProcessingException {
        if (argumentsJson == null || argumentsJson.isBlank()) return Map.of();
        JsonNode node = JSON.readTree(argumentsJson);
        if (node == null || node.isNull()) return Map.of();
        if (!node.isObject()) throw new IllegalArgumentException("arguments must be a JSON object, got " + node.getNodeType());
        @SuppressWarnings("unchecked")
        Map<String, Object> map = JSON.convertValue(node, LinkedHashMap.class);
        return map;
    }

    private static String jsonOrString(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            if (node != null && (node.isObject() || node.isArray())) return node.toString();
        } catch (JsonProcessingException notJson) {
            // plain text: quoted below
        }
        return JSON.getNodeFactory().textNode(text).toString();
    }

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write MCP value as JSON", e);
        }
    }

    private McpContent() { }
}
