package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.OpsConfig;
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

/** Test nodes with a known operator token, and an HTTP client that sends it. */
final class OpsNodes {
    static final String TOKEN = "test-operator-token-0123456789";

    static NodeConfig config() {
        try {
            Path dir = Files.createTempDirectory("liveharness-ops-");
            return TestNodes.config().withOps(new OpsConfig(TOKEN, dir.resolve("operator-token").toString()));
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
        try {
            Process p = new ProcessBuilder("bash", "scripts/install-test-tools.sh").inheritIO().start();
            if (p.waitFor() != 0) throw new AssertionError("scripts/install-test-tools.sh failed");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    /** Like {@link Http}, with an {@code Authorization} header of its choosing (none when null). */
    static final class Client {
        private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        private final String base;
        private final String authorization;

        Client(int port, String authorization) {
            this.base = "http://127.0.0.1:" + port;
            this.authorization = authorization;
        }

        static Client operator(int port) { return new Client(port, "Bearer " + TOKEN); }

        Http.Reply get(String path) { return send("GET", path, null); }

        Http.Reply post(String path, String body) { return send("POST", path, body); }

        Http.Reply put(String path, String body) { return send("PUT", path, body); }

        Http.Reply delete(String path) { return send("DELETE", path, null); }

        Http.Reply send(String method, String path, String body) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) b.header("content-type", "application/json");
            if (authorization != null) b.header("Authorization", authorization);
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
