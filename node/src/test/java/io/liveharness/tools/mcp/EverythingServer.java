package io.liveharness.tools.mcp;

import io.liveharness.support.ChildProcess;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * The real reference server {@code @modelcontextprotocol/server-everything}, installed once by
 * {@code scripts/install-mcp-everything.sh} (pinned version, cached outside the repo), started as a
 * stdio child by the source under test or as a streamable-HTTP process that the test owns.
 */
final class EverythingServer {
    private static volatile Path entry;

    /** Installs the server if needed and returns its entry script. */
    static synchronized Path entry() {
        if (entry != null) return entry;
        String out = ChildProcess.lastLineOf(List.of("bash", "scripts/install-mcp-everything.sh"), Duration.ofMinutes(5));
        Path path = Path.of(out);
        if (!Files.isRegularFile(path)) throw new IllegalStateException("no server-everything entry at '" + out + "'");
        entry = path;
        return path;
    }

    static McpServerSpec stdioSpec(String name) {
        return McpServerSpec.stdio(name, List.of("node", entry().toString(), "stdio"), Map.of())
                .withReconnect(100, 1_000);
    }

    /** How a node's conf declares the stdio server, with {@code env} as the child's environment. */
    static io.liveharness.config.NodeConfig.McpServerConfig conf(Map<String, String> env) {
        return new io.liveharness.config.NodeConfig.McpServerConfig(
                new io.liveharness.config.NodeConfig.McpStdio(List.of("node", entry().toString(), "stdio"), env),
                null, 5_000L, null, 100L, 1_000L);
    }

    static McpServerSpec httpSpec(String name, int port) {
        return McpServerSpec.http(name, URI.create("http://127.0.0.1:" + port + "/mcp")).withReconnect(100, 1_000);
    }

    /** Starts the streamable-HTTP server on {@code port} and waits until it accepts connections. */
    static Process startHttp(int port) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("node", entry().toString(), "streamableHttp")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PORT", Integer.toString(port));
        Process p = pb.start();
        try {
            await("the HTTP server listens on port " + port).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        if (!p.isAlive()) throw new IllegalStateException("HTTP server exited with code " + p.exitValue());
                        return accepts(port);
                    });
            return p;
        } catch (RuntimeException e) {
            stop(p);
            throw e;
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Kills a process and its children, by handle, and waits for it. */
    static void stop(Process p) {
        if (p != null) ChildProcess.kill(p.toHandle());
    }

    /** Any server-everything process this JVM started and still has: killed, and returned so a test can fail. */
    static List<ProcessHandle> killLeftovers() {
        List<ProcessHandle> left = running();
        left.forEach(ChildProcess::kill);
        return left;
    }

    /** The server-everything processes this JVM has started and that are alive now. */
    static List<ProcessHandle> running() {
        String marker = "server-everything";
        return ProcessHandle.current().descendants()
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false)
                        || h.info().arguments().map(a -> String.join(" ", a).contains(marker)).orElse(false))
                .toList();
    }

    private EverythingServer() { }
}
