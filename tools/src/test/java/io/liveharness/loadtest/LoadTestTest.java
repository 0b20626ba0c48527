package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 30-second smoke scenario against an in-process node: one outcome per sent message, and a report that parses. */
class LoadTestTest {

    @Test
    void thirtySecondsAgainstAnEmbeddedNodeGiveOneOutcomePerMessageAndAReport(@TempDir Path reports) throws Exception {
        Scenario s = Scenario.load(Path.of("loadtest/smoke.yaml"));
        assertEquals(30, s.totalS());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path dir = LoadTest.embedded(s, TestNodes.config(), reports, new PrintStream(log, true));

        JsonNode summary = new ObjectMapper().readTree(Files.readString(dir.resolve("summary.json")));
        JsonNode m = summary.get("messages");
        long sent = m.get("sent").asLong();
        assertTrue(sent > 5, "the schedule sent " + sent + " messages: " + log);
        assertEquals(sent, m.get("accepted").asLong(), "every message accepted: " + m);
        assertEquals(sent, m.get("outcomes").asLong(), "one outcome each: " + summary.get("exactlyOneOutcome"));
        JsonNode one = summary.get("exactlyOneOutcome");
        assertTrue(one.get("ok").asBoolean(), one.toString());
        assertEquals(0, one.get("missingCount").asInt());
        assertEquals(0, one.get("duplicateOutcomeFrames").asInt());
        long byKind = 0;
        for (JsonNode v : summary.get("headline").get("outcomesByKind")) byKind += v.asLong();
        assertEquals(sent, byKind);
        assertTrue(summary.get("headline").get("peakHeapMb").isNumber(), "embedded: peak heap measured");
        assertTrue(summary.get("headline").get("answeredLatencyMs").has("p95"), summary.get("headline").toString());
        assertTrue(summary.get("timeline").size() > 0);
        // model answers and shed waits are their own figures; the sampled rooms' clients hear segments
        JsonNode h = summary.get("headline");
        long answeredMeasured = h.get("answeredLatencyMs").get("count").asLong();
        assertTrue(h.get("modelAnswerLatencyMs").get("count").asLong() + h.get("shedAtOnceLatencyMs").get("count").asLong()
                <= answeredMeasured, h.toString());
        if (h.get("answeredByModel").asLong() > 0) {
            assertTrue(summary.get("outcomeCollection").get("firstSegmentMsWsSample").get("count").asLong() > 0,
                    "a model answer in a sampled room was heard as segments: " + summary.get("outcomeCollection"));
        }
        // the engine's side: the shed histogram is served (a quiet smoke run sheds nothing), and the ceiling was
        // measured on the embedded node's engine and sized by this run's replies
        JsonNode engine = summary.get("engine");
        assertTrue(engine.get("shedAtBatcher").isObject(), engine.toString());
        if (h.get("answeredByModel").asLong() > 0) {
            assertTrue(engine.get("ceiling").get("tokensPerSecond").asDouble() > 0, engine.toString());
            assertTrue(engine.get("ceilingAnswersPerSecond").asDouble() > 0, engine.toString());
        }

        // every report says how many questions had their answer spoken
        JsonNode coverage = h.get("questionCoverage");
        assertTrue(coverage.get("questions").asLong() > 0, "the smoke mix asks questions: " + coverage);
        assertTrue(coverage.get("spoken").asLong() <= coverage.get("questions").asLong()
                && coverage.get("spokenWithin").asLong() <= coverage.get("spoken").asLong(), coverage.toString());

        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("question coverage"), "the report shows the coverage row");
        assertTrue(html.contains("model answers/s against the engine"), "the report shows the ceiling row");
        assertTrue(html.startsWith("<!doctype html>") && html.contains("<div class=\"chart\" id=\"latency\">") && html.endsWith("</html>\n"));
        assertTrue(html.contains("uPlot") && !html.contains("<script src"), "self-contained: the chart library is inside the page");
        Files.copy(dir.resolve("report.html"), Path.of("target", "loadtest-report.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue(summary.get("voiceUtilisation").get("rooms").asInt() > 0, summary.get("voiceUtilisation").toString());
        assertTrue(html.contains("Voice utilisation over time"), "the report pictures the voice's utilisation");
    }
}
