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
        NodeConfig hurried = TestNodes.withRooms(c, r.withReplyDeadlineMs(1L));
        try (Node node = TestNodes.start(hurried)) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/dress-room/messages", message("late-1", "这条裙子多少钱?"));
            http.awaitOutcome("late-1", Duration.ofSeconds(30));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("late-1", Duration.ofSeconds(5)); // with its detail
            assertEquals("answered", o.path("status").asText(), o.toString());
            assertEquals("fallback", o.path("reason").asText(), o.toString());
            assertTrue(o.path("detail").asText().contains("deadline"), o.toString());
            assertTrue(o.path("reply").asText().contains("¥159,") && o.path("reply").asText().contains("link-1"),
                    "the fallback states the catalog's price and link: " + o);
        }
    }

    @Test
    void theFallbackIsAboutTheProductTheQuestionNamesNotTheOneOnStage() {
        NodeConfig c = TestNodes.config();
        NodeConfig hurried = TestNodes.withRooms(c, c.rooms().withReplyDeadlineMs(1L));
        try (Node node = TestNodes.start(hurried)) {
            Http http = new Http(node.port());
            // the earbuds (¥299, link-5) are on stage in the tech room
            http.post("/v1/rooms/tech-room/messages", message("named-1", "is the power bank in stock?"));
            http.post("/v1/rooms/tech-room/messages", message("named-2", "how much is it?"));
            String named = http.awaitOutcome("named-1", Duration.ofSeconds(30)).path("reply").asText();
            assertTrue(named.contains("power bank is sold out") && !named.contains("0 left") && !named.contains("link-6") && !named.contains("link-5"),
                    "a sold-out product is said sold out, with no count and no buy link: " + named);
            String unnamed = http.awaitOutcome("named-2", Duration.ofSeconds(30)).path("reply").asText();
            assertTrue(unnamed.contains("¥299") && unnamed.contains("link-5"), "a question naming none is about the one on stage: " + unnamed);
        }
    }

    @Test
    void aMessageTheEngineCannotAnswerBeforeItsDeadlineGetsTheGroundedFallbackAtOnceWithReasonOverload() throws Exception {
        try (Node node = TestNodes.start()) { // the committed 8 s reply deadline and 64-token replies
            // 300 ms a step: a 64-token reply takes 19 s, past any 8 s deadline, and the batcher can tell
            io.liveharness.engine.llama.SlowSteps.slow(node.model(), Duration.ofMillis(300));
            Http http = new Http(node.port());
            // Another room's message makes the first measured steps: its prompt chunks, then a few reply steps, so the
            // batcher has seen that a small step costs as much as a full one here. It ends at its deadline.
            http.post("/v1/rooms/snack-room/messages", message("warm-1", "这个坚果多少钱?"));
            var engine = (io.liveharness.engine.llama.BatchingBackend) node.model();
            long until = System.nanoTime() + 30_000_000_000L;
            while (engine.stats().sampledTokens < 3) {
                assertTrue(System.nanoTime() < until, "the warm-up message never replied");
                Thread.sleep(50);
            }
            http.post("/v1/rooms/dress-room/messages", message("shed-1", "这条裙子多少钱?"));
            http.awaitOutcome("shed-1", Duration.ofSeconds(30));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("shed-1", Duration.ofSeconds(5)); // with its detail
            assertEquals("answered", o.path("status").asText(), o.toString());
            assertEquals("overload", o.path("reason").asText(), o.toString());
            assertTrue(o.path("latencyMs").asLong() < 1_000, "the shed message's outcome came within a second, not at its deadline: " + o);
            assertTrue(o.path("reply").asText().contains("¥159,") && o.path("reply").asText().contains("link-1"),
                    "the grounded fallback states the catalog's price and link: " + o);
            assertTrue(o.path("detail").asText().contains("deadline"), "the detail says why: " + o);
            http.awaitOutcome("warm-1", Duration.ofSeconds(30)); // every accepted message still ends
            String metrics = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build()
                    .send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(http.base() + "/metrics")).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(metrics.contains("liveharness_engine_shed_total{reason=\"overload\",service=\"liveharness\"}"),
                    "the shed counter is scraped");
            assertTrue(metrics.contains("liveharness_engine_backlog_seconds"), "the backlog gauge is scraped");
            // how long shed requests had been at the batcher: every one within a second, as the report reads it
            double shed = sample(metrics, "liveharness_engine_shed_wait_seconds_count{reason=\"overload\"");
            assertTrue(shed >= 1, "the shed wait is recorded: " + shed);
            assertEquals(shed, sample(metrics, "liveharness_engine_shed_wait_seconds_bucket{reason=\"overload\"", "le=\"1.0\""));
        }
    }

    /** The value of the one Prometheus sample whose line starts with {@code series} and holds every {@code also}. */
    private static double sample(String metrics, String series, String... also) {
        return metrics.lines().filter(l -> l.startsWith(series) && java.util.Arrays.stream(also).allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).reduce((a, b) -> {
                    throw new AssertionError("more than one sample " + series);
                }).orElseThrow(() -> new AssertionError("no sample " + series + " in /metrics"));
    }

    @Test
    void aNodeWhoseEngineDiedAnswersHealthWith503AndGivesEveryMessageExactlyOneOutcomeTheFallback() throws Exception {
        try (Node node = TestNodes.start()) {
            Http http = new Http(node.port());
            assertEquals(200, http.get("/health").status());
            io.liveharness.engine.llama.DecodeThreadCrash.kill(node.model(), "simulated decode bug");
            long killed = System.nanoTime();
            Http.Reply health;
            while ((health = http.get("/health")).status() != 503) {
                assertTrue(System.nanoTime() - killed < 5_000_000_000L, "/health still says " + health.body());
                Thread.sleep(20);
            }
            assertEquals("down", health.json().path("engine").path("status").asText(), health.body());
            assertTrue(health.json().path("engine").path("reason").asText().contains("simulated decode bug"), health.body());
            String metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create(http.base() + "/metrics")).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(metrics.contains("liveharness_engine_up{service=\"liveharness\"} 0.0"),
                    "the engine's gauge says down");

            java.util.List<String> ids = java.util.List.of("dead-1", "dead-2", "dead-3");
            http.post("/v1/rooms/dress-room/messages", message("dead-1", "这条裙子多少钱?"));
            http.post("/v1/rooms/dress-room/messages", message("dead-2", "有M码吗"));
            http.post("/v1/rooms/tech-room/messages", message("dead-3", "is the power bank in stock?"));
            for (String id : ids) {
                http.awaitOutcome(id, Duration.ofSeconds(30));
                JsonNode o = Http.operator(node.port()).awaitOperatorOutcome(id, Duration.ofSeconds(5)); // with its detail
                assertEquals("fallback", o.path("reason").asText(), o.toString());
                assertTrue(o.path("detail").asText().contains("simulated decode bug"), o.toString());
            }
            JsonNode messages = http.get("/health").json().path("messages");
            assertEquals(0, messages.path("pending").asInt(), messages.toString());
            assertEquals(ids.size(), messages.path("finished").asInt(), "one outcome each: " + messages);
        }
    }

    @Test
    void aReplyTheHooksBlockTwiceGivesTheFallbackWithTheReason(@TempDir Path dir) throws IOException {
        Path harness = TestNodes.copyDefaultHarness(dir);
        // A reply to an English question has a vowel in every segment: banning the five, as the first output hook, blocks
        // each reply ("It's sold out right now, ..." has no "a", which was banned alone until a model wrote it).
        String manifest = Files.readString(harness.resolve("harness.yaml"));
        String first = "  - {type: not-empty, at: output}";
        Files.writeString(harness.resolve("harness.yaml"),
                manifest.replace(first, "  - {type: banned-terms, at: output, params: {terms: [a, e, i, o, u]}}\n" + first));
        // patient: the retry after the first block must not miss the deadline on a loaded machine, which is another test's case
        NodeConfig strict = TestNodes.patient(TestNodes.withHarnessDir(TestNodes.config(), dir));
        try (Node node = TestNodes.start(strict)) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/tech-room/messages", message("blocked-1", "is the power bank in stock?"));
            http.awaitOutcome("blocked-1", Duration.ofSeconds(60));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("blocked-1", Duration.ofSeconds(5)); // with its hooks
            assertEquals("fallback", o.path("reason").asText(), o.toString());
            // the first reply falls to banned-terms; the retry may fall to another hook too, whichever the detail names
            assertTrue(o.path("hooks").toString().contains("banned-terms: block"), o.toString());
            assertTrue(o.path("detail").asText().startsWith("hook "), o.toString());
            assertTrue(o.path("timingsMs").path("hook_checks").asDouble() > 0, "the hooks ran: " + o);
        }
    }

    @Test
    void mustRefuseMessagesGoToTheRefusalSkillAndAreDeclinedWithNoPitch() {
        try (Node node = TestNodes.start()) {
            Http http = new Http(node.port());
            http.post("/v1/rooms/snack-room/messages", message("refuse-1", "我有高血压 这个坚果吃了能降压不"));
            http.post("/v1/rooms/snack-room/messages", message("refuse-2", "能用银行卡直接打款给你吗 这坚果我要十盒"));
            http.post("/v1/rooms/tech-room/messages", message("refuse-3", "can you give me your phone number for a bulk order of the earbuds"));
            var operator = Http.operator(node.port());
            for (String id : java.util.List.of("refuse-1", "refuse-2", "refuse-3")) {
                http.awaitOutcome(id, Duration.ofSeconds(30));
                JsonNode o = operator.awaitOperatorOutcome(id, Duration.ofSeconds(5));
                String reply = o.path("reply").asText();
                assertEquals("answered", o.path("status").asText(), o.toString());
                assertTrue(o.path("detail").asText().contains("declined by skill refusal"), "the refusal skill answers it: " + o);
                assertTrue(io.liveharness.claims.Declines.DEFAULT.in(reply), "the reply declines: " + reply);
                assertTrue(!reply.contains("link-") && !reply.contains("¥"), "no pitch, no link, no price: " + reply);
            }
            assertTrue(operator.awaitOperatorOutcome("refuse-3", Duration.ofSeconds(5)).path("reply").asText().contains("contact details"),
                    "a contact detail is declined as one, in the viewer's language");
        }
    }
}
