package io.liveharness.ops;

import io.liveharness.auth.BearerToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every operator endpoint wants the operator token (publishing wants the publisher's); no viewer endpoint takes it. */
class OperatorAuthTest {
    private static Node node;
    private static OpsNodes.Client operator, anonymous, wrong;

    @BeforeAll
    static void start() {
        node = TestNodes.start(OpsNodes.config());
        operator = OpsNodes.Client.operator(node.port());
        anonymous = new OpsNodes.Client(node.port(), null);
        wrong = new OpsNodes.Client(node.port(), "Bearer not-the-token");
    }

    @AfterAll
    static void stop() { node.close(); }

    private record Call(String method, String path, String body, int expected) { }

    private static String publishBody() {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules (auth test)\n{{prohibitions}}\n");
        return body.put("channel", "canary").toString();
    }

    @Test
    void everyOperatorEndpointAnswers401WithoutTheToken403WithAWrongOneAndItsAnswerWithTheRightOne() throws Exception {
        String stable = operator.get("/v1/harness").json().path("channels").path("stable").asText();
        // the publish comes first: the channel move and the experiment below use its version
        List<Call> calls = new ArrayList<>(List.of(
                new Call("GET", "/v1/rooms", null, 200),
                new Call("GET", "/v1/rooms/dress-room", null, 200),
                new Call("PUT", "/v1/rooms/dress-room/harness", "{\"version\":\"" + stable + "\"}", 200),
                new Call("DELETE", "/v1/rooms/dress-room/harness", null, 200),
                new Call("POST", "/v1/rooms/tech-room/drain", "{\"reason\":\"maintenance\"}", 200),
                new Call("DELETE", "/v1/rooms/tech-room/drain", null, 200),
                new Call("POST", "/v1/rooms/tech-room/passivate", null, 200), // no viewer messages go to tech-room here: it is idle
                new Call("GET", "/v1/harness", null, 200),
                new Call("GET", "/v1/quality", null, 200),
                new Call("GET", "/v1/timeline", null, 200),
                // publishing is the publisher token's alone (PublishPermissionTest): the operator's is refused
                new Call("POST", "/v1/harness", publishBody(), 403)));
        for (Call c : calls) check(c);
        assertEquals(201, OpsNodes.Client.publisher(node.port()).post("/v1/harness", publishBody()).status());
        String canary = operator.get("/v1/harness").json().path("channels").path("canary").asText();
        assertFalse(canary.isEmpty());
        for (Call c : List.of(
                new Call("PUT", "/v1/harness/channels/beta", "{\"version\":\"" + canary + "\"}", 200),
                new Call("GET", "/v1/harness/diff?a=" + stable + "&b=" + canary, null, 200),
                new Call("POST", "/v1/experiments", "{\"name\":\"auth-exp\",\"control\":\"" + stable + "\",\"treatment\":\""
                        + canary + "\",\"treatmentShare\":0.5}", 201),
                new Call("DELETE", "/v1/experiments/auth-exp", null, 200))) {
            check(c);
        }
        // the transcript is a stream: with the token it opens as server-sent events
        assertEquals(401, anonymous.get("/v1/rooms/dress-room/transcript").status());
        assertEquals(403, wrong.get("/v1/rooms/dress-room/transcript").status());
        HttpResponse<java.io.InputStream> sse = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + node.port() + "/v1/rooms/dress-room/transcript"))
                .header("Authorization", "Bearer " + OpsNodes.TOKEN).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, sse.statusCode());
        assertTrue(sse.headers().firstValue("content-type").orElse("").startsWith("text/event-stream"));
        sse.body().close();
    }

    private static void check(Call c) {
        Http.Reply none = anonymous.send(c.method(), c.path(), c.body());
        assertEquals(401, none.status(), c.method() + " " + c.path() + " without a token: " + none.body());
        Http.Reply bad = wrong.send(c.method(), c.path(), c.body());
        assertEquals(403, bad.status(), c.method() + " " + c.path() + " with a wrong token: " + bad.body());
        assertFalse(bad.body().contains(OpsNodes.TOKEN));
        Http.Reply ok = operator.send(c.method(), c.path(), c.body());
        assertEquals(c.expected(), ok.status(), c.method() + " " + c.path() + " with the token: " + ok.body());
    }

    @Test
    void viewerEndpointsRefuseTheOperatorTokenAndWorkWithoutIt() {
        List<Call> viewer = List.of(
                new Call("POST", "/v1/rooms/snack-room/messages", OpsNodes.message("with-token", "发什么快递"), 202),
                new Call("POST", "/v1/rooms/snack-room/state", "{\"utterance\":\"大家好\"}", 401), // the platform's path: no token, no state
                new Call("GET", "/v1/rooms/snack-room/messages/nope", null, 404),
                new Call("GET", "/health", null, 200));
        for (Call c : viewer) {
            Http.Reply refused = operator.send(c.method(), c.path(), c.body());
            assertEquals(403, refused.status(), c.path() + ": " + refused.body());
            assertTrue(refused.body().contains(c.path().endsWith("/state") ? "not the platform token" : "take no credential"), refused.body());
            assertEquals(c.expected(), anonymous.send(c.method(), c.path(), c.body()).status(), c.path());
        }
        assertEquals(403, operator.get("/v1/rooms/snack-room/events").status(), "the WebSocket too");
    }

    @Test
    void aDrainedRoomRefusesNewMessagesWith503AndTakesThemAgainOnceResumed() {
        assertEquals(200, operator.post("/v1/rooms/dress-room/drain", "{\"reason\":\"switching hosts\"}").status());
        assertTrue(operator.get("/v1/rooms/dress-room").json().path("draining").asBoolean());
        Http.Reply refused = anonymous.post("/v1/rooms/dress-room/messages", OpsNodes.message("while-drained", "有M码吗"));
        assertEquals(503, refused.status(), refused.body());
        assertTrue(refused.body().contains("switching hosts"), refused.body());
        assertEquals(200, operator.delete("/v1/rooms/dress-room/drain").status());
        assertEquals(202, anonymous.post("/v1/rooms/dress-room/messages", OpsNodes.message("after-drain", "有M码吗")).status());
    }

    @Test
    void withNoTokenConfiguredTheNodeWritesOneToAMode600File() throws Exception {
        assumeTrue(System.getenv(OpsConfig.TOKEN_ENV) == null, "the environment gives a token");
        Path file = Files.createTempDirectory("liveharness-token-").resolve("sub/operator-token");
        BearerToken t = BearerToken.operator(new OpsConfig(null, file.toString()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        String written = Files.readString(file).trim();
        assertEquals(64, written.length());
        assertTrue(t.matches(written));
        assertFalse(t.toString().contains(written), "the token never shows in toString");
    }
}
