package io.liveharness.api;

/**
 * One tool call an answer made, and what came back: part of the answer's trace, and of its
 * operator's outcome. {@code argumentsJson} is what the model wrote, which need not be valid JSON.
 */
public record ToolExchange(String tool, String argumentsJson, boolean ok, String resultJson, String error) { }
