package io.liveharness.engine.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;
import io.liveharness.ingress.openai.OpenAiTestServer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RemoteBackend} against the node's own {@code /v1/chat/completions} over a real batcher on
 * stories260K (our node as the "existing server"), and against small Vert.x servers in this test
 * that stream slowly, send tool-call deltas, or fail.
 */
class RemoteBackendTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static OpenAiTestServer node;
    static RemoteBackend remote;
    static Vertx vertx;
    static HttpServer fake;
    static final CompletableFuture<Void> slowClosed = new CompletableFuture<>();
    static final AtomicReference<JsonNode> toolRequest = new AtomicReference<>();
    static final AtomicReference<String> toolAuth = new AtomicReference<>();

    @BeforeAll
    static void start() throws Exception {
        node = OpenAiTestServer.start();
        remote = RemoteBackend.open(RemoteOptions.of(node.baseUrl(), "stories260K").withApiKey(OpenAiTestServer.API_KEY).withTestModel(true));
        vertx = Vertx.vertx();
        fake = vertx.createHttpServer().requestHandler(RemoteBackendTest::fake).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (remote != null) remote.close();
        if (vertx != null) vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        if (node != null) node.close();
    }

    /** The small servers, one per path prefix. */
    static void fake(HttpServerRequest req) {
        String path = req.path();
        if (path.startsWith("/missing/")) {
            req.response().setStatusCode(404).putHeader("content-type", "application/json")
                    .end("{\"error\": {\"message\": \"The model `nope` does not exist\", \"type\": \"invalid_request_error\"}}");
        } else if (path.startsWith("/broken/")) {
            req.response().setStatusCode(500).end("upstream exploded");
        } else if (path.startsWith("/slow/")) {
            var res = req.response().setChunked(true).putHeader("content-type", "text/event-stream");
            long timer = vertx.setPeriodic(50, id -> res.write("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tick \"}}]}\n\n"));
            res.closeHandler(v -> { vertx.cancelTimer(timer); slowClosed.complete(null); });
        } else if (path.startsWith("/tools/")) {
            req.body().onSuccess(b -> {
                toolRequest.set(JSON.valueToTree(b.toJsonObject().getMap()));
                toolAuth.set(req.getHeader("authorization"));
                String[] events = {
                        "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Checking.\"}}]}",
                        "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_x\",\"type\":\"function\",\"function\":{\"name\":\"get_product\",\"arguments\":\"{\\\"sku\\\":\"}}]}}]}",
                        "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\" \\\"A1\\\"}\"}}]}}]}",
                        "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
                        "{\"choices\":[],\"usage\":{\"prompt_tokens\":31,\"completion_tokens\":9,\"total_tokens\":40}}"};
                var res = req.response().setChunked(true).putHeader("content-type", "text/event-stream");
                for (String e : events) res.write("data: " + e + "\n\n");
                res.end("data: [DONE]\n\n");
            });
        } else {
            req.response().setStatusCode(404).end();
        }
    }

    static RemoteBackend fakeBackend(String prefix) {
        return RemoteBackend.open(RemoteOptions.of("http://127.0.0.1:" + fake.actualPort() + "/" + prefix + "/v1", "fake-model")
                .withApiKey("sk-test").withTimeoutMs(10_000));
    }

    static CompletionRequest ask(String question, int maxTokens, long deadlineNanos) {
        return CompletionRequest.chat("room-1", List.of(ChatMessage.system("You tell short stories."), ChatMessage.user(question)),
                SamplingParams.GREEDY, maxTokens, deadlineNanos);
    }

    @Test
    void greedyTextThroughTheNodesEndpointEqualsTheBatchersOwnOutput() throws Exception {
        CompletionRequest r = ask("Once upon a time there was a dog.", 40, Long.MAX_VALUE);
        Completion local = node.backend().complete(r, TokenSink.NONE).get(60, TimeUnit.SECONDS);
        Completion viaHttp = remote.complete(r, TokenSink.NONE).get(60, TimeUnit.SECONDS);
        assertFalse(local.text().isEmpty());
        assertEquals(local.text(), viaHttp.text());
        assertEquals(local.stopReason(), viaHttp.stopReason());
        assertEquals(local.promptTokens(), viaHttp.promptTokens(), "prompt tokens from the server's usage");
        assertEquals(local.completionTokens(), viaHttp.completionTokens());
    }

    @Test
    void streamedPiecesConcatenateToTheText() throws Exception {
        List<String> pieces = new CopyOnWriteArrayList<>();
        Completion c = remote.complete(ask("The little bird sang.", 32, Long.MAX_VALUE), pieces::add).get(60, TimeUnit.SECONDS);
        assertTrue(pieces.size() > 2, "pieces: " + pieces);
        assertEquals(c.text(), String.join("", pieces));
        assertTrue(c.firstTokenNanos() > 0 && c.firstTokenNanos() <= c.totalNanos());
    }

    @Test
    void infoSaysItIsRemote() {
        var info = remote.info();
        assertEquals("stories260K", info.name());
        assertEquals("remote", info.architecture());
        assertEquals(node.baseUrl(), info.library());
        assertTrue(info.testModel());
        try (RemoteBackend other = fakeBackend("x")) {
            assertFalse(other.info().testModel());
        }
    }

    @Test
    void aDeadlineStopsAStreamThatWouldGoOnAndClosesTheConnection() throws Exception {
        try (RemoteBackend slow = fakeBackend("slow")) {
            List<String> pieces = new CopyOnWriteArrayList<>();
            long t0 = System.nanoTime();
            Completion c = slow.complete(ask("go", 1000, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400)), pieces::add)
                    .get(10, TimeUnit.SECONDS);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertEquals(StopReason.DEADLINE, c.stopReason());
            assertTrue(ms >= 350 && ms < 3000, "stopped after " + ms + " ms");
            assertFalse(pieces.isEmpty());
            assertEquals(c.text(), String.join("", pieces));
            slowClosed.get(5, TimeUnit.SECONDS); // the server saw the exchange end
        }
    }

    @Test
    void cancellingTheFutureAbortsTheExchange() throws Exception {
        CompletableFuture<Void> closed = new CompletableFuture<>();
        HttpServer s = vertx.createHttpServer().requestHandler(req -> {
            var res = req.response().setChunked(true).putHeader("content-type", "text/event-stream");
            long timer = vertx.setPeriodic(50, id -> res.write("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n"));
            res.closeHandler(v -> { vertx.cancelTimer(timer); closed.complete(null); });
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        try (RemoteBackend b = RemoteBackend.open(RemoteOptions.of("http://127.0.0.1:" + s.actualPort(), "m"))) {
            CompletableFuture<Void> firstPiece = new CompletableFuture<>();
            CompletableFuture<Completion> f = b.complete(ask("go", 1000, Long.MAX_VALUE), p -> firstPiece.complete(null));
            firstPiece.get(10, TimeUnit.SECONDS);
            assertTrue(f.cancel(true));
            closed.get(5, TimeUnit.SECONDS);
            assertThrows(CancellationException.class, f::join);
        } finally {
            s.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void toolCallDeltasComeBackAsToolCallMarkupAndOutgoingMarkupBecomesToolCalls() throws Exception {
        try (RemoteBackend tools = fakeBackend("tools")) {
            List<ChatMessage> chat = List.of(ChatMessage.system("You sell shoes."), ChatMessage.user("price of A1?"),
                    ChatMessage.assistant("One moment.\n<tool_call>\n{\"name\": \"get_stock\", \"arguments\": {\"sku\": \"A1\"}}\n</tool_call>"),
                    new ChatMessage("tool", "{\"stock\": 3}"));
            List<String> pieces = new CopyOnWriteArrayList<>();
            Completion c = tools.complete(CompletionRequest.chat("room-1", chat, SamplingParams.GREEDY, 64, Long.MAX_VALUE), pieces::add)
                    .get(10, TimeUnit.SECONDS);
            List<ParsedToolCall> calls = c.toolCalls(); // structured, as the server sent them: nothing parses the text
            assertEquals(1, calls.size(), c.text());
            assertEquals(calls, ToolCallParser.parse(c.text()), "the turn's markup, kept for the conversation, says the same");
            assertEquals("get_product", calls.getFirst().name());
            assertEquals(JSON.readTree("{\"sku\":\"A1\"}"), JSON.readTree(calls.getFirst().argumentsJson()));
            assertNull(calls.getFirst().error());
            assertTrue(c.text().startsWith("Checking.\n<tool_call>"), c.text());
            assertEquals(c.text(), String.join("", pieces));
            assertEquals(StopReason.END_OF_TEXT, c.stopReason());
            assertEquals(31, c.promptTokens());
            assertEquals(9, c.completionTokens());

            JsonNode sent = toolRequest.get();
            assertEquals("Bearer sk-test", toolAuth.get());
            assertEquals("fake-model", sent.path("model").asText());
            assertTrue(sent.path("stream").asBoolean());
            assertTrue(sent.path("stream_options").path("include_usage").asBoolean());
            assertEquals(64, sent.path("max_tokens").asInt());
            JsonNode assistant = sent.path("messages").path(2);
            assertEquals("One moment.", assistant.path("content").asText());
            assertEquals("get_stock", assistant.path("tool_calls").path(0).path("function").path("name").asText());
            assertEquals(JSON.readTree("{\"sku\":\"A1\"}"), JSON.readTree(assistant.path("tool_calls").path(0).path("function").path("arguments").asText()));
            JsonNode tool = sent.path("messages").path(3);
            assertEquals("tool", tool.path("role").asText());
            assertEquals(assistant.path("tool_calls").path(0).path("id").asText(), tool.path("tool_call_id").asText());
        }
    }

    @Test
    void a404ServerGivesAnEngineExceptionNamingTheStatusAndTheServersMessage() {
        try (RemoteBackend missing = fakeBackend("missing")) {
            EngineException e = engineFailure(missing.complete(ask("hi", 8, Long.MAX_VALUE), TokenSink.NONE));
            assertTrue(e.getMessage().contains("HTTP 404"), e.getMessage());
            assertTrue(e.getMessage().contains("The model `nope` does not exist"), e.getMessage());
        }
    }

    @Test
    void a500ServerGivesAnEngineExceptionNamingTheStatus() {
        try (RemoteBackend broken = fakeBackend("broken")) {
            EngineException e = engineFailure(broken.complete(ask("hi", 8, Long.MAX_VALUE), TokenSink.NONE));
            assertTrue(e.getMessage().contains("HTTP 500") && e.getMessage().contains("upstream exploded"), e.getMessage());
        }
    }

    @Test
    void aBadRequestToTheNodeIsAnEngineExceptionWithItsOpenAiMessage() {
        EngineException e = engineFailure(remote.complete(
                CompletionRequest.chat("r", List.of(new ChatMessage("robot", "hi")), SamplingParams.GREEDY, 8, Long.MAX_VALUE), TokenSink.NONE));
        assertTrue(e.getMessage().contains("HTTP 400") && e.getMessage().contains("messages[0].role"), e.getMessage());
    }

    @Test
    void optionsRefuseBadFieldsByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RemoteOptions.of("ftp://x", "m")).getMessage().contains("baseUrl"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RemoteOptions.of("http://x:1/v1", " ")).getMessage().contains("model"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RemoteOptions.of("http://x:1", "m").withTimeoutMs(0)).getMessage().contains("timeoutMs"));
        assertEquals("http://x:1/v1/chat/completions", RemoteOptions.of("http://x:1/v1/", "m").chatCompletionsUri().toString());
        assertEquals("http://x:1/v1/chat/completions", RemoteOptions.of("http://x:1", "m").chatCompletionsUri().toString());
        assertFalse(RemoteOptions.of("http://x:1", "m").withApiKey("sk-secret").toString().contains("sk-secret"));
    }

    static EngineException engineFailure(CompletableFuture<Completion> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
        return assertInstanceOf(EngineException.class, e.getCause());
    }
}
