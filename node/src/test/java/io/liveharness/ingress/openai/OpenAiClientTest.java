package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.support.ChildProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node's {@code /v1/chat/completions} driven by the official {@code openai} npm client (pinned
 * by {@code scripts/install-openai-client.sh}), a real client that nobody here wrote, over a real
 * batcher on stories260K.
 */
class OpenAiClientTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String CLIENT_JS = """
            const [, , prefix, baseURL, mode, body, apiKey] = process.argv;
            const mod = require(prefix + '/node_modules/openai');
            const OpenAI = mod.OpenAI || mod.default || mod;
            const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 60000 });
            const out = (x) => process.stdout.write(JSON.stringify(x));
            (async () => {
              const req = JSON.parse(body);
              try {
                if (mode === 'stream') {
                  const stream = await client.chat.completions.create({ ...req, stream: true, stream_options: { include_usage: true } });
                  const chunks = [];
                  for await (const chunk of stream) chunks.push(chunk);
                  out({ chunks });
                } else {
                  out(await client.chat.completions.create(req));
                }
              } catch (e) {
                out({ error: { name: e.constructor.name, status: e.status ?? null, message: e.message, param: e.param ?? null, type: e.type ?? null } });
              }
            })();
            """;

    @TempDir
    static Path dir;
    static Path clientPrefix;
    static Path script;
    static OpenAiTestServer server;

    @BeforeAll
    static void start() throws Exception {
        clientPrefix = installClient();
        script = dir.resolve("client.cjs");
        Files.writeString(script, CLIENT_JS);
        server = OpenAiTestServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    static Path installClient() {
        Path prefix = Path.of(ChildProcess.lastLineOf(List.of("bash", "scripts/install-openai-client.sh"), Duration.ofMinutes(5)));
        assertTrue(Files.isRegularFile(prefix.resolve("node_modules/openai/package.json")), "no openai client under " + prefix);
        return prefix;
    }

    /** Runs the client once; its one line of JSON on stdout is the answer. */
    static JsonNode client(String mode, ObjectNode request) throws Exception {
        ChildProcess.Result run = ChildProcess.run(List.of("node", script.toString(), clientPrefix.toString(),
                server.baseUrl(), mode, request.toString(), OpenAiTestServer.API_KEY), Duration.ofSeconds(60));
        assertEquals(0, run.exitCode(), "node exited with " + run.exitCode() + ": " + run.stdout());
        return JSON.readTree(run.stdout());
    }

    static ObjectNode story(int maxTokens) {
        ObjectNode r = JSON.createObjectNode().put("model", "stories260K").put("temperature", 0).put("max_tokens", maxTokens);
        r.putArray("messages")
                .add(JSON.createObjectNode().put("role", "system").put("content", "You tell short stories."))
                .add(JSON.createObjectNode().put("role", "user").put("content", "Once upon a time there was a little cat."));
        return r;
    }

    @Test
    void aNonStreamingCompletionHasContentAndUsage() throws Exception {
        JsonNode r = client("create", story(24));
        assertFalse(r.has("error"), r.toString());
        assertEquals("chat.completion", r.path("object").asText());
        assertTrue(r.path("id").asText().startsWith("chatcmpl-"), r.toString());
        assertTrue(r.path("created").asLong() > 0);
        assertEquals("stories260K", r.path("model").asText());
        JsonNode choice = r.path("choices").path(0);
        assertEquals(0, choice.path("index").asInt());
        assertEquals("assistant", choice.path("message").path("role").asText());
        assertFalse(choice.path("message").path("content").asText().isEmpty(), r.toString());
        assertTrue(Set.of("stop", "length").contains(choice.path("finish_reason").asText()), r.toString());
        JsonNode usage = r.path("usage");
        assertTrue(usage.path("prompt_tokens").asInt() > 0, r.toString());
        assertTrue(usage.path("completion_tokens").asInt() > 0, r.toString());
        assertEquals(usage.path("prompt_tokens").asInt() + usage.path("completion_tokens").asInt(), usage.path("total_tokens").asInt());
    }

    @Test
    void aStreamedCompletionArrivesInChunksThatConcatenateToTheGreedyNonStreamedOne() throws Exception {
        JsonNode whole = client("create", story(32));
        JsonNode streamed = client("stream", story(32));
        assertFalse(streamed.has("error"), streamed.toString());
        StringBuilder text = new StringBuilder();
        int contentChunks = 0;
        String finish = null;
        JsonNode usage = null;
        for (JsonNode chunk : streamed.path("chunks")) {
            assertEquals("chat.completion.chunk", chunk.path("object").asText());
            if (chunk.has("usage") && !chunk.get("usage").isNull()) usage = chunk.get("usage");
            for (JsonNode choice : chunk.path("choices")) {
                String piece = choice.path("delta").path("content").asText("");
                if (!piece.isEmpty()) contentChunks++;
                text.append(piece);
                if (choice.path("finish_reason").isTextual()) finish = choice.get("finish_reason").asText();
            }
        }
        assertTrue(contentChunks > 2, "expected the reply in several chunks, got " + streamed);
        assertEquals(whole.path("choices").path(0).path("message").path("content").asText(), text.toString());
        assertEquals(whole.path("choices").path(0).path("finish_reason").asText(), finish);
        assertTrue(usage != null && usage.path("completion_tokens").asInt() > 0, "no usage chunk in " + streamed);
        assertEquals(whole.path("usage"), usage);
    }

    @Test
    void aRequestWithToolsAndAnEarlierToolTurnIsAcceptedAndAnsweredWellFormed() throws Exception {
        ObjectNode r = story(16);
        r.put("tool_choice", "auto");
        ObjectNode fn = r.putArray("tools").addObject().put("type", "function").putObject("function")
                .put("name", "get_product").put("description", "Looks a product up by SKU");
        fn.putObject("parameters").put("type", "object").putObject("properties").putObject("sku").put("type", "string");
        ObjectNode call = JSON.createObjectNode().put("role", "assistant");
        call.putNull("content");
        call.putArray("tool_calls").addObject().put("id", "call_1").put("type", "function")
                .putObject("function").put("name", "get_product").put("arguments", "{\"sku\":\"A1\"}");
        r.withArray("messages").add(call)
                .add(JSON.createObjectNode().put("role", "tool").put("tool_call_id", "call_1").put("content", "{\"price\": 12}"));
        JsonNode answer = client("create", r);
        assertFalse(answer.has("error"), answer.toString());
        JsonNode choice = answer.path("choices").path(0);
        assertTrue(Set.of("stop", "length", "tool_calls").contains(choice.path("finish_reason").asText()), answer.toString());
        JsonNode message = choice.path("message");
        assertEquals("assistant", message.path("role").asText());
        if (choice.path("finish_reason").asText().equals("tool_calls")) {
            assertTrue(message.path("tool_calls").isArray() && !message.path("tool_calls").isEmpty(), answer.toString());
        } else {
            assertTrue(message.path("content").isTextual(), answer.toString());
            assertFalse(message.has("tool_calls"), answer.toString());
        }
        assertTrue(answer.path("usage").path("prompt_tokens").asInt() > 0);
    }

    @Test
    void aWrongKeyIsRaisedByTheClientAsAnAuthenticationError() throws Exception {
        ChildProcess.Result run = ChildProcess.run(List.of("node", script.toString(), clientPrefix.toString(),
                server.baseUrl(), "create", story(4).toString(), "sk-not-a-client-of-this-node"), Duration.ofSeconds(60));
        JsonNode e = JSON.readTree(run.stdout()).path("error");
        assertEquals(401, e.path("status").asInt(), e.toString());
        assertEquals("AuthenticationError", e.path("name").asText(), e.toString());
    }

    @Test
    void aBadRequestIsRaisedByTheClientAsA400NamingTheField() throws Exception {
        ObjectNode r = story(8);
        ((ObjectNode) r.withArray("messages").get(1)).put("role", "robot");
        JsonNode e = client("create", r).path("error");
        assertEquals(400, e.path("status").asInt(), e.toString());
        assertEquals("BadRequestError", e.path("name").asText(), e.toString());
        assertTrue(e.path("message").asText().contains("messages[1].role"), e.toString());
        assertEquals("messages[1].role", e.path("param").asText(), e.toString());
        assertEquals("invalid_request_error", e.path("type").asText(), e.toString());

        JsonNode t = client("stream", story(8).put("temperature", 7)).path("error");
        assertEquals(400, t.path("status").asInt(), t.toString());
        assertEquals("temperature", t.path("param").asText(), t.toString());
    }
}
