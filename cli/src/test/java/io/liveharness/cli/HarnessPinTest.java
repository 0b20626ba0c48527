package io.liveharness.cli;

import io.liveharness.config.NodeConfig;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.node.Node;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import io.liveharness.harness.HarnessRouting.Pin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.liveharness.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `harness pin ROOM` on a real store: the pin a node reads, then none; an unknown room or version refused, named. */
class HarnessPinTest {

    @Test
    void aRoomIsPinnedToAVersionOrAChannelAndUnpinned(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path conf = tmp.resolve("conf.yaml");
        Files.writeString(conf, "harness:\n  dir: harness\n  stateDir: " + state + "\n  defaultVersion: default\n");
        String version = HarnessRegistry.open(state, Path.of("harness"), "default").routing().channels().get("stable");

        CommandLineTest.Run pinned = run("harness", "pin", "dress-room", "--version", version, "--conf", conf.toString());
        assertEquals(ExitCodes.OK, pinned.exit(), pinned.err());
        assertEquals(Pin.version(version), HarnessRegistry.open(state, null, "default").routing().pins().get("dress-room"));

        assertEquals(ExitCodes.OK, run("harness", "pin", "dress-room", "--channel", "stable", "--conf", conf.toString()).exit());
        assertEquals(Pin.channel("stable"), HarnessRegistry.open(state, null, "default").routing().pins().get("dress-room"));

        assertEquals(ExitCodes.OK, run("harness", "pin", "dress-room", "--unpin", "--conf", conf.toString()).exit());
        assertNull(HarnessRegistry.open(state, null, "default").routing().pins().get("dress-room"));
    }

    @Test
    void throughANodesOperatorApi(@TempDir Path tmp) throws Exception {
        NodeConfig config = TestNodes.config();
        Path conf = tmp.resolve("operator.yaml");
        Files.writeString(conf, "ops:\n  token: " + TestNodes.OPERATOR_TOKEN + "\n");
        Path wrongToken = tmp.resolve("wrong.yaml");
        Files.writeString(wrongToken, "ops:\n  token: not-the-operator-token-0000\n");
        try (Node node = TestNodes.start(config, new ScriptedBackend(call -> ScriptedBackend.pieces("好的")))) {
            String url = "http://127.0.0.1:" + node.port();
            Path state = Path.of(config.harness().stateDir());

            CommandLineTest.Run pinned = run("harness", "pin", "dress-room", "--channel", "stable", "--node", url, "--conf", conf.toString());
            assertEquals(ExitCodes.OK, pinned.exit(), pinned.err());
            assertEquals(Pin.channel("stable"), HarnessRegistry.open(state, null, "default").routing().pins().get("dress-room"));

            assertEquals(ExitCodes.FAILED, run("harness", "pin", "dress-room", "--unpin", "--node", url, "--conf", wrongToken.toString()).exit(),
                    "the node refuses another token");
            assertEquals(ExitCodes.OK, run("harness", "pin", "dress-room", "--unpin", "--node", url, "--conf", conf.toString()).exit());
            assertNull(HarnessRegistry.open(state, null, "default").routing().pins().get("dress-room"));
        }
    }

    @Test
    void anUnknownRoomOrVersionIsRefusedByName(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path conf = tmp.resolve("conf.yaml");
        Files.writeString(conf, "harness:\n  dir: harness\n  stateDir: " + state + "\n  defaultVersion: default\n");
        CommandLineTest.Run room = run("harness", "pin", "no-such-room", "--channel", "stable", "--conf", conf.toString());
        assertEquals(ExitCodes.USAGE, room.exit());
        assertTrue(room.err().contains("no room 'no-such-room'"), room.err());
        CommandLineTest.Run version = run("harness", "pin", "dress-room", "--version", "v-nope", "--conf", conf.toString());
        assertEquals(ExitCodes.USAGE, version.exit());
        assertTrue(version.err().contains("v-nope"), version.err());
        assertEquals(ExitCodes.USAGE, run("harness", "pin", "dress-room", "--conf", conf.toString()).exit(), "neither --version, --channel nor --unpin");
    }
}
