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
}
