package io.liveharness.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node answers as its OpenAPI description ({@code GET /openapi.yaml}) says: a real node is
 * called on every operation the description has, with the credential each path takes, and every
 * request and response is checked against it (status, media type, body schema, parameters, and
 * that a request served took the credential the operation's {@code security} names); a
 * route the node serves that the description lacks fails the test, and so does an operation the
 * description has that no call reached.
 */
class OpenApiContractTest {
    private static final String PUBLISHER = "test-publisher-token-9876543210";
    private static final String ROOM = "dress-room";

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Set<String> called = new LinkedHashSet<>();
    private final List<String> violations = new ArrayList<>();
    private ApiDescription api;
    private String base;

    private record Reply(int status, String contentType, String body, JsonNode json) { }

    @Test
    void everyRouteAnswersAsTheDescriptionSays() throws Exception {
        NodeConfig c = TestNodes.config();
        NodeConfig config = c.withOps(new OpsConfig(TestNodes.OPERATOR_TOKEN, c.ops().tokenFile(), PUBLISHER, null, true));
        try (Node node = TestNodes.start(config)) {
            base = "http://127.0.0.1:" + node.port();
            HttpResponse<String> served = client.send(HttpRequest.newBuilder(URI.create(base + "/openapi.yaml")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, served.statusCode());
            assertEquals(Files.readString(Path.of("node/src/main/resources/openapi.yaml")), served.body(), "the node serves the description as written");
            api = new ApiDescription(served.body());

            for (String route : node.httpRoutes()) {
                assertTrue(api.has(route), "the node serves " + route + ", which openapi.yaml does not describe");
            }
            for (var op : api.operations()) {
                if (op.clusterOnly()) {
                    assertFalse(node.httpRoutes().contains(op.key()), op.key() + " is marked x-liveharness-when: kafka, but this embedded node serves it");
                }
                if (op.planned()) {
                    assertFalse(node.httpRoutes().contains(op.key()), op.key()
                            + " is served now: drop its x-liveharness-planned mark from openapi.yaml");
                }
            }

            callEveryRoute();

            assertTrue(violations.isEmpty(), "requests or responses the description does not allow:\n" + String.join("\n", violations));
            List<String> missed = api.operations().stream().filter(op -> !op.planned() && !op.clusterOnly()).map(ApiDescription.Operation::key)
                    .filter(k -> !called.contains(k)).toList();
            assertTrue(missed.isEmpty(), "operations no call reached: " + missed);
        }
    }

    private void callEveryRoute() throws Exception {
        String operator = "Bearer " + TestNodes.OPERATOR_TOKEN;
        String platform = "Bearer " + TestNodes.PLATFORM_TOKEN;
        String apiKey = "Bearer " + TestNodes.API_KEY;

        // the node itself
        call("GET", "/openapi.yaml", null, null, 200);
        call("GET", "/health", null, null, 200);
        call("GET", "/health", operator, null, 403);
        call("GET", "/health/live", null, null, 200);
        call("GET", "/health/ready", null, null, 200);
        call("GET", "/metrics", null, null, 200);
        call("GET", "/console", null, null, 302);
        call("GET", "/console/", null, null, 200);
        call("GET", "/console/console.js", null, null, 200);
        call("GET", "/console/console.css", null, null, 200);
        call("GET", "/console/lib/uPlot.iife.min.js", null, null, 200);
        call("GET", "/console/lib/no-such-file.js", null, null, 404);
        call("GET", "/console/nothing-here.txt", null, null, 404);

        // viewers
        String message = "{\"messageId\":\"contract-1\",\"userId\":\"v1\",\"text\":\"有M码吗\"}";
        call("POST", "/v1/rooms/" + ROOM + "/messages", null, message, 202);
        call("POST", "/v1/rooms/" + ROOM + "/messages", null, message, 409);
        call("POST", "/v1/rooms/" + ROOM + "/messages", null, "{\"messageId\":\"contract-2\",\"userId\":\"v1\"}", 400);
        call("POST", "/v1/rooms/" + ROOM + "/messages", null, "{\"messageId\":\"contract-3\",\"userId\":\"v1\",\"text\":\"", 400);
        call("POST", "/v1/rooms/" + ROOM + "/messages", operator, message.replace("contract-1", "contract-4"), 403);
        call("POST", "/v1/rooms/no-such-room/messages", null, message, 404);
        Reply outcome = await("the outcome of contract-1").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .until(() -> call("GET", "/v1/rooms/" + ROOM + "/messages/contract-1", null, null, -1), r -> r.status() != 202);
        assertEquals(200, outcome.status(), outcome.body());
        call("GET", "/v1/rooms/" + ROOM + "/messages/never-sent", null, null, 404);
        events(ROOM);
        call("GET", "/v1/rooms/no-such-room/events", null, null, 404);
        refusedForItsContent("GET", "/v1/rooms/" + ROOM + "/events", null, null); // no Upgrade header

        // the platform
        call("POST", "/v1/rooms/" + ROOM + "/state", platform, "{\"utterance\":\"大家好\",\"stockChanges\":[{\"productId\":\"dress-102\",\"stock\":5}]}", 202);
        call("POST", "/v1/rooms/" + ROOM + "/state", platform, "{\"stockChanges\":[{\"productId\":\"dress-102\",\"stock\":-1}]}", 400);
        call("POST", "/v1/rooms/" + ROOM + "/state", null, "{\"utterance\":\"x\"}", 401);
        call("POST", "/v1/rooms/" + ROOM + "/state", operator, "{\"utterance\":\"x\"}", 403);
        String live = "{\"id\":\"contract-room\",\"title\":\"Live\",\"persona\":\"You are the host.\",\"language\":\"en\","
                + "\"products\":[\"earbuds-201\"],\"onStage\":\"earbuds-201\"}";
        call("POST", "/v1/rooms", platform, live, 201);
        call("POST", "/v1/rooms", platform, live, 409);
        refusedForItsContent("POST", "/v1/rooms", platform, live.replace("contract-room", "contract-room-2").replace("earbuds-201", "no-such-product"));
        call("POST", "/v1/rooms", platform, live.replace("\"persona\"", "\"colour\":\"red\",\"persona\""), 400);
        call("POST", "/v1/rooms", null, live, 401);
        call("POST", "/v1/rooms", operator, live, 403);
        call("PUT", "/v1/rooms/contract-room", platform, live.replace("\"Live\"", "\"Live again\""), 200);
        call("DELETE", "/v1/rooms/contract-room", platform, null, 200);
        call("DELETE", "/v1/rooms/no-such-room", platform, null, 404);

        // operators
        call("GET", "/v1/rooms", operator, null, 200);
        call("GET", "/v1/rooms?limit=10", operator, null, 200);
        call("GET", "/v1/rooms?limit=1&prefix=dress&state=active", operator, null, 200);
        call("GET", "/v1/rooms?limit=0", operator, null, 400);
        call("GET", "/v1/rooms", null, null, 401);
        call("GET", "/v1/rooms", "Bearer not-a-token", null, 403);
        call("GET", "/v1/rooms/" + ROOM, operator, null, 200);
        call("GET", "/v1/quality", operator, null, 200);
        call("GET", "/v1/quality", null, null, 401);
        call("GET", "/v1/timeline", operator, null, 200);
        call("GET", "/v1/rooms/no-such-room", operator, null, 404);
        call("GET", "/v1/rooms/" + ROOM + "/outcomes/contract-1", operator, null, 200);
        call("GET", "/v1/rooms/" + ROOM + "/outcomes/contract-1", null, null, 401);
        transcript(ROOM, operator);
        call("PUT", "/v1/rooms/tech-room/harness", operator, "{\"channel\":\"stable\"}", 200);
        call("PUT", "/v1/rooms/tech-room/harness", operator, "{\"channel\":\"stable\",\"version\":\"x\"}", 400);
        call("DELETE", "/v1/rooms/tech-room/harness", operator, null, 200);
        call("POST", "/v1/rooms/tech-room/drain", operator, "{\"reason\":\"a contract test\"}", 200);
        call("POST", "/v1/rooms/tech-room/messages", null, "{\"messageId\":\"contract-5\",\"userId\":\"v1\",\"text\":\"hi\"}", 503);
        call("DELETE", "/v1/rooms/tech-room/drain", operator, null, 200);
        Reply passivated = call("POST", "/v1/rooms/tech-room/passivate", operator, null, -1);
        assertTrue(passivated.status() == 200 || passivated.status() == 409, passivated.body());

        JsonNode harness = call("GET", "/v1/harness", operator, null, 200).json();
        String stable = harness.path("channels").path("stable").asText();
        call("GET", "/v1/harness", null, null, 401);
        String publish = publishBody("contract", "canary");
        String canary = call("POST", "/v1/harness", "Bearer " + PUBLISHER, publish, 201).json().path("version").asText();
        call("POST", "/v1/harness", operator, publish, 403);
        call("POST", "/v1/harness", null, publish, 401);
        ObjectNode broken = (ObjectNode) Http.JSON.readTree(publishBody("broken", null));
        ((ObjectNode) broken.get("files")).put("tools/broken.json", "{\"name\": ");
        Reply refused = refusedForItsContent("POST", "/v1/harness", "Bearer " + PUBLISHER, broken.toString());
        assertTrue(refused.json().path("problems").size() > 0, refused.body());
        call("PUT", "/v1/harness/channels/canary", operator, "{\"version\":\"" + stable + "\"}", 200);
        refusedForItsContent("PUT", "/v1/harness/channels/canary", operator, "{\"version\":\"no-such-version\"}");
        call("GET", "/v1/harness/diff?a=" + stable + "&b=" + canary, operator, null, 200);
        call("GET", "/v1/harness/diff?a=" + stable, operator, null, 400);
        call("POST", "/v1/experiments", operator, "{\"name\":\"contract-ab\",\"control\":\"" + stable + "\",\"treatment\":\""
                + canary + "\",\"treatmentShare\":0.5}", 201);
        call("POST", "/v1/experiments", operator, "{\"name\":\"contract-ab\",\"control\":\"" + stable + "\",\"treatment\":\""
                + canary + "\",\"treatmentShare\":\"half\"}", 400);
        call("DELETE", "/v1/experiments/contract-ab", operator, null, 200);

        // OpenAI-compatible
        call("GET", "/v1/models", apiKey, null, 200);
        call("GET", "/v1/models", null, null, 401);
        call("POST", "/v1/chat/completions", apiKey, "{\"model\":\"any\",\"max_tokens\":8,\"temperature\":0,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Once upon a time\"}]}", 200);
        call("POST", "/v1/chat/completions", apiKey, "{\"model\":\"any\",\"max_tokens\":8,\"stream\":true,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Once upon a time\"}]}", 200);
        call("POST", "/v1/chat/completions", apiKey, "{\"model\":\"any\",\"messages\":[{\"role\":\"wizard\",\"content\":\"x\"}]}", 400);
        call("POST", "/v1/chat/completions", null, "{}", 401);

        // a path the description does not have is still a problem details object
        Reply unknown = send("GET", "/v1/nothing-here", null, null);
        assertEquals(404, unknown.status());
        assertEquals("application/problem+json", unknown.contentType());
        violations.addAll(api.check("/components/schemas/Problem", unknown.json()));

        // last: it kills the decode thread of a backend that has one
        Reply crash = call("POST", "/v1/faults/engine-crash", operator, null, -1);
        assertTrue(crash.status() == 200 || crash.status() == 409, crash.body());
    }

    /**
     * One request, checked against the description: its operation exists; when {@code expect} is a
     * success, its parameters and body are what the description allows, and when it is an error,
     * the description refuses them too or the refusal is the state's (a credential, a room, a
     * duplicate); the status is {@code expect} (any, when -1); the response is as described.
     */
    private Reply call(String method, String path, String authorization, String body, int expect) throws Exception {
        return call(method, path, authorization, body, expect, true);
    }

    /**
     * A request the node refuses for what the test cannot check against the description here: what
     * it holds (a file that does not parse, a version it lacks) or a header it lacks.
     */
    private Reply refusedForItsContent(String method, String path, String authorization, String body) throws Exception {
        return call(method, path, authorization, body, 400, false);
    }

    private Reply call(String method, String path, String authorization, String body, int expect, boolean describable) throws Exception {
        ApiDescription.Operation op = api.find(method, path);
        if (op == null) {
            violations.add(method + " " + path + ": no operation in the description");
            return send(method, path, authorization, body);
        }
        called.add(op.key());
        List<String> requestProblems = new ArrayList<>(checkParameters(op, path));
        JsonNode json = null;
        if (body != null) {
            try {
                json = Http.JSON.readTree(body);
            } catch (Exception notJson) {
                requestProblems.add("the body is not JSON");
            }
        }
        if (json != null || body == null) requestProblems.addAll(api.checkRequestBody(op, "application/json", json));
        boolean success = expect >= 200 && expect < 300;
        if (success && !requestProblems.isEmpty()) violations.add(method + " " + path + " (a valid request) " + requestProblems);
        boolean malformed = describable && (expect == 400 || expect == 413);
        if (malformed && requestProblems.isEmpty()) violations.add(method + " " + path + " was refused, but the description allows it: " + body);

        Reply r = send(method, path, authorization, body);
        if (r.status() >= 200 && r.status() < 300) {
            List<String> schemes = api.schemes(op);
            String scheme = authorization == null ? null : schemeOf(authorization);
            if (scheme == null ? !schemes.isEmpty() : !schemes.contains(scheme)) {
                violations.add(method + " " + path + " served " + r.status() + " with " + (scheme == null ? "no credential" : scheme)
                        + ", but the description's security for it is " + schemes);
            }
        }
        if (expect != -1 && r.status() != expect) {
            violations.add(method + " " + path + ": expected " + expect + ", got " + r.status() + " " + r.body());
        }
        for (String p : api.checkResponse(op, r.status(), r.contentType(), r.body())) violations.add(method + " " + path + ": " + p);
        return r;
    }

    /** Which of the description's security schemes a token is. */
    private static String schemeOf(String authorization) {
        String token = authorization.substring("Bearer ".length());
        if (token.equals(TestNodes.OPERATOR_TOKEN)) return "operatorToken";
        if (token.equals(PUBLISHER)) return "publisherToken";
        if (token.equals(TestNodes.PLATFORM_TOKEN)) return "platformToken";
        if (token.equals(TestNodes.API_KEY)) return "apiKey";
        return "a token of no scheme";
    }

    private List<String> checkParameters(ApiDescription.Operation op, String path) {
        List<String> out = new ArrayList<>();
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        String[] given = bare.split("/", -1);
        String[] template = op.path().split("/", -1);
        for (int i = 0; i < template.length && i < given.length; i++) {
            if (template[i].startsWith("{") && !op.path().startsWith("/console/")) {
                out.addAll(api.checkParameter(op, "path", template[i].substring(1, template[i].length() - 1), given[i]));
            }
        }
        if (path.contains("?")) {
            for (String pair : path.substring(path.indexOf('?') + 1).split("&")) {
                String[] kv = pair.split("=", 2);
                out.addAll(api.checkParameter(op, "query", kv[0], URLDecoder.decode(kv.length > 1 ? kv[1] : "", StandardCharsets.UTF_8)));
            }
        }
        // a required query parameter left out
        JsonNode params = op.node().path("parameters");
        for (JsonNode p : params) {
            if (p.path("in").asText().equals("query") && p.path("required").asBoolean() && !path.matches(".*[?&]" + p.path("name").asText() + "=.*")) {
                out.add("query parameter '" + p.path("name").asText() + "' is required");
            }
        }
        return out;
    }

    private Reply send(String method, String path, String authorization, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) b.header("content-type", "application/json");
        if (authorization != null) b.header("Authorization", authorization);
        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        String type = r.headers().firstValue("content-type").orElse(null);
        JsonNode json = null;
        if (type != null && type.contains("json")) json = Http.JSON.readTree(r.body());
        return new Reply(r.statusCode(), type, r.body(), json);
    }

    /** The WebSocket upgrade: 101, as described. */
    private void events(String room) throws Exception {
        String path = "/v1/rooms/" + room + "/events";
        ApiDescription.Operation op = api.find("GET", path);
        called.add(op.key());
        WebSocket ws = client.newWebSocketBuilder().buildAsync(URI.create(base.replace("http:", "ws:") + path), new WebSocket.Listener() { })
                .get(10, TimeUnit.SECONDS); // completes only on 101 Switching Protocols
        violations.addAll(api.checkResponse(op, 101, null, ""));
        ws.abort();
    }

    /** The transcript is an endless event stream: its status and media type, then the connection goes. */
    private void transcript(String room, String authorization) throws Exception {
        String path = "/v1/rooms/" + room + "/transcript";
        ApiDescription.Operation op = api.find("GET", path);
        called.add(op.key());
        HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", authorization).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = r.body()) {
            assertEquals(200, r.statusCode());
            violations.addAll(api.checkResponse(op, r.statusCode(), r.headers().firstValue("content-type").orElse(null), ""));
        }
    }

    private static String publishBody(String marker, String channel) {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules " + marker + "\n{{prohibitions}}\n");
        if (channel != null) body.put("channel", channel);
        return body.toString();
    }
}
