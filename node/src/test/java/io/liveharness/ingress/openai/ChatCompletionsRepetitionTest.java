package io.liveharness.ingress.openai;

import io.liveharness.config.NodeConfig;
import io.liveharness.engine.Repetition;
import io.liveharness.support.ScriptedBackend;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenAI's frequency_penalty and presence_penalty reach the engine as the request's repetition
 * control (RepetitionSamplingTest has the engine apply it); without them nothing is penalised, and
 * one out of OpenAI's range is a 400 naming it.
 */
class ChatCompletionsRepetitionTest {
    private static final String KEY = "sk-liveharness-tests-repetition-01";
    private static final ScriptedBackend MODEL = new ScriptedBackend(call -> ScriptedBackend.pieces("ok"));
    private static Vertx vertx;
    private static HttpServer server;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        ChatCompletionsApi.fromConfig(vertx, MODEL, new NodeConfig.OpenAiConfig(
                Map.of("tests", NodeConfig.ApiClientConfig.inline(KEY, 60_000, 1000, 64)), null, null, null)).mount(router);
        server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (vertx != null) vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static HttpResponse<String> post(String penalties) throws Exception {
        String body = "{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"List the colours.\"}]" + penalties + "}";
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.actualPort() + "/v1/chat/completions"))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theRequestsPenaltiesAreTheEnginesRepetitionControl() throws Exception {
        assertEquals(200, post(", \"frequency_penalty\": 0.5, \"presence_penalty\": 1.25").statusCode());
        Repetition r = MODEL.calls().getLast().request().sampling().repetition();
        assertEquals(new Repetition(Repetition.DEFAULT_LAST_N, 1f, 0.5f, 1.25f), r);

        assertEquals(200, post("").statusCode());
        assertTrue(MODEL.calls().getLast().request().sampling().repetition().off(), "none asked, none applied");
    }

    @Test
    void aPenaltyOutsideOpenAisRangeIsA400NamingIt() throws Exception {
        HttpResponse<String> r = post(", \"presence_penalty\": 3");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("presence_penalty"), r.body());
    }
}
