package io.liveharness.harness;

import io.liveharness.harness.HarnessRouting.Pin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store keeps at most {@code harness.maxVersions} versions: a publish past it removes the
 * oldest that no channel, pin, experiment or room manifest uses; when every stored version is in
 * use the publish is refused, naming the limit. So publishes cannot fill the disk or slow a start.
 */
class HarnessRetentionTest {

    private static Harness edited(HarnessRegistry r, String marker) {
        return r.publish(new HarnessFixture().replace("prompts/rules.md", "## Rules", "## Rules " + marker).build());
    }

    private static long stored(Path state) throws Exception {
        try (var dirs = Files.list(state.resolve("versions"))) {
            return dirs.filter(d -> !d.getFileName().toString().startsWith(".")).count();
        }
    }

    @Test
    void theOldestUnusedVersionsGoAndEveryVersionInUseStays(@TempDir Path state) throws Exception {
        HarnessRegistry r = HarnessRegistry.open(state, Path.of("harness"), "default", Set.of(), 4);
        String stable = r.routing().channels().get("stable");
        String pinned = edited(r, "pinned").version();
        r.pin("dress-room", Pin.version(pinned));
        String byManifest = edited(r, "manifest").version();
        r.keepPinnedByManifests(List.of(new HarnessRef(null, byManifest)));
        String first = edited(r, "first").version(); // the fourth: the store is full
        String second = edited(r, "second").version();
        String third = edited(r, "third").version();

        assertEquals(4, stored(state), "the limit");
        for (String kept : List.of(stable, pinned, byManifest, third)) {
            assertTrue(r.versions().containsKey(kept), kept + " is in use or newest and stays");
            assertTrue(Files.isDirectory(state.resolve("versions").resolve(kept)));
        }
        for (String gone : List.of(first, second)) {
            assertFalse(r.versions().containsKey(gone), gone + ", unused and older, went");
            assertFalse(Files.exists(state.resolve("versions").resolve(gone)));
        }
        HarnessRegistry restarted = HarnessRegistry.open(state, Path.of("harness"), "default", Set.of(), 4);
        assertEquals(r.versions().keySet(), restarted.versions().keySet(), "a restart reads only what was kept");
    }

    @Test
    void whenEveryStoredVersionIsInUseAPublishIsRefusedByTheLimit(@TempDir Path state) {
        HarnessRegistry r = HarnessRegistry.open(state, Path.of("harness"), "default", Set.of(), 2);
        r.pin("dress-room", Pin.version(edited(r, "pinned").version()));
        HarnessException e = assertThrows(HarnessException.class, () -> edited(r, "one-too-many"));
        assertTrue(e.getMessage().contains("harness.maxVersions (2)"), e.getMessage());
        assertEquals(2, r.versions().size());
    }
}
