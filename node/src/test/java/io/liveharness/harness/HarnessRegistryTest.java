package io.liveharness.harness;

import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Channels, pins and experiments decide which version a room runs, and a restart changes none of it. */
class HarnessRegistryTest {
    private static final HarnessRef STABLE = HarnessRef.STABLE;

    private static HarnessRegistry open(Path state) { return HarnessRegistry.open(state, Path.of("harness"), "default"); }

    private static Harness edited(HarnessRegistry r, String marker) {
        return r.publish(new HarnessFixture().replace("prompts/rules.md", "## Rules", "## Rules " + marker).build());
    }

    @Test
    void roomsStartOnTheDefaultHarnessThroughStable(@TempDir Path state) {
        HarnessRegistry r = open(state);
        String v1 = r.routing().channels().get("stable");
        assertEquals(v1, r.routing().channels().get("canary"));
        assertEquals(v1, r.resolve("dress-room", STABLE).harness().version());
        assertEquals("channel stable", r.resolve("dress-room", STABLE).how());
    }

    @Test
    void aPinnedRoomNeverMovesAcrossAPublishAndARestart(@TempDir Path state) {
        HarnessRegistry r = open(state);
        String v1 = r.routing().channels().get("stable");
        r.pin("dress-room", Pin.version(v1));
        String v2 = edited(r, "v2").version();
        r.setChannel("stable", v2);
        assertEquals(v1, r.resolve("dress-room", STABLE).harness().version(), "the pinned room stays");
        assertEquals(v2, r.resolve("tech-room", STABLE).harness().version(), "a following room moves");

        HarnessRegistry restarted = open(state);
        assertEquals(v1, restarted.resolve("dress-room", STABLE).harness().version(), "the pin survives a restart");
        assertEquals(v2, restarted.resolve("tech-room", STABLE).harness().version(), "the channel survives a restart");
        restarted.unpin("dress-room");
        assertEquals(v2, restarted.resolve("dress-room", STABLE).harness().version(), "unpinned, it follows stable again");
    }

    @Test
    void aRoomPinnedToCanaryFollowsCanary(@TempDir Path state) {
        HarnessRegistry r = open(state);
        String v2 = edited(r, "canary").version();
        r.setChannel("canary", v2);
        r.pin("tech-room", Pin.channel("canary"));
        assertEquals(v2, r.resolve("tech-room", STABLE).harness().version());
        assertEquals("channel canary", r.resolve("tech-room", STABLE).how());
    }

    @Test
    void anExperimentSplitsRoomsByAStableHash(@TempDir Path state) {
        HarnessRegistry r = open(state);
        String control = r.routing().channels().get("stable");
        String treatment = edited(r, "b").version();
        r.startExperiment(new Experiment("rules-b", "stable", control, treatment, 0.3));
        long treated = IntStream.range(0, 2000).filter(i -> r.resolve("room-" + i, STABLE).harness().version().equals(treatment)).count();
        assertTrue(treated > 500 && treated < 700, "about 30 % of 2000 rooms get the treatment, got " + treated);

        HarnessRegistry restarted = open(state);
        for (int i = 0; i < 200; i++) {
            assertEquals(r.resolve("room-" + i, STABLE).harness().version(), restarted.resolve("room-" + i, STABLE).harness().version(),
                    "room-" + i + " stays on its side after a restart");
        }
        assertTrue(restarted.resolve("room-1", STABLE).how().startsWith("experiment rules-b"));
        restarted.stopExperiment("rules-b");
        assertEquals(control, restarted.resolve("room-1", STABLE).harness().version());
    }

    @Test
    void aRefusedPublishChangesNothing(@TempDir Path state) {
        HarnessRegistry r = open(state);
        var before = r.versions().keySet();
        var routing = r.routing();
        assertThrows(HarnessException.class, () -> r.publish(new HarnessFixture().put("prompts/room.md", "{{nope}}").build()));
        assertEquals(before, r.versions().keySet());
        assertEquals(routing, r.routing());
        assertThrows(IllegalArgumentException.class, () -> r.setChannel("stable", "default-000000000000"));
        assertThrows(IllegalArgumentException.class, () -> r.pin("dress-room", Pin.version("nope")));
    }

    @Test
    void publishingTheSameContentTwiceIsOneVersion(@TempDir Path state) {
        HarnessRegistry r = open(state);
        String a = edited(r, "same").version();
        String b = edited(r, "same").version();
        assertEquals(a, b);
        assertEquals(2, r.versions().size());
    }

    @Test
    void aSecondProcessSeesAPublishAfterARefresh(@TempDir Path state) {
        HarnessRegistry node = open(state);
        HarnessRegistry cli = open(state);
        String v2 = edited(cli, "from-cli").version();
        cli.setChannel("stable", v2);
        node.refresh();
        assertEquals(v2, node.resolve("snack-room", STABLE).harness().version());
    }
}
