package io.liveharness.chaos;

import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fault run's engine switch: without {@code ops.faults} there is no such endpoint; with it,
 * only the operator token may kill the decode thread, and the node then says it is down.
 */
class FaultSwitchTest {

    @Test
    void withoutOpsFaultsThereIsNoEngineCrashEndpoint() {
        try (Node node = TestNodes.start()) {
            assertEquals(404, Http.operator(node.port()).post("/v1/faults/engine-crash", "{}").status());
            assertEquals(200, new Http(node.port()).get("/health").status(), "the node is still up");
        }
    }

    @Test
    void withOpsFaultsOnlyTheOperatorMayKillTheDecodeThreadAndHealthThenSaysDown() {
        NodeConfig c = TestNodes.config();
        NodeConfig.OpsConfig ops = c.ops();
        c = c.withOps(new NodeConfig.OpsConfig(ops.token(), ops.tokenFile(), ops.publisherToken(), ops.publisherTokenFile(), true));
        try (Node node = TestNodes.start(c)) {
            assertEquals(401, new Http(node.port()).post("/v1/faults/engine-crash", "{}").status(), "no token");
            assertEquals(403, Http.platform(node.port()).post("/v1/faults/engine-crash", "{}").status(), "the platform token is not enough");
            assertEquals(200, new Http(node.port()).get("/health").status(), "a refused request kills nothing");
            var killed = Http.operator(node.port()).post("/v1/faults/engine-crash", "{}");
            assertEquals(200, killed.status(), killed.body());
            long until = System.nanoTime() + 10_000_000_000L;
            Http.Reply h = new Http(node.port()).get("/health");
            while (h.status() == 200 && System.nanoTime() < until) h = new Http(node.port()).get("/health");
            assertEquals(503, h.status(), h.body());
            assertTrue(h.body().contains("fault run"), "the reason names the fault run: " + h.body());
        }
    }

    @Test
    void theConfKeyIsReadFromTheFile() throws Exception {
        Path f = java.nio.file.Files.createTempFile("faults", ".yaml");
        java.nio.file.Files.writeString(f, "ops: {faults: true}\n");
        assertTrue(io.liveharness.config.ConfigLoader.load(f).ops().faults());
        java.nio.file.Files.writeString(f, "ops: {tokenFile: var/x}\n");
        assertEquals(false, io.liveharness.config.ConfigLoader.load(f).ops().faults(), "off by default");
    }
}
