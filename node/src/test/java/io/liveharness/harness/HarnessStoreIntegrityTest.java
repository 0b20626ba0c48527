package io.liveharness.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store holds only versions whose files hash to their id: a path that would be written other
 * than it was hashed is refused at publish, and a version that does not hash to its id or does not
 * load is set aside with its reason while the others keep serving.
 */
class HarnessStoreIntegrityTest {
    private static HarnessRegistry open(Path state) { return HarnessRegistry.open(state, Path.of("harness"), "default"); }

    @Test
    void aPublishWithANonCanonicalPathIsRefusedNamingThePathAndTheStoreStillOpens(@TempDir Path state) {
        HarnessRegistry r = open(state);
        Set<String> before = r.versions().keySet();
        for (String path : List.of(".keep", "./notes.md", "prompts//extra.md", "prompts/.draft.md", "prompts/../notes.md",
                "/etc/notes.md", "prompts\\notes.md", "prompts/", "")) {
            HarnessException e = assertThrows(HarnessException.class, () -> r.publish(new HarnessFixture().put(path, "x\n").build()),
                    "'" + path + "' was published");
            assertTrue(String.join("\n", e.problems()).contains("'" + path + "'") && String.join("\n", e.problems()).contains("canonical"),
                    "the refusal names '" + path + "': " + e.problems());
        }
        assertEquals(before, open(state).versions().keySet(), "nothing was stored, and the store opens again");
        assertEquals(before, r.versions().keySet());
    }

    @Test
    void aVersionWhoseFilesDoNotHashToItsIdIsQuarantinedAndTheOthersKeepServing(@TempDir Path state) throws IOException {
        HarnessRegistry node = open(state);
        String stable = node.routing().channels().get("stable");
        copy(state.resolve("versions").resolve(stable), state.resolve("versions").resolve("default-000000000000"));
        node.refresh(); // what the node's periodic refresh does

        assertEquals(Set.of(stable), node.versions().keySet());
        String why = node.quarantined().get("default-000000000000");
        assertTrue(why != null && why.contains("hash"), "the reason says the content does not hash to the id: " + node.quarantined());
        assertEquals(stable, node.resolve("dress-room", HarnessRef.STABLE).harness().version(), "the stable version keeps serving");
        node.pin("dress-room", HarnessRouting.Pin.version(stable)); // pins answer again
        assertFalse(Files.exists(state.resolve("versions").resolve("default-000000000000")), "set aside, out of versions/");
    }

    @Test
    void aVersionThatDoesNotLoadIsQuarantinedAndTheNodeAndCliStillOpenTheStore(@TempDir Path state) throws IOException {
        open(state);
        Path broken = state.resolve("versions").resolve("broken-111111111111");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("harness.yaml"), "name: [unclosed\n");

        HarnessRegistry restarted = open(state);
        assertTrue(restarted.quarantined().containsKey("broken-111111111111"), "quarantined: " + restarted.quarantined());
        assertTrue(restarted.quarantined().get("broken-111111111111").contains("harness.yaml"),
                "the reason names what failed: " + restarted.quarantined());
        assertEquals(1, restarted.versions().size());
        assertEquals(restarted.quarantined(), open(state).quarantined(), "the quarantine and its reason survive a restart");
    }

    @Test
    void aRoomOnAChannelWhoseVersionWasQuarantinedAnswersOnStable(@TempDir Path state) throws IOException {
        HarnessRegistry r = open(state);
        String stable = r.routing().channels().get("stable");
        String canary = r.publish(new HarnessFixture().replace("prompts/rules.md", "## Rules", "## Rules canary").build()).version();
        r.setChannel("canary", canary);
        Files.writeString(state.resolve("versions").resolve(canary).resolve("prompts/rules.md"), "changed on disk\n");

        HarnessRegistry restarted = open(state);
        var resolution = restarted.resolve("tech-room", new HarnessRef("canary", null));
        assertEquals(stable, resolution.harness().version());
        assertTrue(resolution.how().contains(canary + " is quarantined"), resolution.how());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(target); else Files.copy(f, target);
            }
        }
    }
}
