package io.liveharness.room;

/** One tool call an answer made, and what came back: part of the answer's trace. */
public record ToolExchange(String tool, String argumentsJson, boolean ok, String resultJson, String error) { }
