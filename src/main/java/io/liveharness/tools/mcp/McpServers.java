package io.liveharness.tools.mcp;

import io.liveharness.harness.Harness;
import io.liveharness.harness.ToolSpec;
import io.vertx.core.Vertx;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MCP servers the node's harness versions list, each kept connected by one
 * {@link McpToolVerticle}, and the tools they offer now. A server that cannot be reached is
 * logged and tried again at the next {@link #sync}; its tools are simply not offered meanwhile.
 */
public final class McpServers {
    private static final System.Logger LOG = System.getLogger(McpServers.class.getName());

    private final Vertx vertx;
    private final Map<McpServerSpec, McpToolSource> running = new ConcurrentHashMap<>();
    private final Map<McpServerSpec, Boolean> starting = new ConcurrentHashMap<>();
    private final Map<McpServerSpec, Long> failedAt = new ConcurrentHashMap<>();
    /** A server that would not start is not tried again sooner: each try may spawn a process. */
    public static final long RETRY_AFTER_MS = 30_000;

    public McpServers(Vertx vertx) { this.vertx = vertx; }

    /** Starts the servers of these versions that are not running yet. */
    public void sync(Collection<Harness> versions) {
        for (Harness h : versions) {
            for (McpServerSpec spec : h.mcpServers()) {
                Long failed = failedAt.get(spec);
                if (failed != null && System.currentTimeMillis() - failed < RETRY_AFTER_MS) continue;
                if (running.containsKey(spec) || starting.putIfAbsent(spec, true) != null) continue;
                McpToolSource source = new McpToolSource(spec);
                vertx.deployVerticle(new McpToolVerticle(source)).onComplete(ar -> {
                    if (ar.succeeded()) {
                        running.put(spec, source);
                        failedAt.remove(spec);
                        starting.remove(spec);
                        return;
                    }
                    failedAt.put(spec, System.currentTimeMillis());
                    starting.remove(spec);
                    LOG.log(System.Logger.Level.WARNING, "MCP server '" + spec.name() + "' of harness " + h.version()
                            + " is not available: " + ar.cause().getMessage());
                });
            }
        }
    }

    /** Every tool the running servers offer now, under its public name. */
    public List<ToolSpec> tools() {
        return running.values().stream().flatMap(s -> s.tools().stream()).toList();
    }
}
