package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.engine.llama.BatchingBackend;
import io.liveharness.engine.llama.BatchingOptions;
import io.liveharness.engine.llama.LlamaLibrary;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an API client may not do to the node: call it without a key, go over its rate, hold the
 * rooms' sequences, evict a room's cached prefix, or hand the decode thread a huge prompt. A real
 * batcher (4 sequences, of which API clients may hold 2) on a random-weight qwen3, which rarely
 * ends a reply on its own, so streams stay open as long as asked.
 */
class ChatCompletionsGuardTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String KEY = "sk-test-main-0123456789abcdef";
    static final String SLOW_KEY = "sk-test-slow-0123456789abcdef";
    static final String NARROW_KEY = "sk-test-narrow-0123456789abcd";

    @TempDir
    static Path dir;
    static BatchingBackend backend;
    static Vertx vertx;
    static HttpServer server;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Path model = RandomModel.cached(RandomModel.Spec.tiny(), Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir);
        backend = BatchingBackend.open(BatchingOptions.of(model).withLibraryDir(LlamaLibrary.resolveDirectory(null)).withThreads(1)
                .withContextSize(4096).withMaxSequences(4).withStepTokens(256).withGuestLimits(2, 0));
        vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        ChatCompletionsGuardFixture.mount(vertx, backend, router);
        server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (vertx != null) vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        if (backend != null) backend.close();
    }

    /** A test's streams, closed by their client, may still be decoding: each test starts on an idle batcher. */
    @BeforeEach
    void batcherIdle() throws Exception {
        long until = System.nanoTime() + 60_000_000_000L;
        while (true) {
            var s = backend.snapshot();
            if (s.running() == 0 && s.waiting() == 0) return;
            assertTrue(System.nanoTime() < until, "the batcher is still busy after 60 s: " + s);
            Thread.sleep(50);
        }
    }

    static String url(String path) { return "http://127.0.0.1:" + server.actualPort() + path; }

    static ObjectNode chat(String content, int maxTokens) {
        ObjectNode r = JSON.createObjectNode().put("model", "m").put("temperature", 0).put("max_tokens", maxTokens);
        r.putArray("messages").addObject().put("role", "user").put("content", content);
        return r;
    }

    record Reply(int status, JsonNode json, HttpResponse<String> raw) { }

    static Reply post(String key, ObjectNode body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url("/v1/chat/completions"))).timeout(Duration.ofSeconds(20))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (key != null) b.header("authorization", "Bearer " + key);
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json;
        try { json = JSON.readTree(r.body()); } catch (Exception e) { json = JSON.createObjectNode(); }
        return new Reply(r.statusCode(), json, r);
    }

    @Test
    void aRequestWithoutAKeyOrWithAWrongOneIsRefusedWith401InOpenAisShape() throws Exception {
        Reply none = post(null, chat("hi", 2));
        assertEquals(401, none.status(), none.raw().body());
        assertEquals("invalid_api_key", none.json().path("error").path("code").asText(), none.raw().body());
        assertEquals("invalid_request_error", none.json().path("error").path("type").asText(), none.raw().body());
        Reply wrong = post("sk-not-a-key", chat("hi", 2));
        assertEquals(401, wrong.status(), wrong.raw().body());
        assertTrue(wrong.json().path("error").path("message").asText().contains("API key"), wrong.raw().body());
        HttpResponse<String> models = HTTP.send(HttpRequest.newBuilder(URI.create(url("/v1/models"))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(401, models.statusCode(), "listing the models needs a key too");
        Reply ok = post(KEY, chat("hi", 2));
        assertEquals(200, ok.status(), ok.raw().body());
    }

    @Test
    void aClientOverItsRateGets429WithRetryAfterAndOtherClientsDoNot() throws Exception {
        List<Integer> statuses = new ArrayList<>();
        Reply last = null;
        for (int i = 0; i < 3; i++) {
            last = post(SLOW_KEY, chat("hi", 1));
            statuses.add(last.status());
        }
        assertEquals(List.of(200, 200, 429), statuses, "the slow client may burst 2 requests: " + last.raw().body());
        assertEquals("rate_limit_exceeded", last.json().path("error").path("code").asText(), last.raw().body());
        long retryAfter = Long.parseLong(last.raw().headers().firstValue("retry-after").orElse("0"));
        assertTrue(retryAfter >= 1 && retryAfter <= 10, "Retry-After: " + retryAfter);
        assertEquals(200, post(KEY, chat("hi", 1)).status(), "another client keeps its own rate");
    }

    /** Opens a streaming request; the future completes when its first event arrives. */
    static final class Stream {
        final CompletableFuture<Integer> status = new CompletableFuture<>();
        final CompletableFuture<Void> firstData = new CompletableFuture<>();
        volatile InputStream body;

        Stream(String key, int maxTokens, String user) {
            ObjectNode r = chat("Tell me a very long story.", maxTokens).put("stream", true);
            if (user != null) r.put("user", user);
            HttpRequest req = HttpRequest.newBuilder(URI.create(url("/v1/chat/completions"))).header("content-type", "application/json")
                    .header("authorization", "Bearer " + key).POST(HttpRequest.BodyPublishers.ofString(r.toString())).build();
            HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofInputStream()).thenAccept(res -> {
                status.complete(res.statusCode());
                body = res.body();
                Thread.ofVirtual().start(() -> {
                    byte[] buf = new byte[4096];
                    try (InputStream in = res.body()) {
                        int n;
                        while ((n = in.read(buf)) > 0) {
                            if (new String(buf, 0, n).contains("\"content\":\"") && new String(buf, 0, n).indexOf("content\":\"\"") < 0) {
                                firstData.complete(null);
                            }
                        }
                    } catch (Exception ignored) { }
                    firstData.complete(null);
                });
            });
        }

        void close() {
            try { if (body != null) body.close(); } catch (Exception ignored) { }
        }
    }

    static CompletionRequest room(String id, String question, int maxTokens, long deadlineNanos) {
        return CompletionRequest.chat(id, List.of(ChatMessage.system("You are Mia, selling sneakers live."),
                ChatMessage.user(question)), SamplingParams.GREEDY, maxTokens, deadlineNanos);
    }

    static long apiSequences() {
        return backend.snapshot().cachedTokens().keySet().stream().filter(k -> k.startsWith(ChatCompletionsApi.SEQUENCE_PREFIX)).count();
    }

    @Test
    void manyApiStreamsNeverTakeTheRoomsSequencesAndARoomStillMeetsItsDeadline() throws Exception {
        List<Stream> streams = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) streams.add(new Stream(KEY, 3000, null));
            CompletableFuture.anyOf(streams.stream().map(s -> s.firstData).toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
            Thread.sleep(300); // let every stream that can get a sequence take it
            assertTrue(apiSequences() <= 2, "API clients hold " + apiSequences() + " sequences; their cap is 2");
            long asked = System.nanoTime();
            Completion c = backend.complete(room("room-1", "how much are the red ones?", 16, asked + 1_500_000_000L), TokenSink.NONE)
                    .get(10, TimeUnit.SECONDS);
            assertNotEquals(StopReason.DEADLINE, c.stopReason(), "the room missed its deadline behind the API streams");
            assertEquals(16, c.completionTokens());
            assertTrue(apiSequences() <= 2, "API clients hold " + apiSequences() + " sequences; their cap is 2");
        } finally {
            streams.forEach(Stream::close);
        }
    }

    @Test
    void distinctApiUsersNeverEvictARoomsCachedPrefix() throws Exception {
        backend.complete(room("room-a", "do you ship to Lyon?", 4, Long.MAX_VALUE), TokenSink.NONE).get(20, TimeUnit.SECONDS);
        for (int i = 0; i < 6; i++) {
            ObjectNode r = chat("hi " + i, 2).put("user", "user-" + i);
            Reply reply = post(KEY, r);
            assertTrue(reply.status() == 200 || reply.status() == 503 || reply.status() == 429, reply.raw().body());
        }
        assertTrue(backend.snapshot().cachedTokens().containsKey("room-a"),
                "room-a's cached prefix was evicted by API users: " + backend.snapshot().cachedTokens().keySet());
    }

    @Test
    void aHugePromptIsRefusedWith400NamingTheLimitBeforeTheDecodeThreadSeesIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        // the decode thread is busy: anything that needs it waits until the end of this test
        CompletableFuture<Object> busy = backend.onDecodeThread(b -> {
            try { release.await(30, TimeUnit.SECONDS); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
            return ran.incrementAndGet();
        });
        try {
            Reply huge = postWithin(5, chat("word ".repeat(60_000), 4));
            assertEquals(400, huge.status(), huge.raw().body());
            assertEquals("messages", huge.json().path("error").path("param").asText(), huge.raw().body());
            assertTrue(huge.json().path("error").path("message").asText().contains("32000"), "names the limit: " + huge.raw().body());

            Reply tooManyTokens = postWithin(5, chat("tok ".repeat(7_000), 4)); // under the character limit, over a stream
            assertEquals(400, tooManyTokens.status(), tooManyTokens.raw().body());
            assertEquals("context_length_exceeded", tooManyTokens.json().path("error").path("code").asText(), tooManyTokens.raw().body());
        } finally {
            release.countDown();
            busy.get(30, TimeUnit.SECONDS);
        }
    }

    static Reply postWithin(int seconds, ObjectNode body) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url("/v1/chat/completions"))).timeout(Duration.ofSeconds(seconds))
                .header("content-type", "application/json").header("authorization", "Bearer " + KEY)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
        JsonNode json;
        try { json = JSON.readTree(r.body()); } catch (Exception e) { json = JSON.createObjectNode(); }
        return new Reply(r.statusCode(), json, r);
    }
}
