package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DemoSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode outcome(String status, String reason, String intent) {
        return JSON.createObjectNode().put("status", status).put("reason", reason).put("intent", intent);
    }

    @Test
    void countsTheModelsOwnAnswersAndProductQuestionsApart() {
        var outcomes = List.of(outcome("answered", "model", "product_qa"), outcome("answered", "fallback", "product_qa"),
                outcome("answered", "model", "chitchat"), outcome("dropped", "spam", "spam"), outcome("merged", "duplicate", "product_qa"));
        assertEquals("answered by the model: 2 of 3 answers; product questions: 1 of 2", DemoCommand.byModel(outcomes));
    }

    @Test
    void aToolCallIsOneLineWithItsArgumentsAndTheStartOfWhatCameBack() throws Exception {
        JsonNode found = JSON.readTree("{\"tool\":\"product_lookup\",\"arguments\":{\"productId\":\"earbuds-201\"},\"ok\":true,"
                + "\"result\":{\"id\":\"earbuds-201\",\"stock\":120}}");
        assertEquals("product_lookup {\"productId\":\"earbuds-201\"} -> {\"id\":\"earbuds-201\",\"stock\":120}", DemoCommand.toolCall(found));

        JsonNode failed = JSON.readTree("{\"tool\":\"product_lookup\",\"arguments\":\"{productId:\",\"ok\":false,\"error\":\"not JSON\"}");
        assertEquals("product_lookup \"{productId:\" -> error: not JSON", DemoCommand.toolCall(failed));

        String material = "碎".repeat(200);
        String shown = DemoCommand.toolCall(JSON.createObjectNode().put("tool", "t").put("ok", true)
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("arguments", JSON.createObjectNode())
                .set("result", JSON.createObjectNode().put("m", material)));
        assertEquals("t {} -> {\"m\":\"" + "碎".repeat(154) + " ...", shown, "a long result is cut at whole characters");
    }
}
