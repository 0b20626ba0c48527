package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's hooks act on real requests in a real room, and each outcome says what they did. */
class HookPointsInTheRoomTest {

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    @Test
    void anAbusiveMessageIsRefusedByTheInputHooksAndNeverAnswered() {
        try (Node node = TestNodes.start()) {
            Http http = new Http(node.port());
            // A product question the router routes to the agent, with abuse in it: the input hooks stop it.
            http.post("/v1/rooms/dress-room/messages", message("abuse-1", "M码有货吗 去死"));
            http.awaitOutcome("abuse-1", Duration.ofSeconds(30));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("abuse-1", Duration.ofSeconds(5)); // the hooks: operators only
            assertEquals("dropped", o.path("status").asText(), o.toString());
            assertEquals("refused", o.path("reason").asText(), o.toString());
            assertFalse(o.has("reply"), "nothing is said: " + o);
            assertTrue(o.path("hooks").toString().contains("input/abuse-filter: block"), o.toString());
            assertFalse(o.path("detail").asText().contains("去死"), "the refusal does not repeat the abuse: " + o.path("detail"));
        }
    }

    @Test
    void aReplyTooLongForTtsIsRewrittenByTheOutputHooks(@TempDir Path dir) throws IOException {
        Path harness = TestNodes.copyDefaultHarness(dir);
        Path manifest = harness.resolve("harness.yaml");
        Files.writeString(manifest, Files.readString(manifest).replace("{type: tts-length, at: output, params: {maxChars: 160}}",
                "{type: tts-length, at: output, params: {maxChars: 30}}"));
        try (Node node = TestNodes.start(TestNodes.withHarnessDir(TestNodes.config(), dir))) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/tech-room/messages", message("long-1", "hi Max, how are you today?"));
            http.awaitOutcome("long-1", Duration.ofSeconds(60));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("long-1", Duration.ofSeconds(5)); // the hooks: operators only
            assertEquals("model", o.path("reason").asText(), o.toString());
            assertTrue(o.path("reply").asText().codePointCount(0, o.path("reply").asText().length()) <= 30, o.toString());
            assertTrue(o.path("hooks").toString().contains("output/tts-length: rewrite"), o.toString());
        }
    }
}
