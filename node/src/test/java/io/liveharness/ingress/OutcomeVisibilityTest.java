package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A blocked reply's hook decisions quote what they matched (a phone number, a prohibited claim):
 * viewers, on the open WebSocket and {@code GET /v1/messages/{id}}, get the outcome without them;
 * the operator, with the operator token on {@code GET /v1/outcomes/{id}}, gets all of it.
 */
class OutcomeVisibilityTest {

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    @Test
    void viewersSeeWhatWasSaidAndWhyInAWordButNotWhatTheHooksMatched(@TempDir Path dir) throws Exception {
        Path harness = TestNodes.copyDefaultHarness(dir);
        // A reply to an English question has a vowel in every segment: banning the five, as the first output hook, blocks
        // each reply, and the block quotes it ("It's sold out right now, ..." has no "a", which was banned alone until a model wrote it).
        String manifest = Files.readString(harness.resolve("harness.yaml"));
        String first = "  - {type: not-empty, at: output}";
        Files.writeString(harness.resolve("harness.yaml"),
                manifest.replace(first, "  - {type: banned-terms, at: output, params: {terms: [a, e, i, o, u]}}\n" + first));
        try (Node node = TestNodes.start(TestNodes.withHarnessDir(TestNodes.config(), dir))) {
            Http viewer = new Http(node.port());
            List<String> frames = new CopyOnWriteArrayList<>();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + node.port() + "/v1/rooms/tech-room/events"), new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                            frames.add(data.toString());
                            socket.request(1);
                            return null;
                        }
                    }).get(10, TimeUnit.SECONDS);

            viewer.post("/v1/rooms/tech-room/messages", message("seen-1", "is the power bank in stock?"));
            JsonNode seen = viewer.awaitOutcome("seen-1", Duration.ofSeconds(60));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (frames.stream().noneMatch(f -> f.contains("\"type\":\"outcome\"")) && System.nanoTime() < until) Thread.sleep(20);
            ws.abort();

            JsonNode operator = Http.operator(node.port()).awaitOperatorOutcome("seen-1", Duration.ofSeconds(5));
            assertTrue(operator.path("hooks").toString().contains("banned-terms: block"), operator.toString());
            assertTrue(operator.path("detail").asText().startsWith("hook "), operator.toString());
            assertTrue(operator.path("timingsMs").has("hook_checks"), operator.toString());

            String frame = frames.stream().filter(f -> f.contains("\"type\":\"outcome\"")).findFirst()
                    .orElseThrow(() -> new AssertionError("no outcome frame: " + frames));
            for (JsonNode o : List.of(seen, Http.JSON.readTree(frame))) {
                assertEquals("answered", o.path("status").asText(), o.toString());
                assertEquals("fallback", o.path("reason").asText(), o.toString());
                assertEquals(operator.path("reply").asText(), o.path("reply").asText(), "the viewer sees what was said");
                for (String hidden : List.of("detail", "hooks", "timingsMs", "harnessVersion", "confidence")) {
                    assertFalse(o.has(hidden), hidden + " reached a viewer: " + o);
                }
                assertFalse(o.toString().contains("banned-terms"), o.toString());
            }

            assertEquals(401, viewer.get("/v1/rooms/tech-room/outcomes/seen-1").status(), "the operator's view needs the operator token");
            assertEquals(403, Http.platform(node.port()).get("/v1/rooms/tech-room/outcomes/seen-1").status(), "the platform's token is not it");
        }
    }
}
