package io.liveharness.harness;

import io.liveharness.room.RoomManifest.HarnessRef;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The harness versions a node knows, loaded from the folders under {@code harness/}, and which
 * one a room's reference resolves to. Channels all resolve to the default version for now.
 */
public final class HarnessStore {
    private final Map<String, Harness> byVersion = new LinkedHashMap<>();
    private final Map<String, Harness> byName = new LinkedHashMap<>();
    private final Harness defaultHarness;

    public HarnessStore(Path dir, String defaultName) {
        if (!Files.isDirectory(dir)) {
            throw new HarnessException(java.util.List.of(dir + ":0: harness folder not found"));
        }
        try (Stream<Path> folders = Files.list(dir)) {
            for (Path folder : folders.filter(f -> Files.isRegularFile(f.resolve("harness.yaml"))).sorted().toList()) {
                Harness h = HarnessLoader.load(folder);
                byVersion.put(h.version(), h);
                byName.put(h.name(), h);
            }
        } catch (IOException e) {
            throw new HarnessException(java.util.List.of(dir + ":0: cannot list: " + e.getMessage()));
        }
        defaultHarness = byName.get(defaultName);
        if (defaultHarness == null) {
            throw new HarnessException(java.util.List.of(dir.resolve(defaultName) + "/harness.yaml:0: the default harness '"
                    + defaultName + "' is missing"));
        }
    }

    public Harness resolve(HarnessRef ref) {
        if (ref != null && ref.version() != null) {
            Harness pinned = byVersion.getOrDefault(ref.version(), byName.get(ref.version()));
            if (pinned != null) return pinned;
        }
        return defaultHarness;
    }

    public Harness defaultHarness() { return defaultHarness; }
}
