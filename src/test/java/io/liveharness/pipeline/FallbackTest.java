package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the model cannot give a usable answer, the room still speaks: the skill's grounded fallback. */
class FallbackTest {

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    @Test
    void aModelThatMissesTheDeadlineGivesTheGroundedFallback() {
        NodeConfig c = TestNodes.config();
        RoomsConfig r = c.rooms();
        NodeConfig hurried = TestNodes.withRooms(c, new RoomsConfig(r.dir(), r.queueCapacity(), r.staleAfterMs(),
                r.passivateAfterMs(), r.contextTokenBudget(), r.historyTurns(), 1L, r.mergeSimilarity()));
        try (Node node = TestNodes.start(hurried)) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/dress-room/messages", message("late-1", "这条裙子多少钱?"));
            JsonNode o = http.awaitOutcome("late-1", Duration.ofSeconds(30));
            assertEquals("answered", o.path("status").asText(), o.toString());
            assertEquals("fallback", o.path("reason").asText(), o.toString());
            assertTrue(o.path("detail").asText().contains("deadline"), o.toString());
            assertTrue(o.path("reply").asText().contains("159.0") && o.path("reply").asText().contains("link-1"),
                    "the fallback states the catalog's price and link: " + o);
        }
    }

    @Test
    void aReplyTheHooksBlockTwiceGivesTheFallbackWithTheReason(@TempDir Path dir) throws IOException {
        Path harness = TestNodes.copyDefaultHarness(dir);
        // Every story the test model tells has an "a" in it: banning it blocks each reply.
        String manifest = Files.readString(harness.resolve("harness.yaml"));
        String last = "  - {type: tts-length, at: output, params: {maxChars: 160}}";
        Files.writeString(harness.resolve("harness.yaml"),
                manifest.replace(last, last + "\n  - {type: banned-terms, at: output, params: {terms: [a]}}"));
        NodeConfig strict = TestNodes.withHarnessDir(TestNodes.config(), dir);
        try (Node node = TestNodes.start(strict)) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/tech-room/messages", message("blocked-1", "is the power bank in stock?"));
            JsonNode o = http.awaitOutcome("blocked-1", Duration.ofSeconds(60));
            assertEquals("fallback", o.path("reason").asText(), o.toString());
            assertTrue(o.path("detail").asText().contains("banned-terms"), o.toString());
            assertTrue(o.path("timingsMs").path("hook_checks").asDouble() > 0, "the hooks ran: " + o);
        }
    }
}
