package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.support.ChildProcess;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;

/** Test nodes with a known operator token and publisher token, and an HTTP client that sends one. */
final class OpsNodes {
    static final String TOKEN = "test-operator-token-0123456789";
    static final String PUBLISHER_TOKEN = "test-publisher-token-9876543210";

    static NodeConfig config() {
        try {
            Path dir = Files.createTempDirectory("liveharness-ops-");
            return TestNodes.config().withOps(new OpsConfig(TOKEN, dir.resolve("operator-token").toString(), PUBLISHER_TOKEN, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Installs Prometheus and Chromium (Debian packages) if they are missing. */
    static void ensureTestTools() {
        int exit = ChildProcess.run(List.of("bash", "scripts/install-test-tools.sh"), Duration.ofMinutes(10)).exitCode();
        if (exit != 0) throw new AssertionError("scripts/install-test-tools.sh failed with exit code " + exit);
    }

    static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    /** Like {@link Http}, with an {@code Authorization} header of its choosing (none when null). */
    static final class Client {
        private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        private final String base;
        private final String authorization;
        private final boolean viewerCallsWithout;

        Client(int port, String authorization) { this(port, authorization, false); }

        private Client(int port, String authorization, boolean viewerCallsWithout) {
            this.base = "http://127.0.0.1:" + port;
            this.authorization = authorization;
            this.viewerCallsWithout = viewerCallsWithout;
        }

        /** Sends the operator token on every request, viewer endpoints included. */
        static Client operator(int port) { return new Client(port, "Bearer " + TOKEN); }

        /** Sends the publisher token: it may publish a harness version, and nothing else. */
        static Client publisher(int port) { return new Client(port, "Bearer " + PUBLISHER_TOKEN); }

        /** Both sides, as a test plays them: the token on operator endpoints only. */
        static Client operatorAndViewer(int port) { return new Client(port, "Bearer " + TOKEN, true); }

        private static boolean viewerPath(String path) {
            return path.matches("/v1/rooms/[^/]+/(messages|state|events)") || path.matches("/v1/rooms/[^/]+/messages/[^/]+") || path.equals("/health");
        }

        /**
         * Polls until the outcome is known: the operator's {@code GET /v1/outcomes/{id}} (the whole
         * outcome, harness version included) when this client has the token, else the viewer's
         * {@code GET /v1/messages/{id}}.
         */
        JsonNode awaitOutcome(String messageId, Duration timeout) {
            String path = "/v1/rooms/" + Http.roomOf(messageId) + (authorization != null ? "/outcomes/" : "/messages/") + messageId;
            Http.Reply r = await("an outcome at " + path).atMost(timeout).pollInterval(Duration.ofMillis(20))
                    .until(() -> get(path), reply -> reply.status() != 202);
            if (r.status() != 200) throw new AssertionError("GET " + path + " gave " + r.status() + " " + r.body());
            return r.json();
        }

        Http.Reply get(String path) { return send("GET", path, null); }

        Http.Reply post(String path, String body) { return send("POST", path, body); }

        Http.Reply put(String path, String body) { return send("PUT", path, body); }

        Http.Reply delete(String path) { return send("DELETE", path, null); }

        Http.Reply send(String method, String path, String body) {
            if ("POST".equals(method) && body != null) Http.noteRoom(path, body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) b.header("content-type", "application/json");
            if (authorization != null && !(viewerCallsWithout && viewerPath(path))) b.header("Authorization", authorization);
            try {
                HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
                JsonNode json = null;
                try {
                    json = r.body().isEmpty() ? null : Http.JSON.readTree(r.body());
                } catch (IOException notJson) {
                    // /metrics and the console are not JSON
                }
                return new Http.Reply(r.statusCode(), json, r.body());
            } catch (Exception e) {
                throw new AssertionError(method + " " + path + " failed: " + e, e);
            }
        }
    }

    private OpsNodes() { }
}
