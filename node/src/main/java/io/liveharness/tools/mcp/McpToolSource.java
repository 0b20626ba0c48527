package io.liveharness.tools.mcp;

import io.liveharness.api.ToolResult;
import io.liveharness.harness.ToolSpec;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.Disposable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The tools of one MCP server, kept connected. Connecting, listing and reconnecting run on this
 * source's own thread; tool calls are asynchronous (the SDK's non-blocking client), so no method here
 * blocks a Vert.x event loop except {@link #close()}, for which {@link #closeAsync()} exists.
 *
 * <p>A lost server (stdio process exit, HTTP connection failure) fails the calls in flight and every
 * call after it at once with an "unavailable" error, while a new connection is tried with doubling
 * backoff between {@code reconnectMinMs} and {@code reconnectMaxMs}; once it is up, calls are served
 * again. Tools stay published while the server is away: "unavailable" tells the model more than a
 * missing handler would.
 */
public final class McpToolSource implements AutoCloseable {
    private final McpServerSpec spec;
    private final ScheduledExecutorService lifecycle;
    private final AtomicReference<Live> live = new AtomicReference<>();
    private static final System.Logger LOG = System.getLogger(McpToolSource.class.getName());
    /** The session close waits 3 s and the process 4 s more (McpConnection.close); then some slack. */
    static final long CLOSE_WITHIN_MS = 10_000;

    private final List<Consumer<List<ToolSpec>>> listeners = new CopyOnWriteArrayList<>();
    private volatile Map<String, McpSchema.Tool> toolsByPublicName = Map.of();
    private volatile List<ToolSpec> tools = List.of();
    private volatile String lastProblem = "not connected yet";
    private volatile long generation;
    private volatile boolean closed;
    // Touched only on the lifecycle thread.
    private long nextBackoffMs;
    private boolean reconnectPending;

    /** One connection and the calls riding on it, so its loss can answer them all. */
    private record Live(McpConnection connection, long generation, Map<CompletableFuture<ToolResult>, String> inFlight) { }

    public McpToolSource(McpServerSpec spec) {
        this.spec = spec;
        this.nextBackoffMs = spec.reconnectMinMs();
        this.lifecycle = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mcp-" + spec.name());
            t.setDaemon(true);
            return t;
        });
    }

    public McpServerSpec spec() { return spec; }

    /**
     * Connects, initializes and lists the tools. If this first attempt fails the future fails, and
     * the source keeps retrying in the background until closed.
     */
    public CompletableFuture<List<ToolSpec>> start() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return connect();
            } catch (RuntimeException e) {
                lastProblem = describe(e);
                scheduleReconnect();
                throw new IllegalStateException("MCP server '" + spec.name() + "' did not start: " + lastProblem, e);
            }
        }, lifecycle);
    }

    /** The tools as last listed, under their public names. */
    public List<ToolSpec> tools() { return tools; }

    public boolean connected() { return live.get() != null; }

    /** Told (on an SDK or lifecycle thread) the full new list whenever the published tools change. */
    public void onToolsChanged(Consumer<List<ToolSpec>> listener) { listeners.add(listener); }

    /** The stdio server's current process, if this is a stdio server and it is connected. */
    public Optional<ProcessHandle> serverProcess() {
        Live l = live.get();
        return l == null ? Optional.empty() : l.connection().process().map(Process::toHandle);
    }

    /**
     * Calls a tool by its public name. Never completes exceptionally: bad arguments, the server's
     * errors, a timeout and a lost server all come back as error results the model can read.
     */
    public CompletableFuture<ToolResult> call(String publicName, String argumentsJson) {
        if (closed) return CompletableFuture.completedFuture(error(publicName, "is closed"));
        Live l = live.get();
        if (l != null && l.connection().process().filter(p -> !p.toHandle().isAlive()).isPresent()) {
            // The exit callback may not have run yet; do not send into a dead pipe and wait out the timeout.
            lost(l.generation(), "server process exited");
            l = null;
        }
        if (l == null) return CompletableFuture.completedFuture(unavailable(publicName, lastProblem));
        McpSchema.Tool tool = toolsByPublicName.get(publicName);
        if (tool == null) return CompletableFuture.completedFuture(error(publicName, "has no tool '" + publicName + "'"));
        Map<String, Object> args;
        try {
            args = McpContent.arguments(argumentsJson);
        } catch (Exception e) {
            return CompletableFuture.completedFuture(ToolResult.error(publicName, "arguments are not a JSON object: " + e.getMessage()));
        }
        CompletableFuture<ToolResult> result = new CompletableFuture<>();
        Live on = l;
        on.inFlight().put(result, publicName);
        Disposable request = on.connection().client().callTool(new McpSchema.CallToolRequest(tool.name(), args))
                .timeout(Duration.ofMillis(spec.callTimeoutMs()))
                .subscribe(r -> result.complete(McpContent.toResult(publicName, r)),
                        e -> result.complete(failure(on, publicName, e)));
        result.whenComplete((r, e) -> {
            on.inFlight().remove(result);
            request.dispose(); // answered by a loss or close first: stop waiting on the old session
        });
        return result;
    }

    /** Stops reconnecting, answers calls in flight, closes the session and stops a stdio process. */
    public CompletableFuture<Void> closeAsync() {
        closed = true;
        Live l = live.getAndSet(null);
        if (l != null) answerAll(l, "is closed");
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            lifecycle.execute(() -> {
                try {
                    if (l != null) l.connection().close();
                    done.complete(null);
                } catch (RuntimeException e) {
                    done.completeExceptionally(e);
                } finally {
                    lifecycle.shutdownNow();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException alreadyClosed) {
            done.complete(null);
        }
        return done;
    }

    /**
     * Closes within a bound: a server that will not let go (a stuck session close, a lifecycle thread
     * still inside a connect) must not hold the caller, so past the bound the stdio process is killed.
     */
    @Override
    public void close() {
        Optional<ProcessHandle> process = serverProcess();
        try {
            closeAsync().get(CLOSE_WITHIN_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "MCP server '" + spec.name() + "' did not close within "
                    + CLOSE_WITHIN_MS + " ms; killing its process");
            lifecycle.shutdownNow();
            process.ifPresent(p -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            });
        } catch (ExecutionException e) {
            LOG.log(System.Logger.Level.WARNING, "closing MCP server '" + spec.name() + "': " + describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- lifecycle thread ----

    private List<ToolSpec> connect() {
        if (closed) throw new IllegalStateException("source is closed");
        long gen = ++generation;
        McpConnection connection = McpConnection.open(spec, listed -> {
            if (generation == gen) publish(listed);
        });
        try {
            List<McpSchema.Tool> listed = connection.listTools(spec.connectTimeoutMs());
            Live l = new Live(connection, gen, new ConcurrentHashMap<>());
            if (closed) throw new IllegalStateException("source is closed");
            live.set(l);
            connection.process().ifPresent(p -> p.onExit().thenRun(() -> lost(gen, "server process exited with code " + p.exitValue())));
            nextBackoffMs = spec.reconnectMinMs();
            publish(listed);
            return tools;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private void scheduleReconnect() {
        if (closed || reconnectPending) return;
        reconnectPending = true;
        long delay = nextBackoffMs;
        nextBackoffMs = Math.min(nextBackoffMs * 2, spec.reconnectMaxMs());
        lifecycle.schedule(() -> {
            reconnectPending = false;
            if (closed || live.get() != null) return;
            try {
                connect();
            } catch (RuntimeException e) {
                lastProblem = describe(e);
                scheduleReconnect();
            }
        }, delay, TimeUnit.MILLISECONDS);
    }

    // ---- any thread ----

    private void lost(long gen, String problem) {
        Live l = live.get();
        if (l == null || l.generation() != gen || !live.compareAndSet(l, null)) return;
        lastProblem = problem;
        answerAll(l, "is unavailable (" + problem + "); reconnecting");
        try {
            lifecycle.execute(() -> {
                l.connection().close();
                scheduleReconnect();
            });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // closed meanwhile: close() handles the connection
        }
    }

    private ToolResult failure(Live l, String publicName, Throwable e) {
        if (e instanceof TimeoutException) {
            return error(publicName, "tool '" + publicName + "' timed out after " + spec.callTimeoutMs() + " ms");
        }
        if (e instanceof McpError m) {
            // A JSON-RPC error from a live server (unknown tool, invalid params): the session is fine.
            String message = m.getJsonRpcError() != null ? m.getJsonRpcError().message() : m.getMessage();
            return ToolResult.error(publicName, message);
        }
        String problem = describe(e);
        lost(l.generation(), problem);
        return unavailable(publicName, problem);
    }

    private synchronized void publish(List<McpSchema.Tool> listed) {
        Map<String, McpSchema.Tool> byName = new LinkedHashMap<>();
        List<ToolSpec> specs = new ArrayList<>();
        for (McpSchema.Tool t : listed) {
            String publicName = spec.publicToolName(t.name());
            byName.put(publicName, t);
            specs.add(McpContent.toSpec(publicName, t));
        }
        boolean changed = !specs.equals(tools);
        toolsByPublicName = Map.copyOf(byName);
        tools = List.copyOf(specs);
        if (changed) listeners.forEach(listener -> listener.accept(tools));
    }

    private void answerAll(Live l, String why) {
        l.inFlight().forEach((future, name) -> future.complete(error(name, why)));
    }

    private ToolResult unavailable(String publicName, String problem) {
        return error(publicName, "is unavailable (" + problem + "); reconnecting");
    }

    private ToolResult error(String publicName, String what) {
        return ToolResult.error(publicName, "MCP server '" + spec.name() + "' " + what);
    }

    /** Every distinct message down the cause chain; an exception without one by its type. */
    static String describe(Throwable e) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = e; t != null && parts.size() < 4; t = t.getCause()) {
            String m = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
            if (parts.stream().noneMatch(p -> p.contains(m))) parts.add(m);
            if (t.getCause() == t) break;
        }
        return String.join(": ", parts);
    }
}
