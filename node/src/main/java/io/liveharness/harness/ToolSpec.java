package io.liveharness.harness;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * One tool (T) as the model sees it: name, description and the JSON Schema of its arguments.
 *
 * @param handler       the tool verticle that serves it ({@code tool.<handler>} on the event bus); the
 *                      name the model sees may differ, so a harness can rename a tool without new code
 * @param argumentNames argument names the model sees mapped to the names the handler takes
 *                      ({@code "argumentNames": {"item_id": "productId"}} in the tool's JSON); empty when they are the same
 */
public record ToolSpec(String name, String description, String parametersSchemaJson, String handler,
                       Map<String, String> argumentNames) {
    private static final ObjectMapper JSON = Json.MAPPER;

    public ToolSpec {
        argumentNames = argumentNames == null ? Map.of() : Map.copyOf(argumentNames);
    }

    public ToolSpec(String name, String description, String parametersSchemaJson, String handler) {
        this(name, description, parametersSchemaJson, handler, Map.of());
    }

    /**
     * A result as the model reads it: a top-level key that echoes an argument ({@code "productId"})
     * in the name the model sees; other text unchanged.
     */
    public String modelResult(String resultJson) {
        if (argumentNames.isEmpty() || resultJson == null) return resultJson;
        try {
            JsonNode result = JSON.readTree(resultJson);
            if (result == null || !result.isObject()) return resultJson;
            Map<String, String> visible = visibleNames();
            ObjectNode out = JSON.createObjectNode();
            result.fields().forEachRemaining(e -> {
                String name = visible.getOrDefault(e.getKey(), e.getKey());
                out.set(result.has(name) && !name.equals(e.getKey()) ? e.getKey() : name, e.getValue());
            });
            return out.toString();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return resultJson;
        }
    }

    /**
     * An error as the model reads it: each argument it names, in single quotes as every tool's
     * errors do ("argument 'productId' (string) is required"), in the name the model sees.
     */
    public String modelError(String error) {
        if (argumentNames.isEmpty() || error == null) return error;
        String out = error;
        for (var e : visibleNames().entrySet()) out = out.replace("'" + e.getKey() + "'", "'" + e.getValue() + "'");
        return out;
    }

    /** The handler's argument names mapped to the model's. */
    private Map<String, String> visibleNames() {
        Map<String, String> out = new java.util.HashMap<>();
        argumentNames.forEach((model, handler) -> out.put(handler, model));
        return out;
    }

    /** The model's arguments (a JSON object) with their names as the handler takes them; other text unchanged. */
    public String handlerArguments(String argumentsJson) {
        if (argumentNames.isEmpty() || argumentsJson == null) return argumentsJson;
        try {
            JsonNode args = JSON.readTree(argumentsJson);
            if (args == null || !args.isObject()) return argumentsJson;
            ObjectNode out = JSON.createObjectNode();
            args.fields().forEachRemaining(e -> out.set(argumentNames.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
            return out.toString();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return argumentsJson; // the handler reports what is wrong with it
        }
    }
}
