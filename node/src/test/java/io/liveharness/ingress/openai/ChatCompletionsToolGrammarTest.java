package io.liveharness.ingress.openai;

import io.liveharness.config.NodeConfig;
import io.liveharness.engine.ToolCallGrammar;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An API request's functions reach the model as the tool-call grammar (ToolCallGrammarSamplingTest
 * has llama.cpp apply one): a call the model opens can only name one of them, with its argument
 * names and the values its schema allows; "tool_choice": "none" constrains nothing.
 */
class ChatCompletionsToolGrammarTest {
    private static final String KEY = "sk-liveharness-tests-grammar-0123";
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

    private static ToolCallGrammar post(String toolChoice) throws Exception {
        String body = """
                {"model": "m", "messages": [{"role": "user", "content": "Is shipping to Xinjiang free?"}], "tool_choice": "%s",
                 "tools": [{"type": "function", "function": {"name": "get_weather", "description": "Weather in a city.",
                   "parameters": {"type": "object", "properties": {"region": {"type": "string"},
                     "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["region"]}}}]}
                """.formatted(toolChoice);
        int before = MODEL.calls().size();
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.actualPort() + "/v1/chat/completions"))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(before + 1, MODEL.calls().size());
        return MODEL.calls().getLast().request().sampling().toolCalls();
    }

    @Test
    void aCallCanOnlyNameTheRequestsFunctionsWithTheirArgumentsAndEnumValues() throws Exception {
        ToolCallGrammar g = post("auto");
        assertNotNull(g, "tools given, so calls are constrained");
        assertTrue(g.gbnf().contains("\"\\\"get_weather\\\"\""), g.gbnf());
        assertTrue(g.gbnf().contains("( \"\\\"celsius\\\"\" | \"\\\"fahrenheit\\\"\" )"), g.gbnf());
        assertTrue(g.gbnf().contains("\"\\\"region\\\"\" ws \":\" ws str"),
                "a client's own 'region' is any string, not the viewer's words as for the room's shipping tool: " + g.gbnf());
        assertFalse(g.gbnf().contains("Xinjiang"), g.gbnf());
    }

    @Test
    void noToolsMeansNoGrammar() throws Exception {
        assertNull(post("none"));
    }
}
