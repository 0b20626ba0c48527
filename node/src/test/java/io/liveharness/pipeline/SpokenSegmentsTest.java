package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.Addresses;
import io.liveharness.api.ReplySegment;
import io.liveharness.config.NodeConfig;
import io.liveharness.engine.ChatMessage;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.ScriptedBackend.Call;
import io.liveharness.support.ScriptedBackend.Script;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replies stream as speakable segments, each checked by the output hooks before it is released,
 * in a real node (real router, hooks, tools, rooms, WebSocket) over a scripted model, so the test
 * knows exactly what the model says and where its tokens are cut.
 */
class SpokenSegmentsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v-" + id).put("text", text).toString();
    }

    /** Whether the call's last user message (the question, or a correction) says {@code text}; earlier turns are history. */
    private static boolean asks(Call call, String text) { return call.lastUserText().contains(text); }

    private static Node node(ScriptedBackend model) { return node(model, TestNodes.patient(TestNodes.config())); }

    private static Node node(ScriptedBackend model, NodeConfig config) { return TestNodes.start(config, model); }

    /** The segments released in a room, as published on the event bus. */
    private static List<ReplySegment> listen(Node node, String roomId) {
        List<ReplySegment> seen = new CopyOnWriteArrayList<>();
        node.vertx().eventBus().<ReplySegment>localConsumer(Addresses.segment(roomId), m -> seen.add(m.body()));
        return seen;
    }

    private static void await(String what, java.util.function.BooleanSupplier done) throws InterruptedException {
        long until = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < until, "waited " + WAIT + " for " + what);
            Thread.sleep(10);
        }
    }

    private static List<String> texts(JsonNode outcome) {
        List<String> out = new ArrayList<>();
        outcome.path("segments").forEach(s -> out.add(s.path("text").asText()));
        return out;
    }

    @Test
    void aSegmentWithAnUnbackedPriceIsNeverReleasedAndTheFallbackFinishesTheReply() throws Exception {
        // ¥66 is in no product data or tool result; ¥159 (dress-101) is.
        ScriptedBackend model = new ScriptedBackend(call -> ScriptedBackend.pieces("这条裙子今天特价", "，只要¥6", "6！", "M码还有货哦。"));
        try (Node node = node(model)) {
            List<ReplySegment> released = listen(node, "dress-room");
            new Http(node.port()).post("/v1/rooms/dress-room/messages", message("unbacked-1", "这条裙子多少钱?"));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("unbacked-1", WAIT);

            assertEquals("answered", o.path("status").asText(), o.toString());
            assertEquals("fallback", o.path("reason").asText(), o.toString());
            assertTrue(o.path("detail").asText().contains("false-claims") && o.path("detail").asText().contains("segment 1"),
                    "the detail says which hook stopped which segment: " + o);
            JsonNode segments = o.path("segments");
            assertEquals("这条裙子今天特价，", segments.get(0).path("text").asText(), o.toString());
            assertEquals("model", segments.get(0).path("source").asText(), "what was said before the block stays said: " + o);
            assertTrue(segments.size() > 1, o.toString());
            for (int i = 1; i < segments.size(); i++) {
                assertEquals("fallback", segments.get(i).path("source").asText(), "the fallback finishes the reply: " + o);
            }
            assertTrue(o.path("reply").asText().contains("¥159,") && o.path("reply").asText().contains("link-1"),
                    "the grounded fallback says the catalog's price and link: " + o);
            assertEquals(1, model.calls().size(), "something was said, so no retry: the fallback finishes");
            await("the segments on the bus", () -> released.size() == segments.size());
            for (ReplySegment s : released) assertFalse(s.text().contains("66"), "an unbacked price was released: " + released);
            assertFalse(o.path("reply").asText().contains("66"), o.toString());
            assertFalse(texts(o).contains("M码还有货哦。"), "nothing after the blocked segment is said: " + o);
        }
    }

    @Test
    void aBlockBeforeAnythingWasSaidGoesBackToTheModelOnce() throws Exception {
        ScriptedBackend model = new ScriptedBackend(call -> asks(call, "not allowed")
                ? ScriptedBackend.pieces("这条裙子¥159，", "M码有货哦。")
                : ScriptedBackend.pieces("只要¥66！", "M码有货哦。"));
        try (Node node = node(model)) {
            new Http(node.port()).post("/v1/rooms/dress-room/messages", message("retry-1", "这条裙子多少钱?"));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("retry-1", WAIT);
            assertEquals("model", o.path("reason").asText(), o.toString());
            assertEquals(List.of("这条裙子¥159，", "M码有货哦。"), texts(o));
            assertEquals(2, model.calls().size(), "one retry with the hook's reason");
            assertTrue(o.path("hooks").toString().contains("false-claims: block"), o.toString());
        }
    }

    @Test
    void segmentsNeverHoldToolMarkupOrThinkTextHoweverTheTokensCutThem() throws Exception {
        Function<Call, ScriptedBackend.Generation> script = call -> call.afterTool()
                ? ScriptedBackend.pieces("<thi", "nk>库存是四十二件</thi", "nk>有的，M码有", "货，库存42件，", "点link-1下单哦。")
                : ScriptedBackend.pieces("<th", "ink>先想一想价格</th", "ink>好的，我帮你查一下库存。<tool_", "call>{\"name\": \"product_lookup\", \"argu",
                "ments\": {\"productId\": \"dress-101\"}}</tool", "_call>");
        ScriptedBackend model = new ScriptedBackend(script);
        try (Node node = node(model)) {
            List<String> frames = new CopyOnWriteArrayList<>();
            WebSocket ws = io.liveharness.support.Http.openEvents(node.port(), "dress-room", frames);
            new Http(node.port()).post("/v1/rooms/dress-room/messages", message("markup-1", "M码有货吗?"));
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("markup-1", WAIT);
            assertEquals("model", o.path("reason").asText(), o.toString());
            assertEquals(List.of("好的，我帮你查一下库存。", "有的，M码有货，", "库存42件，", "点link-1下单哦。"), texts(o));
            assertEquals(2, model.calls().size(), "the tool was called and its result fed back");
            assertTrue(model.calls().get(1).request().messages().stream().map(ChatMessage::role).toList().contains("tool"));

            await("the outcome frame", () -> frames.stream().anyMatch(f -> f.contains("\"type\":\"outcome\"")));
            List<JsonNode> segmentFrames = new ArrayList<>();
            for (String f : frames) {
                JsonNode n = Http.JSON.readTree(f);
                if (n.path("type").asText().equals("segment")) segmentFrames.add(n);
            }
            assertEquals(4, segmentFrames.size(), frames.toString());
            for (JsonNode s : segmentFrames) {
                String text = s.path("text").asText();
                for (String internal : List.of("<", ">", "think", "tool_call", "{", "想一想", "四十二")) {
                    assertFalse(text.contains(internal), "'" + internal + "' reached a segment: " + text);
                }
            }
            int firstSegment = -1;
            int reply = -1;
            for (int i = 0; i < frames.size(); i++) {
                if (firstSegment < 0 && frames.get(i).contains("\"type\":\"segment\"")) firstSegment = i;
                if (frames.get(i).contains("\"type\":\"reply\"")) reply = i;
            }
            assertTrue(firstSegment >= 0 && firstSegment < reply, "segments stream before the whole reply: " + frames);
            ws.abort();
        }
    }

    @Test
    void aStatePushCancelsTheDependentAnswerUnderWayAndLeavesAnIndependentOneAlone() throws Exception {
        CountDownLatch priceAsked = new CountDownLatch(1);
        CountDownLatch otherAsked = new CountDownLatch(1);
        // A clause is whole once the character after its punctuation has come (it might have been "。」" or "9.9"),
        // so each model holds after the first character of its second clause.
        ScriptedBackend model = new ScriptedBackend(call -> asks(call, "多少钱")
                ? new Script().say("这条裙子现在¥159，", "M").thenWaitFor(priceAsked).say("码还有货哦。").build()
                : new Script().say("方领那款M码有货，", "喜").thenWaitFor(otherAsked).say("欢可以直接拍哦。").build());
        try (Node node = node(model)) {
            List<ReplySegment> released = listen(node, "dress-room");
            Http viewer = new Http(node.port());
            Http platform = Http.platform(node.port());

            viewer.post("/v1/rooms/dress-room/messages", message("dep-1", "这个多少钱?"));
            await("the first segment of dep-1", () -> released.stream().anyMatch(s -> s.messageId().equals("dep-1")));
            Http.Reply pushed = platform.post("/v1/rooms/dress-room/state", "{\"priceChanges\":[{\"productId\":\"dress-101\",\"price\":139}]}");
            assertEquals(202, pushed.status(), pushed.body());
            JsonNode dep = Http.operator(node.port()).awaitOperatorOutcome("dep-1", WAIT);
            priceAsked.countDown();
            assertEquals("dropped", dep.path("status").asText(), dep.toString());
            assertEquals("state_changed", dep.path("reason").asText(), dep.toString());
            assertTrue(dep.path("detail").asText().contains("price of dress-101 changed from 159.0 to 139.0"), dep.toString());
            assertEquals(List.of("这条裙子现在¥159，"), texts(dep), "what was said stays in the outcome, nothing after it");
            assertEquals("这条裙子现在¥159，", dep.path("reply").asText(), dep.toString());
            assertEquals("state_changed", viewer.awaitOutcome("dep-1", WAIT).path("reason").asText(), "viewers see the reason too");

            viewer.post("/v1/rooms/dress-room/messages", message("indep-1", "方领那款有M码吗?"));
            await("the first segment of indep-1", () -> released.stream().anyMatch(s -> s.messageId().equals("indep-1")));
            assertEquals(202, platform.post("/v1/rooms/dress-room/state",
                    "{\"priceChanges\":[{\"productId\":\"dress-101\",\"price\":129}]}").status());
            Thread.sleep(200); // the room has handled the push before the model goes on
            otherAsked.countDown();
            JsonNode indep = Http.operator(node.port()).awaitOperatorOutcome("indep-1", WAIT);
            assertEquals("answered", indep.path("status").asText(), indep.toString());
            assertEquals("model", indep.path("reason").asText(), indep.toString());
            assertEquals(List.of("方领那款M码有货，", "喜欢可以直接拍哦。"), texts(indep));
            assertTrue(released.stream().noneMatch(s -> s.text().contains("M码还有货哦")), "the cancelled answer said no more: " + released);

            JsonNode stats = Http.operator(node.port()).get("/v1/rooms/dress-room").json().path("stats");
            assertEquals(1, stats.path("stateChanged").asInt(), stats.toString());
        }
    }

    @Test
    void theNextAnswerIsPreparedWhileTheAvatarSpeaksButReleasedOnlyWhenItIsEstimatedToHaveFinished() throws Exception {
        // 10 characters a second: the first answer's 20 characters and 2 words take about 2.8 s to say
        NodeConfig config = TestNodes.withSpeech(TestNodes.patient(TestNodes.config()), new NodeConfig.SpeechConfig(10.0, 2.5, null, null));
        ScriptedBackend model = new ScriptedBackend(call -> asks(call, "裙子")
                ? ScriptedBackend.pieces("这条裙子M码有货，", "L码也有货，", "白色和蓝色都有哦。")
                : ScriptedBackend.pieces("方领那款L码有货哦。"));
        try (Node node = node(model, config)) {
            List<ReplySegment> released = listen(node, "dress-room");
            Http viewer = new Http(node.port());
            viewer.post("/v1/rooms/dress-room/messages", message("first-1", "这条裙子有M码吗?"));
            viewer.post("/v1/rooms/dress-room/messages", message("second-1", "方领那款有L码吗?"));
            Http.operator(node.port()).awaitOperatorOutcome("second-1", WAIT);

            List<ReplySegment> first = released.stream().filter(s -> s.messageId().equals("first-1")).toList();
            List<ReplySegment> second = released.stream().filter(s -> s.messageId().equals("second-1")).toList();
            assertEquals(3, first.size(), released.toString());
            assertEquals(1, second.size(), released.toString());
            long firstEnds = first.getLast().speechEndsAtMs();
            assertTrue(firstEnds - first.getFirst().speaksAtMs() >= 2_500, "about 2.8 s of speech: " + first);
            long secondCall = model.calls().stream().filter(c -> asks(c, "方领")).findFirst().orElseThrow().startedAtMs();
            assertTrue(secondCall < firstEnds - 1_000, "the next model call starts while the avatar still speaks: call at "
                    + secondCall + ", speech ends at " + firstEnds);
            ReplySegment next = second.getFirst();
            assertTrue(next.releasedAtMs() >= firstEnds, "released at " + next.releasedAtMs() + ", before the speech ended at " + firstEnds);
            assertTrue(next.speaksAtMs() >= firstEnds, next.toString());

            JsonNode speech = Http.operator(node.port()).get("/v1/rooms/dress-room").json().path("stats").path("speech");
            assertEquals(4, speech.path("segments").asInt(), speech.toString());
            assertEquals(next.speechEndsAtMs(), speech.path("speakingUntilMs").asLong(), speech.toString());
            var snapshot = node.rooms().snapshot("dress-room").toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertEquals(4, snapshot.speech().segmentsReleased(), snapshot.speech().toString());
            assertEquals(next.speechEndsAtMs(), snapshot.speech().speakingUntilMs());
        }
    }
}
