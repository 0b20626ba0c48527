package io.liveharness.chaos;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One node as a child JVM ({@code io.liveharness.cli.Main serve --conf FILE}) on this JVM's class
 * path: a real process, so a fault can SIGKILL it. Its output goes to a log file of its own.
 */
public final class NodeProcess {
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** One GET's answer: status (0 when nothing answered) and body (the error when nothing answered). */
    public record Answer(int status, String body) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return JSON.createObjectNode();
            }
        }
    }

    private final String nodeId;
    private final int port;
    private final Path conf;
    private final Path log;
    private final Map<String, String> env;
    private final String operatorToken;
    private Process process;

    NodeProcess(String nodeId, int port, Path conf, Path log, Map<String, String> env, String operatorToken) {
        this.nodeId = nodeId;
        this.port = port;
        this.conf = conf;
        this.log = log;
        this.env = env;
        this.operatorToken = operatorToken;
    }

    public String nodeId() { return nodeId; }

    public int port() { return port; }

    public Path log() { return log; }

    public synchronized boolean alive() { return process != null && process.isAlive(); }

    public synchronized long pid() { return process == null ? -1 : process.pid(); }

    /** Starts the process; {@link #awaitHealthy} waits for it to answer. */
    public synchronized void start() throws IOException {
        if (alive()) throw new IllegalStateException(nodeId + " is running");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xms64m", "-Xmx768m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                "io.liveharness.cli.Main", "serve", "--conf", conf.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        process = pb.start();
    }

    /** SIGKILL, as a crash or the OOM killer would: no shutdown hook, no release of its rooms. */
    public synchronized void kill() {
        if (process == null) return;
        process.destroyForcibly();
        waitExit(30);
    }

    /** SIGTERM, a graceful stop (the node drains and releases its rooms); SIGKILL after 60 s. */
    public synchronized void stop() {
        if (process == null) return;
        process.destroy();
        if (!waitExit(60)) kill();
    }

    private boolean waitExit(int seconds) {
        try {
            boolean exited = process.waitFor(seconds, TimeUnit.SECONDS);
            if (exited) process = null;
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits until {@code GET /health} answers 200, or fails naming the log. */
    public void awaitHealthy(Duration timeout) {
        long until = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < until) {
            if (!alive()) throw new IllegalStateException(nodeId + " exited while starting; see " + log);
            if (health().status() == 200) return;
            sleep(250);
        }
        throw new IllegalStateException(nodeId + " did not answer GET /health with 200 within " + timeout.toSeconds() + " s; see " + log);
    }

    public Answer health() { return get("/health", false); }

    /** A GET on the operator API, with the operator token. */
    public Answer operatorGet(String path) { return get(path, true); }

    /** A request with the operator token. */
    public Answer operator(String method, String path, String body) { return request(method, path, body, operatorToken); }

    /** A request with {@code Authorization: Bearer token} (the platform's, the publisher's). */
    public Answer request(String method, String path, String body, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + token).header("content-type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return send(b.build());
    }

    private Answer get(String path, boolean operator) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10));
        if (operator) b.header("authorization", "Bearer " + operatorToken);
        return send(b.GET().build());
    }

    private static Answer send(HttpRequest request) {
        try {
            HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body());
        } catch (IOException e) {
            return new Answer(0, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(0, "interrupted");
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
