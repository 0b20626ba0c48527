package io.liveharness.tools.mcp;

import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.harness.ToolSpec;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Serves one {@link McpToolSource}'s tools on {@code tool.<name>} like a local tool verticle. The
 * consumers follow the server's tool list as it changes. The verticle owns the source: it starts it
 * on deploy (a server that cannot be reached fails the deploy) and closes it on undeploy.
 */
public final class McpToolVerticle extends VerticleBase {
    private final McpToolSource source;
    private final Map<String, MessageConsumer<ToolCall>> consumers = new HashMap<>();

    public McpToolVerticle(McpToolSource source) { this.source = source; }

    @Override
    public Future<?> start() {
        // The listener runs on an SDK thread; consumers are only touched on this verticle's context.
        source.onToolsChanged(tools -> context.runOnContext(v -> sync(tools)));
        return Future.fromCompletionStage(source.start(), context)
                .compose(this::sync)
                .recover(e -> Future.fromCompletionStage(source.closeAsync(), context).transform(ignored -> Future.failedFuture(e)));
    }

    @Override
    public Future<?> stop() {
        List<Future<Void>> unregistered = consumers.values().stream().map(MessageConsumer::unregister).toList();
        consumers.clear();
        return Future.join(unregistered).transform(ignored -> Future.fromCompletionStage(source.closeAsync(), context));
    }

    /** The tool names this verticle answers right now. */
    Set<String> served() { return Set.copyOf(consumers.keySet()); }

    private Future<Void> sync(List<ToolSpec> tools) {
        Set<String> wanted = tools.stream().map(ToolSpec::name).collect(Collectors.toSet());
        List<Future<Void>> changes = new ArrayList<>();
        consumers.entrySet().removeIf(e -> {
            if (wanted.contains(e.getKey())) return false;
            changes.add(e.getValue().unregister());
            return true;
        });
        for (String name : wanted) {
            if (!consumers.containsKey(name)) {
                MessageConsumer<ToolCall> consumer = vertx.eventBus().localConsumer(Addresses.tool(name), msg -> answer(name, msg));
                consumers.put(name, consumer);
                changes.add(consumer.completion());
            }
        }
        return Future.join(changes).mapEmpty();
    }

    private void answer(String name, Message<ToolCall> msg) {
        String args = msg.body() == null ? null : msg.body().argumentsJson();
        Future.fromCompletionStage(source.call(name, args), context)
                .onComplete(r -> msg.reply(r.succeeded() ? r.result()
                        : ToolResult.error(name, "MCP tool failed: " + McpToolSource.describe(r.cause()))));
    }
}
