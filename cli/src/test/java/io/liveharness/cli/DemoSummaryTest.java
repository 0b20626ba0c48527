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

    private static JsonNode outcome(String status, String reason, String intent, long latencyMs) {
        return JSON.createObjectNode().put("status", status).put("reason", reason).put("intent", intent).put("latencyMs", latencyMs);
    }

    @Test
    void coverageCountsQuestionsAnsweredOrMergedAndLeavesSmallTalkOut() {
        var outcomes = List.of(outcome("answered", "model", "product_qa", 3_000), outcome("merged", "duplicate", "product_qa", 5_000),
                outcome("answered", "fallback", "logistics", 20_000), outcome("dropped", "stale", "clarification", 7_000),
                outcome("answered", "model", "chitchat", 1_000), outcome("dropped", "spam", "spam", 0));
        assertEquals("question coverage: 3 of 4 questions spoken (75 %): 2 answered, 1 merged into an answer; "
                        + "not spoken: {dropped/stale=1}; within 15 s: 2 (50 %)\n"
                        + "question latency (acceptance to the covering reply's end): P50 5000 ms, P95 20000 ms, max 20000 ms",
                DemoCommand.coverage(outcomes).replace(System.lineSeparator(), "\n"));
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
