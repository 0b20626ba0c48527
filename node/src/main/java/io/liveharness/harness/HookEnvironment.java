package io.liveharness.harness;


import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a hook may know of its harness version when it is created: the tools' argument schemas
 * (name → JSON Schema text) and the global prohibitions.
 */
public record HookEnvironment(Map<String, String> toolSchemas, List<String> prohibitions) {

    public HookEnvironment {
        toolSchemas = toolSchemas == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(toolSchemas));
        prohibitions = prohibitions == null ? List.of() : List.copyOf(prohibitions);
    }

    public static HookEnvironment of(Harness harness) {
        Map<String, String> schemas = new LinkedHashMap<>();
        for (ToolSpec tool : harness.tools()) schemas.put(tool.name(), tool.parametersSchemaJson());
        return new HookEnvironment(schemas, harness.prohibitions());
    }
}
