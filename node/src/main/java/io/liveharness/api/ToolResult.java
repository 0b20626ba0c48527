package io.liveharness.api;

/** A tool's answer: JSON content when ok, otherwise an error the model can read. */
public record ToolResult(String name, boolean ok, String contentJson, String error) {
    public static ToolResult ok(String name, String contentJson) { return new ToolResult(name, true, contentJson, null); }

    public static ToolResult error(String name, String error) { return new ToolResult(name, false, null, error); }
}
