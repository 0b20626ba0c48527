package io.liveharness.harness;

/**
 * One tool (T) as the model sees it: name, description and the JSON Schema of its arguments.
 *
 * @param handler the tool verticle that serves it ({@code tool.<handler>} on the event bus); the
 *                name the model sees may differ, so a harness can rename a tool without new code
 */
public record ToolSpec(String name, String description, String parametersSchemaJson, String handler) {
}
