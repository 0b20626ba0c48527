package io.liveharness.ops;

import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Each credential on its own paths only: on a viewer path (which takes none) the operator's, the
 * publisher's, the platform's or an API client's key is refused exactly like a made-up token, so
 * the answer tells nobody which strings are credentials; on the platform's path every token but the
 * platform's is refused alike.
 */
class CredentialPathsTest {

    @Test
    void viewerAndPlatformPathsRefuseEveryOtherCredentialLikeAWrongOne() throws Exception {
        var model = new ScriptedBackend(call -> ScriptedBackend.pieces("Yes."));
        try (Node node = TestNodes.start(OpsNodes.config(), model)) {
            int port = node.port();
            Map<String, String> tokens = Map.of(
                    "operator", OpsNodes.TOKEN, "publisher", OpsNodes.PUBLISHER_TOKEN, "platform", TestNodes.PLATFORM_TOKEN,
                    "api client", TestNodes.API_KEY, "made up", "not-a-credential-of-this-node-000");
            String madeUp = null;
            for (var t : tokens.entrySet()) {
                var c = new OpsNodes.Client(port, "Bearer " + t.getValue());
                List<Http.Reply> viewer = List.of(
                        c.post("/v1/rooms/tech-room/messages", OpsNodes.message("cred-" + t.getKey().replace(' ', '-'), "in stock?")),
                        c.get("/v1/rooms/tech-room/messages/nope"),
                        c.get("/v1/rooms/tech-room/events"),
                        c.get("/health"));
                for (Http.Reply r : viewer) {
                    assertEquals(403, r.status(), "the " + t.getKey() + " token on a viewer path: " + r.body());
                    assertFalse(r.body().contains(t.getValue()), "the token is never echoed");
                    if (madeUp == null) madeUp = r.json().path("detail").asText();
                    assertEquals(madeUp, r.json().path("detail").asText(), "every credential is refused alike: " + t.getKey());
                }
                if (!t.getKey().equals("platform")) {
                    Http.Reply state = c.post("/v1/rooms/tech-room/state", "{\"utterance\":\"hello\"}");
                    assertEquals(403, state.status(), "the " + t.getKey() + " token on the platform's path: " + state.body());
                    assertEquals("that is not the platform token", state.json().path("detail").asText(), t.getKey());
                }
            }
            assertEquals(202, new OpsNodes.Client(port, null).post("/v1/rooms/tech-room/messages",
                    OpsNodes.message("cred-none", "in stock?")).status(), "without a credential a viewer posts");
        }
    }
}
