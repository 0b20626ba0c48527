package io.liveharness.harness;

/** One tool (T) as the model sees it: name, description and the JSON Schema of its arguments. */
public record ToolSpec(String name, String description, String parametersSchemaJson) {
}
