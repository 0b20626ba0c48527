package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operator's outcome carries the answer's trace: each tool call as the model wrote it, in
 * order, with the result or the error it read back, so an operator can tell a wrong fact the tool
 * gave from one the model made up. Viewers never see it (tool results are the shop's data).
 */
class OutcomeToolTraceTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void theOperatorsOutcomeListsEveryToolCallWithItsArgumentsAndWhatCameBack() throws Exception {
        // First a lookup of the dress on stage, then one of a product that does not exist, then the reply.
        ScriptedBackend model = new ScriptedBackend(call -> switch ((int) call.request().messages().stream()
                .filter(m -> m.role().equals("tool")).count()) {
            case 0 -> ScriptedBackend.pieces("<tool_call>{\"name\": \"product_lookup\", \"arguments\": {\"productId\": \"dress-101\"}}</tool_call>");
            case 1 -> ScriptedBackend.pieces("<tool_call>{\"name\": \"product_lookup\", \"arguments\": {\"productId\": \"dress-999\"}}</tool_call>");
            default -> ScriptedBackend.pieces("有的，M码有货，库存42件，点link-1下单哦。");
        });
        try (Node node = TestNodes.start(TestNodes.patient(TestNodes.config()), model)) {
            Http viewer = new Http(node.port());
            viewer.post("/v1/rooms/dress-room/messages", Http.JSON.createObjectNode()
                    .put("messageId", "trace-1").put("userId", "v1").put("text", "这条裙子M码有货吗?").toString());
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("trace-1", WAIT);
            assertEquals("model", o.path("reason").asText(), o.toString());

            JsonNode tools = o.path("tools");
            assertEquals(2, tools.size(), "both calls, in order: " + o);
            JsonNode found = tools.get(0);
            assertEquals("product_lookup", found.path("tool").asText(), found.toString());
            assertEquals("dress-101", found.path("arguments").path("productId").asText(), "the arguments as a JSON tree: " + found);
            assertTrue(found.path("ok").asBoolean(), found.toString());
            assertEquals(42, found.path("result").path("stock").asInt(-1), "the result the model read, as a JSON tree: " + found);
            assertFalse(found.has("error"), found.toString());

            JsonNode missing = tools.get(1);
            assertEquals("dress-999", missing.path("arguments").path("productId").asText(), missing.toString());
            assertFalse(missing.path("ok").asBoolean(), missing.toString());
            assertTrue(missing.path("error").asText().contains("dress-999"), "the error the model read names what was wrong: " + missing);
            assertFalse(missing.has("result"), missing.toString());

            JsonNode seen = viewer.awaitOutcome("trace-1", WAIT);
            assertEquals(o.path("reply").asText(), seen.path("reply").asText());
            assertFalse(seen.has("tools"), "the trace reached a viewer: " + seen);
        }
    }
}
