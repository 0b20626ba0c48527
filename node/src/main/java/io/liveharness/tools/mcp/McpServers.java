package io.liveharness.tools.mcp;

import io.liveharness.config.NodeConfig.McpConfig;
import io.liveharness.harness.Harness;
import io.liveharness.harness.ToolSpec;
import io.vertx.core.Vertx;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The MCP servers the node's conf declares, each run only while a harness version in use names it.
 *
 * <p>One instance per conf name, shared by every version that names it: its tools are at
 * {@code tool.<name>__<tool>}, and no other instance ever registers there, so a stable room's call
 * cannot reach a canary's server (two versions that want different servers name different ones).
 * A server that cannot be reached is logged and tried again at a later {@link #sync}; its tools
 * are simply not offered meanwhile.
 */
public final class McpServers {
    private static final System.Logger LOG = System.getLogger(McpServers.class.getName());
    /** A server that would not start is not tried again sooner: each try may spawn a process. */
    public static final long RETRY_AFTER_MS = 30_000;

    /** A deployed server: its source and the deployment to undeploy when it is no longer used. */
    private record Running(McpToolSource source, String deploymentId) { }

    private final Vertx vertx;
    private final Map<String, McpServerSpec> declared;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final Set<String> starting = ConcurrentHashMap.newKeySet();
    private final Map<String, Long> failedAt = new ConcurrentHashMap<>();
    private final Set<String> warnedUndeclared = ConcurrentHashMap.newKeySet();
    private volatile Set<String> wanted = Set.of();

    public McpServers(Vertx vertx, Map<String, McpServerSpec> declared) {
        this.vertx = vertx;
        this.declared = Map.copyOf(declared);
    }

    /**
     * The servers of {@code mcp.servers}, checked: a bad entry, or an env value {@code ${NAME}} the
     * node's environment does not set, is refused naming the server and the field.
     */
    public static Map<String, McpServerSpec> specs(McpConfig config) {
        Map<String, McpServerSpec> specs = new LinkedHashMap<>();
        config.servers().forEach((name, c) -> specs.put(name, McpServerSpec.fromConfig(name, c, System.getenv())));
        return specs;
    }

    /** The names conf declares: the only ones a harness may be published with. */
    public Set<String> declared() { return declared.keySet(); }

    /**
     * Runs exactly the declared servers that {@code inUse} (the versions a channel, pin or experiment
     * uses) name: starts those not running, stops those no version in use names any more.
     */
    public synchronized void sync(Collection<Harness> inUse) {
        Set<String> names = new TreeSet<>();
        for (Harness h : inUse) {
            for (String name : h.mcpServers()) {
                if (declared.containsKey(name)) names.add(name);
                else if (warnedUndeclared.add(name)) {
                    // Checked at publish; a conf that dropped the server since leaves the version without its tools.
                    LOG.log(System.Logger.Level.WARNING, "harness " + h.version() + " names MCP server '" + name
                            + "', which conf (mcp.servers) does not declare; its tools are not offered");
                }
            }
        }
        wanted = Set.copyOf(names);
        running.keySet().stream().filter(n -> !names.contains(n)).toList().forEach(this::stop);
        names.forEach(this::start);
    }

    /** Every tool the running servers offer now, under its public name ({@code <server>__<tool>}). */
    public List<ToolSpec> tools() {
        return running.values().stream().flatMap(r -> r.source().tools().stream()).toList();
    }

    /** The names of the servers running now. */
    public Set<String> running() { return running.keySet().stream().collect(Collectors.toUnmodifiableSet()); }

    private void start(String name) {
        Long failed = failedAt.get(name);
        if (failed != null && System.currentTimeMillis() - failed < RETRY_AFTER_MS) return;
        if (running.containsKey(name) || !starting.add(name)) return;
        McpToolSource source = new McpToolSource(declared.get(name));
        vertx.deployVerticle(new McpToolVerticle(source)).onComplete(ar -> {
            starting.remove(name);
            if (ar.failed()) {
                failedAt.put(name, System.currentTimeMillis());
                LOG.log(System.Logger.Level.WARNING, "MCP server '" + name + "' is not available: " + ar.cause().getMessage());
                return;
            }
            failedAt.remove(name);
            running.put(name, new Running(source, ar.result()));
            // No longer wanted while it was starting: the next sync would stop it; do it now.
            if (!wanted.contains(name)) stop(name);
        });
    }

    private void stop(String name) {
        Running r = running.remove(name);
        if (r == null) return;
        LOG.log(System.Logger.Level.INFO, "MCP server '" + name + "' stopped: no harness version in use names it");
        vertx.undeploy(r.deploymentId()).onFailure(e -> LOG.log(System.Logger.Level.WARNING,
                "stopping MCP server '" + name + "': " + e.getMessage()));
    }
}
