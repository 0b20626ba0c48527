package io.liveharness.ops;

import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the node's own harness store is broken (a version folder gone, a routing file that no longer
 * parses), the operator is told so with an error id to find in the log: the body never carries the
 * store's paths or the exception's text, which would show a caller the node's disk and files.
 */
class StoreTroubleBodiesTest {

    @Test
    void aBrokenHarnessStoreAnswersWithAnErrorIdNotItsPathsOrTheExceptionText() throws IOException {
        NodeConfig config = OpsNodes.config();
        Path store = Path.of(config.harness().stateDir());
        try (Node node = TestNodes.start(config)) {
            OpsNodes.Client http = OpsNodes.Client.operator(node.port());
            String stable = http.get("/v1/harness").json().path("channels").path("stable").asText();

            deleteTree(store.resolve("versions").resolve(stable));
            Http.Reply diff = http.get("/v1/harness/diff?a=" + stable + "&b=" + stable);
            assertStoreTrouble(diff, store);

            Files.writeString(store.resolve("routing.json"), "{\"channels\": {\"stable\": ");
            Http.Reply moved = http.put("/v1/harness/channels/canary", "{\"version\":\"" + stable + "\"}");
            assertStoreTrouble(moved, store);
            assertFalse(moved.body().contains("Unexpected end-of-input") || moved.body().contains("JsonEOF"),
                    "the parser's own words reached the client: " + moved.body());
        }
    }

    private static void assertStoreTrouble(Http.Reply r, Path store) {
        assertEquals(500, r.status(), r.body());
        assertFalse(r.body().contains(store.toString()) || r.body().contains(store.getFileName().toString()),
                "the body shows the store's path: " + r.body());
        assertTrue(r.json().path("errorId").asText().startsWith("err-"), r.body());
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
