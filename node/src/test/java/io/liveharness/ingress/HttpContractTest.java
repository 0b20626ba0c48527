package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.Http.Reply;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The viewer-facing HTTP contract, every bad input included, against a real node. */
class HttpContractTest {
    private static final Duration OUTCOME = Duration.ofSeconds(30);
    private static final AtomicInteger IDS = new AtomicInteger();
    private static Node node;
    private static Http http;

    @BeforeAll
    static void start() {
        node = TestNodes.start();
        http = new Http(node.port());
    }

    @AfterAll
    static void stop() { node.close(); }

    private static String id() { return "http-" + IDS.incrementAndGet(); }

    private static String message(String messageId, String text) {
        return Http.JSON.createObjectNode().put("messageId", messageId).put("userId", "viewer-1").put("text", text).toString();
    }

    private static void assertBadField(Reply r, int status, String field) {
        assertEquals(status, r.status(), r.body());
        assertEquals(field, r.json().path("field").asText(), r.body());
        assertTrue(r.json().path("detail").asText().length() > 5, r.body());
    }

    @Test
    void anAcceptedMessageEndsInAnAnswerWithIntentVersionAndStageTimings() {
        String id = id();
        Reply accepted = http.post("/v1/rooms/dress-room/messages", message(id, "这条裙子有M码吗?"));
        assertEquals(202, accepted.status(), accepted.body());
        assertTrue(accepted.json().path("accepted").asBoolean());
        assertEquals(id, accepted.json().path("messageId").asText());

        JsonNode seen = http.awaitOutcome(id, OUTCOME);
        assertEquals("answered", seen.path("status").asText(), seen.toString());
        assertTrue(!seen.path("reply").asText().isBlank() && !seen.has("timingsMs") && !seen.has("intent"),
                "a viewer sees how it ended and what was said, not how the room decided: " + seen);
        JsonNode outcome = Http.operator(node.port()).awaitOperatorOutcome(id, OUTCOME); // the operator's view has it all
        assertEquals("answered", outcome.path("status").asText(), outcome.toString());
        assertTrue(List.of("model", "fallback").contains(outcome.path("reason").asText()), outcome.toString());
        assertEquals("product_qa", outcome.path("intent").asText(), outcome.toString());
        assertTrue(outcome.path("harnessVersion").asText().startsWith("default-"), outcome.toString());
        assertTrue(!outcome.path("reply").asText().isBlank(), outcome.toString());
        for (String stage : List.of("queue_wait", "context_load", "prompt_assembly", "agent_loop", "hook_checks", "speech_wait", "emit")) {
            assertTrue(outcome.path("timingsMs").has(stage), "missing stage " + stage + " in " + outcome);
        }
    }

    @Test
    void beforeItsOutcomeAMessageIsPendingAndAnUnknownOneIsNotFound() {
        assertBadField(http.get("/v1/rooms/tech-room/messages/never-sent"), 404, "messageId");
        String id = id();
        http.post("/v1/rooms/tech-room/messages", message(id, "is the power bank in stock?"));
        Reply r = http.get("/v1/rooms/tech-room/messages/" + id);
        assertTrue(r.status() == 202 || r.status() == 200, r.body());
        if (r.status() == 202) assertEquals("pending", r.json().path("status").asText());
        http.awaitOutcome(id, OUTCOME);
    }

    @Test
    void malformedJsonMissingFieldsAndWrongTypesAreRefusedByName() {
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\": "), 400, "body");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "[1,2]"), 400, "body");
        assertBadField(http.post("/v1/rooms/dress-room/messages", ""), 400, "body");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"userId\":\"u\",\"text\":\"hi\"}"), 400, "messageId");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\":\"m\",\"text\":\"hi\"}"), 400, "userId");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\":\"m\",\"userId\":\"u\"}"), 400, "text");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\":\"m\",\"userId\":\"u\",\"text\":5}"), 400, "text");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\":7,\"userId\":\"u\",\"text\":\"hi\"}"), 400, "messageId");
        assertBadField(http.post("/v1/rooms/dress-room/messages", "{\"messageId\":\"a b\",\"userId\":\"u\",\"text\":\"hi\"}"), 400, "messageId");
    }

    @Test
    void emptyOversizedAndInvalidUtf8TextIsRefused() {
        assertBadField(http.post("/v1/rooms/dress-room/messages", message(id(), "")), 400, "text");
        assertBadField(http.post("/v1/rooms/dress-room/messages", message(id(), "   \n ")), 400, "text");
        int limit = node.config().http().maxTextChars();
        Reply tooLong = http.post("/v1/rooms/dress-room/messages", message(id(), "码".repeat(limit + 1)));
        assertBadField(tooLong, 400, "text");
        assertTrue(tooLong.json().path("detail").asText().contains(String.valueOf(limit)));
        assertEquals(202, http.post("/v1/rooms/dress-room/messages", message(id(), "码".repeat(limit))).status());

        byte[] prefix = "{\"messageId\":\"utf\",\"userId\":\"u\",\"text\":\"".getBytes();
        byte[] body = new byte[prefix.length + 4];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        body[prefix.length] = (byte) 0xC3;      // a lead byte with no continuation
        body[prefix.length + 1] = (byte) 0x28;
        body[prefix.length + 2] = '"';
        body[prefix.length + 3] = '}';
        assertBadField(http.post("/v1/rooms/dress-room/messages", body), 400, "body");
        assertEquals(404, http.get("/v1/rooms/dress-room/messages/utf").status(), "a refused message leaves no trace");
    }

    @Test
    void anUnknownRoomIsNotFound() {
        assertBadField(http.post("/v1/rooms/no-such-room/messages", message(id(), "hi")), 404, "roomId");
        assertBadField(Http.platform(node.port()).post("/v1/rooms/no-such-room/state", "{\"utterance\":\"hi\"}"), 404, "roomId");
        assertEquals(404, http.get("/v1/rooms/no-such-room/events").status());
    }

    @Test
    void aRetriedMessageIdIsAConflictAndGetsOneReplyOnly() throws Exception {
        List<String> frames = new CopyOnWriteArrayList<>();
        WebSocket ws = io.liveharness.support.Http.openEvents(node.port(), "snack-room", frames);
        String id = id();
        assertEquals(202, http.post("/v1/rooms/snack-room/messages", message(id, "坚果保质期多久")).status());
        Reply again = http.post("/v1/rooms/snack-room/messages", message(id, "坚果保质期多久"));
        assertBadField(again, 409, "messageId");
        http.awaitOutcome(id, OUTCOME);
        Thread.sleep(300);
        ws.abort();
        long replies = frames.stream().filter(f -> f.contains("\"type\":\"reply\"") && f.contains("\"" + id + "\"")).count();
        long outcomes = frames.stream().filter(f -> f.contains("\"type\":\"outcome\"") && f.contains("\"" + id + "\"")).count();
        assertEquals(1, replies, frames.toString());
        assertEquals(1, outcomes, frames.toString());
    }

    @Test
    void theEventsSocketStreamsRepliesAndOutcomes() throws Exception {
        List<String> frames = new CopyOnWriteArrayList<>();
        WebSocket ws = io.liveharness.support.Http.openEvents(node.port(), "tech-room", frames);
        String id = id();
        http.post("/v1/rooms/tech-room/messages", message(id, "does the earbuds have noise cancelling?"));
        http.awaitOutcome(id, OUTCOME);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (frames.stream().noneMatch(f -> f.contains("\"type\":\"outcome\"")) && System.nanoTime() < until) Thread.sleep(20);
        ws.abort();
        JsonNode reply = Http.JSON.readTree(frames.stream().filter(f -> f.contains("\"type\":\"reply\"")).findFirst().orElseThrow());
        assertEquals(id, reply.path("messageId").asText());
        assertTrue(!reply.path("text").asText().isBlank());
        assertTrue(frames.stream().anyMatch(f -> f.contains("\"type\":\"outcome\"") && f.contains("\"status\":\"answered\"")), frames.toString());
    }

    @Test
    void roomStatePushesAreValidatedFieldByField() throws Exception {
        Http http = Http.platform(node.port()); // room state is the platform's to push
        String ok = "{\"onStage\":\"dress-102\",\"priceChanges\":[{\"productId\":\"dress-101\",\"price\":149}],"
                + "\"stockChanges\":[{\"productId\":\"dress-102\",\"stock\":5}],"
                + "\"promotions\":[{\"id\":\"p1\",\"title\":\"满200减20\",\"actionLinkId\":\"link-1\"}],\"utterance\":\"大家好\"}";
        assertEquals(202, http.post("/v1/rooms/dress-room/state", ok).status());
        assertBadField(http.post("/v1/rooms/dress-room/state", "{}"), 400, "body");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"colour\":\"red\"}"), 400, "colour");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"onStage\":\"earbuds-201\"}"), 400, "onStage");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"priceChanges\":[{\"productId\":\"dress-101\",\"price\":\"cheap\"}]}"),
                400, "priceChanges[0].price");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"stockChanges\":[{\"productId\":\"dress-101\",\"stock\":1.5}]}"),
                400, "stockChanges[0].stock");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"promotions\":[{\"id\":\"p\",\"title\":\"t\"}]}"),
                400, "promotions[0].actionLinkId");
        assertBadField(http.post("/v1/rooms/dress-room/state", "{\"priceChanges\":{}}"), 400, "priceChanges");
        assertEquals(149.0, node.rooms().snapshot("dress-room").toCompletionStage().toCompletableFuture().get().prices().get("dress-101"),
                "the room's price");
        assertEquals(159.0, node.catalog().find("dress-101").orElseThrow().price(), "not the catalog's");
    }

    @Test
    void theNodeServesOpenAiChatCompletionsFromItsBatcher() {
        Http api = Http.apiClient(node.port());
        assertEquals(401, http.post("/v1/chat/completions", "{}").status(), "the API needs a client's key");
        Reply r = api.post("/v1/chat/completions", "{\"model\":\"any\",\"max_tokens\":8,\"temperature\":0,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Once upon a time\"}]}");
        assertEquals(200, r.status(), r.body());
        assertEquals("chat.completion", r.json().path("object").asText());
        assertTrue(!r.json().path("choices").path(0).path("message").path("content").asText().isBlank(), r.body());
        assertTrue(r.json().path("usage").path("completion_tokens").asInt() > 0, r.body());
        Reply bad = api.post("/v1/chat/completions", "{\"model\":\"any\",\"messages\":[{\"role\":\"wizard\",\"content\":\"x\"}]}");
        assertEquals(400, bad.status(), bad.body());
        assertEquals("messages[0].role", bad.json().path("error").path("param").asText(), bad.body());
    }

    @Test
    void healthSaysUpAndNamesTheModel() {
        Reply r = http.get("/health");
        assertEquals(200, r.status());
        assertEquals("up", r.json().path("status").asText());
        assertEquals(3, r.json().path("rooms").asInt());
        assertFalse(r.json().path("model").path("testModel").asBoolean(), "the committed avatar model is not a test model: " + r.json());
    }

    @Test
    void theNodeSpeaksHttp11EvenToAClientThatOffersAnH2cUpgrade() throws Exception {
        // the JDK client offers h2c by default; a large upgraded response (/metrics) could stall in HTTP/2 flow control
        try (HttpClient client = HttpClient.newHttpClient()) {
            var r = client.send(java.net.http.HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port() + "/metrics"))
                    .timeout(java.time.Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_1_1, r.version());
        }
    }
}
