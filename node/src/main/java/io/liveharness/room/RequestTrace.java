package io.liveharness.room;

import io.liveharness.api.ToolExchange;
import io.liveharness.hooks.HookOutcome;
import io.liveharness.hooks.HookRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * What happened during one request, as it happens: every hook decision, every tool exchange, and
 * the facts a reply may state (the product data of context load, then each tool result). Owned
 * by the request, on its room's context.
 */
public final class RequestTrace {
    private final List<HookRecord> hooks = new ArrayList<>();
    private final List<ToolExchange> tools = new ArrayList<>();
    private final List<String> backedFacts = new ArrayList<>();
    private int modelCalls;

    public HookOutcome record(HookOutcome outcome) {
        hooks.addAll(outcome.records());
        return outcome;
    }

    public void tool(ToolExchange exchange) {
        tools.add(exchange);
        if (exchange.ok()) backedFacts.add(exchange.resultJson());
    }

    public void fact(String json) { backedFacts.add(json); }

    public void modelCall() { modelCalls++; }

    public List<HookRecord> hooks() { return List.copyOf(hooks); }

    public List<ToolExchange> tools() { return List.copyOf(tools); }

    public List<String> backedFacts() { return List.copyOf(backedFacts); }

    public List<String> toolsCalled() { return tools.stream().map(ToolExchange::tool).toList(); }

    public int modelCalls() { return modelCalls; }
}
