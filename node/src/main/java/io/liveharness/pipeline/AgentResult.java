package io.liveharness.pipeline;

import io.liveharness.engine.StopReason;
import io.liveharness.api.ToolExchange;

import java.util.List;

/**
 * What the agent loop produced: the model's last output (still with any markup), the tool calls it
 * made on the way, and why the last generation stopped.
 */
public record AgentResult(String output, List<ToolExchange> toolExchanges, StopReason stopReason, int modelCalls) {
}
