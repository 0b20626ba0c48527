package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A load report's question coverage: questions whose answer was spoken, their own or merged, and in time. */
class QuestionCoverageTest {
    private static final long S = 1_000_000_000L;

    @Test
    void questionsAnsweredOrMergedAreCoveredAndSmallTalkIsNotCounted() {
        LoadRecorder rec = new LoadRecorder(5, 10, 70);
        rec.outcome(20 * S, "answered", "model", 3_000_000, false, true);
        rec.outcome(20 * S, "merged", "duplicate", 4_000_000, false, true);
        rec.outcome(20 * S, "answered", "fallback", 20_000_000, false, true); // spoken, but past 15 s
        rec.outcome(20 * S, "dropped", "stale", 9_000_000, false, true);
        rec.outcome(20 * S, "answered", "model", 1_000_000, false, false);   // chitchat
        rec.outcome(2 * S, "dropped", "stale", 9_000_000, false, true);      // in the warm-up
        JsonNode c = LoadReport.coverage(rec);
        assertEquals(4, c.get("questions").asLong());
        assertEquals(3, c.get("spoken").asLong());
        assertEquals(2, c.get("spokenWithin").asLong());
        assertEquals(75.0, c.get("percent").asDouble());
        assertEquals(50.0, c.get("percentWithin").asDouble());
    }

    @Test
    void aTextsLabelDecidesWhetherItIsAQuestion() {
        MessageTexts texts = new MessageTexts(MessageTexts.DEFAULT_DATA, Map.of("product_qa", 0.5, "other", 0.5));
        var random = new java.util.SplittableRandom(7);
        for (int i = 0; i < 50; i++) {
            int intent = texts.drawIntent(random);
            String text = texts.text(intent, random);
            if (texts.intent(intent).equals("product_qa")) assertEquals("product_qa", texts.labelOf(text), text);
        }
        assertEquals("", texts.labelOf("no such text in the data set " + Path.of(".")));
    }
}
