package io.liveharness.tools.mcp;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One life of one server: a fresh transport and client, initialized. A lost server is never revived
 * in place; {@link McpToolSource} opens a new connection instead, which also restarts a stdio process
 * and gets a new HTTP session.
 */
final class McpConnection implements AutoCloseable {
    static final McpJsonMapper JSON = new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper());

    private final McpAsyncClient client;
    private final Process process;

    private McpConnection(McpAsyncClient client, Process process) {
        this.client = client;
        this.process = process;
    }

    /** Starts/reaches the server and initializes it; blocks, so call it off the event loop. */
    static McpConnection open(McpServerSpec spec, Consumer<List<McpSchema.Tool>> toolsChanged) {
        StderrTail stderr = new StderrTail();
        McpClientTransport transport = switch (spec.transport()) {
            case McpServerSpec.Stdio s -> stdio(s, stderr);
            case McpServerSpec.Http h -> HttpClientStreamableHttpTransport.builder(origin(h))
                    .endpoint(h.url().getRawPath().isEmpty() ? "/" : h.url().getRawPath())
                    .jsonMapper(JSON)
                    .connectTimeout(Duration.ofMillis(spec.connectTimeoutMs()))
                    .build();
        };
        McpAsyncClient client = McpClient.async(transport)
                // Backstop only: McpToolSource enforces callTimeoutMs per call with its own message.
                .requestTimeout(Duration.ofMillis(Math.max(spec.callTimeoutMs(), spec.connectTimeoutMs()) + 1_000))
                .initializationTimeout(Duration.ofMillis(spec.connectTimeoutMs()))
                .clientInfo(new McpSchema.Implementation("liveharness", "0.1.0"))
                .toolsChangeConsumer(tools -> Mono.fromRunnable(() -> toolsChanged.accept(tools)))
                .build();
        try {
            awaitInitialized(spec, client, transport, stderr);
        } catch (RuntimeException e) {
            client.close();
            Process p = transport instanceof StdioClientTransport t ? processOf(t) : null;
            if (p != null) p.destroyForcibly();
            throw e;
        }
        Process process = transport instanceof StdioClientTransport t ? processOf(t) : null;
        return new McpConnection(client, process);
    }

    /** Waits for initialize, but gives up at once if a stdio server dies meanwhile (the SDK would wait it out). */
    private static void awaitInitialized(McpServerSpec spec, McpAsyncClient client, McpClientTransport transport,
                                         StderrTail stderr) {
        CompletableFuture<McpSchema.InitializeResult> init = client.initialize().toFuture();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(spec.connectTimeoutMs());
        while (true) {
            try {
                init.get(100, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException notYet) {
                Process p = transport instanceof StdioClientTransport t ? processOf(t) : null;
                if (p != null && !p.isAlive()) {
                    stderr.drain();
                    throw new IllegalStateException("server process exited with code " + p.exitValue()
                            + " before initializing" + stderr.describe());
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("initialize timed out after " + spec.connectTimeoutMs() + " ms" + stderr.describe());
                }
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while initializing", e);
            }
        }
    }

    /** The last few stderr lines of a stdio server, to say why it would not start. */
    private static final class StderrTail {
        private final java.util.Deque<String> lines = new java.util.concurrent.ConcurrentLinkedDeque<>();

        void add(String line) {
            lines.addLast(line);
            while (lines.size() > 5) lines.pollFirst();
        }

        /**
         * The SDK's reader thread may still be on the dead process's last lines: give it up to a
         * second (a loaded machine needs more than a moment), less when a line has come.
         */
        void drain() {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            try {
                Thread.sleep(50);
                while (lines.isEmpty() && System.nanoTime() < deadline) Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        String describe() { return lines.isEmpty() ? "" : "; stderr: " + String.join(" | ", lines); }
    }

    McpAsyncClient client() { return client; }

    /** The stdio server's process, to notice its death at once rather than at the next timeout. */
    Optional<Process> process() { return Optional.ofNullable(process); }

    /** Lists every tool, following pagination; blocks. */
    List<McpSchema.Tool> listTools(long timeoutMs) {
        List<McpSchema.Tool> all = new java.util.ArrayList<>();
        String cursor = null;
        do {
            McpSchema.ListToolsResult page = client.listTools(cursor).block(Duration.ofMillis(timeoutMs));
            if (page == null) break;
            all.addAll(page.tools());
            cursor = page.nextCursor();
        } while (cursor != null && !cursor.isEmpty());
        return all;
    }

    /** Closes the session and, for stdio, makes sure the process is gone (TERM, then KILL). */
    @Override
    public void close() {
        try {
            client.closeGracefully().block(Duration.ofSeconds(3));
        } catch (RuntimeException e) {
            client.close();
        }
        if (process != null && process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static StdioClientTransport stdio(McpServerSpec.Stdio s, StderrTail stderr) {
        ServerParameters params = ServerParameters.builder(s.command().getFirst())
                .args(s.command().subList(1, s.command().size()))
                .build();
        // The SDK seeds every child with some of the JVM's variables (HOME, USER, SHELL, ...) and
        // starts it from a ProcessBuilder that holds all of them (the operator token, API keys). The
        // child gets exactly childEnvironment instead: the builder starts empty and the SDK's map is
        // replaced (getEnv() is its live map in the pinned SDK; checked, so a change fails loudly).
        Map<String, String> env = childEnvironment(s, System.getenv());
        params.getEnv().clear();
        params.getEnv().putAll(env);
        if (!params.getEnv().equals(env)) {
            throw new IllegalStateException("the MCP SDK no longer lets the child's environment be set exactly; refusing to start it");
        }
        StdioClientTransport transport = new StdioClientTransport(params, JSON) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                ProcessBuilder pb = new ProcessBuilder();
                pb.environment().clear();
                return pb;
            }
        };
        transport.setStdErrorHandler(stderr::add); // kept short: only to explain a failed start
        return transport;
    }

    /**
     * A stdio server's whole environment: what conf gives it, plus the node's {@code PATH} unless conf
     * sets one. PATH is passed because the command's interpreter is usually found through it
     * ({@code node}, or a script's {@code #!/usr/bin/env python3}) and servers start helpers the
     * same way; it names folders, holds no secret. Nothing else is (no HOME: a server that needs
     * one gets it from conf), so the node's tokens and keys never reach a child.
     */
    static Map<String, String> childEnvironment(McpServerSpec.Stdio s, Map<String, String> nodeEnv) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        String path = nodeEnv.get("PATH");
        if (path != null) env.put("PATH", path);
        env.putAll(s.env());
        return env;
    }

    private static String origin(McpServerSpec.Http h) {
        var u = h.url();
        return u.getScheme() + "://" + u.getRawAuthority();
    }

    /**
     * The SDK keeps the child {@link Process} private, yet it is the only quick signal that a stdio
     * server died (the SDK itself just lets pending requests time out). Read reflectively: the SDK
     * (2.1.0, and 2.2.0 alike) has no getter, its one hook {@code getProcessBuilder()} hands back a
     * {@link ProcessBuilder}, a final class whose {@code start()} cannot be intercepted, and its
     * public {@code awaitForExit()} gives neither the exit code (the "exited with code 3" an
     * operator reads) nor a handle to kill a child that ignores TERM. The SDK version is pinned and
     * the reconnect test breaks loudly if the field moves.
     */
    private static Process processOf(StdioClientTransport transport) {
        try {
            Field f = StdioClientTransport.class.getDeclaredField("process");
            f.setAccessible(true);
            return (Process) f.get(transport);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
