package io.liveharness.pipeline;

import io.liveharness.engine.StopReason;

import java.util.List;

/**
 * What the agent loop produced: the model's last output (still with any markup), the tool calls it
 * made on the way, and why the last generation stopped.
 */
public record AgentResult(String output, List<ToolExchange> toolExchanges, StopReason stopReason, int modelCalls) {

    /** One tool call and what came back. */
    public record ToolExchange(String tool, String argumentsJson, boolean ok, String resultJson, String error) { }
}
