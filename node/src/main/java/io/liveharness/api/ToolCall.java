package io.liveharness.api;

/** A model's request to run a tool, sent to {@code tool.<name>}. Arguments are a JSON object. */
public record ToolCall(String roomId, String name, String argumentsJson) {
}
