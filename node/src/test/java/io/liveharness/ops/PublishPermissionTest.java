package io.liveharness.ops;

import io.liveharness.auth.BearerToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Publishing a harness is a permission of its own: the publisher token's, not the operator's. */
class PublishPermissionTest {

    private static String publishBody(String marker) {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules " + marker + "\n{{prohibitions}}\n");
        return body.put("channel", "canary").toString();
    }

    @Test
    void theOperatorTokenCannotPublishAHarness() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            OpsNodes.Client operator = OpsNodes.Client.operator(node.port());
            int before = operator.get("/v1/harness").json().path("versions").size();

            Http.Reply refused = operator.post("/v1/harness", publishBody("by-operator"));

            assertEquals(403, refused.status(), refused.body());
            assertTrue(refused.body().contains("the operator token cannot publish a harness"), refused.body());
            assertEquals(before, operator.get("/v1/harness").json().path("versions").size(), "nothing was stored");
            assertEquals(401, new OpsNodes.Client(node.port(), null).post("/v1/harness", publishBody("nobody")).status());
            assertEquals(403, new OpsNodes.Client(node.port(), "Bearer not-a-token").post("/v1/harness", publishBody("guess")).status());
        }
    }

    @Test
    void thePublisherTokenPublishesAndCanDoNothingElse() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            OpsNodes.Client publisher = OpsNodes.Client.publisher(node.port());
            Http.Reply published = publisher.post("/v1/harness", publishBody("by-publisher"));
            assertEquals(201, published.status(), published.body());
            String version = published.json().path("version").asText();
            OpsNodes.Client operator = OpsNodes.Client.operator(node.port());
            assertEquals(version, operator.get("/v1/harness").json().path("channels").path("canary").asText());

            assertEquals(403, publisher.get("/v1/harness").status());
            assertEquals(403, publisher.put("/v1/rooms/dress-room/harness", "{\"version\":\"" + version + "\"}").status());
            assertEquals(403, publisher.put("/v1/harness/channels/stable", "{\"version\":\"" + version + "\"}").status());
            assertEquals(403, publisher.post("/v1/rooms/dress-room/drain", "{}").status());
            assertFalse(operator.get("/v1/rooms/dress-room").json().path("draining").asBoolean());
        }
    }

    @Test
    void withNoPublisherTokenConfiguredTheNodeWritesOneBesideTheOperatorsAndNeverTheSameValue() throws Exception {
        assumeTrue(System.getenv(OpsConfig.PUBLISHER_TOKEN_ENV) == null, "the environment gives a publisher token");
        Path dir = Files.createTempDirectory("liveharness-token-");
        OpsConfig ops = new OpsConfig("operator-secret", dir.resolve("operator-token").toString());
        BearerToken publisher = BearerToken.publisher(ops, BearerToken.operator(ops));

        Path file = dir.resolve("publisher-token");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(publisher.matches(Files.readString(file).trim()));
        assertFalse(publisher.matches("operator-secret"));

        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> new OpsConfig("one-token", "t", "one-token", null));
        assertTrue(same.getMessage().contains("must differ"), same.getMessage());
        IllegalArgumentException sameFromEnv = assertThrows(IllegalArgumentException.class, () -> BearerToken.publisher(
                new OpsConfig(null, "t", "from-elsewhere", null), BearerToken.of("operator", "from-elsewhere")));
        assertTrue(sameFromEnv.getMessage().contains("equals the operator token"), sameFromEnv.getMessage());
    }
}
