package io.liveharness.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.awaitility.Awaitility.await;

/** A small HTTP client over the JDK's, for talking to a node like any other client would. */
public final class Http {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public record Reply(int status, JsonNode json, String body) { }

    private final String authorization;

    public Http(int port) { this(port, null); }

    private Http(int port, String authorization) {
        this.base = "http://127.0.0.1:" + port;
        this.authorization = authorization;
    }

    /** A client for the operator API: it sends the test nodes' token (viewer endpoints refuse it). */
    public static Http operator(int port) { return new Http(port, "Bearer " + TestNodes.OPERATOR_TOKEN); }

    /** As the test nodes' OpenAI-compatible API client. */
    public static Http apiClient(int port) { return new Http(port, "Bearer " + TestNodes.API_KEY); }

    /** A client for the commerce platform's endpoints (room state): it sends the test nodes' platform token. */
    public static Http platform(int port) { return new Http(port, "Bearer " + TestNodes.PLATFORM_TOKEN); }

    /** A client that sends {@code Authorization: Bearer <token>}. */
    public static Http bearer(int port, String token) { return new Http(port, "Bearer " + token); }

    public String base() { return base; }

    public Reply post(String path, String body) { return post(path, body.getBytes(java.nio.charset.StandardCharsets.UTF_8)); }

    /** The room each message id was posted to, by any client: message ids are a room's own. */
    private static final java.util.Map<String, String> ROOM_OF = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.regex.Pattern MESSAGES = java.util.regex.Pattern.compile("/v1/rooms/([^/]+)/messages");

    public Reply post(String path, byte[] body) {
        noteRoom(path, body);
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    public Reply put(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public Reply delete(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE().build()); }

    public Reply get(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).GET().build()); }

    /** Polls {@code GET /v1/messages/{id}} until the outcome is known. */
    public JsonNode awaitOutcome(String messageId, Duration timeout) {
        return awaitOutcome(roomOf(messageId), messageId, timeout);
    }

    /** Polls {@code GET /v1/rooms/{roomId}/messages/{id}} until the outcome is known. */
    public JsonNode awaitOutcome(String roomId, String messageId, Duration timeout) {
        return awaitKnown("/v1/rooms/" + roomId + "/messages/" + messageId, timeout);
    }

    /** Remembers the room of a message posted to {@code path} (any client's POST), for {@link #roomOf}. */
    public static void noteRoom(String path, byte[] body) {
        var m = MESSAGES.matcher(path);
        if (!m.matches()) return;
        try {
            String id = JSON.readTree(body).path("messageId").asText("");
            if (!id.isEmpty()) ROOM_OF.put(id, m.group(1));
        } catch (Exception notJson) {
            // a malformed body: the node refuses it, nothing to await
        }
    }

    /** The room a message id was posted to through this class; a test of a message it did not post names the room. */
    public static String roomOf(String messageId) {
        String room = ROOM_OF.get(messageId);
        if (room == null) throw new AssertionError("message '" + messageId + "' was not posted through Http: name its room");
        return room;
    }

    /**
     * Polls the operator's {@code GET /v1/outcomes/{id}} (this client must be {@link #operator}) until
     * the outcome is known: the full record, with its detail, hook decisions and stage timings.
     */
    public JsonNode awaitOperatorOutcome(String messageId, Duration timeout) {
        return awaitOperatorOutcome(roomOf(messageId), messageId, timeout);
    }

    public JsonNode awaitOperatorOutcome(String roomId, String messageId, Duration timeout) {
        return awaitKnown("/v1/rooms/" + roomId + "/outcomes/" + messageId, timeout);
    }

    /** Polls {@code GET path} while it answers 202 (not known yet); its JSON once 200, a failure on anything else. */
    private JsonNode awaitKnown(String path, Duration timeout) {
        Reply r = await("an outcome at " + path).atMost(timeout).pollInterval(Duration.ofMillis(20))
                .until(() -> get(path), reply -> reply.status() != 202);
        if (r.status() != 200) throw new AssertionError("GET " + path + " gave " + r.status() + " " + r.body());
        return r.json();
    }

    private Reply send(HttpRequest request) {
        HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true).timeout(Duration.ofSeconds(30));
        if (authorization != null) b.header("authorization", authorization);
        request = b.build();
        try {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode json = r.body().isEmpty() ? null : JSON.readTree(r.body());
            return new Reply(r.statusCode(), json, r.body());
        } catch (Exception e) {
            throw new AssertionError(request.method() + " " + request.uri() + " failed: " + e, e);
        }
    }

    /** A WebSocket on a room's events that adds each whole text frame to {@code frames}, in order. */
    public static java.net.http.WebSocket openEvents(int port, String roomId, java.util.List<String> frames) throws Exception {
        return HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/v1/rooms/" + roomId + "/events"), new java.net.http.WebSocket.Listener() {
                    private final StringBuilder partial = new StringBuilder();

                    @Override
                    public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            frames.add(partial.toString());
                            partial.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(5, java.util.concurrent.TimeUnit.SECONDS);
    }
}
