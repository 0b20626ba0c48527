package io.liveharness.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Where the store sets aside a version it cannot serve (its files do not hash to its id, or it
 * does not load): {@code <stateDir>/quarantine/<id>/} holds its files as they were and
 * {@code <id>.reason} says why, so the other versions keep serving, the node and the CLI still
 * open the store, and an operator sees which version went and why.
 */
final class HarnessQuarantine {
    private static final System.Logger LOG = System.getLogger(HarnessQuarantine.class.getName());
    private static final String REASON = ".reason";

    private final Path dir;

    HarnessQuarantine(Path stateDir) { this.dir = stateDir.resolve("quarantine"); }

    /** Moves {@code version} out of the versions folder; the caller holds the store's lock. */
    void add(Path version, String reason) throws IOException {
        if (!Files.isDirectory(version)) return; // another process set it aside first
        Files.createDirectories(dir);
        String id = version.getFileName().toString();
        String name = id;
        for (int n = 2; Files.exists(dir.resolve(name)) || Files.exists(dir.resolve(name + REASON)); n++) name = id + "~" + n;
        Path reasonFile = dir.resolve(name + REASON);
        Files.writeString(reasonFile, reason + "\n", StandardCharsets.UTF_8);
        DurableFiles.syncFile(reasonFile);
        Files.move(version, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        DurableFiles.syncDirectory(dir);
        DurableFiles.syncDirectory(version.getParent());
        LOG.log(System.Logger.Level.WARNING, "harness version " + id + " quarantined to " + dir.resolve(name) + ": " + reason);
    }

    /** Each quarantined version (its folder name) and why it was set aside. */
    Map<String, String> reasons() {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) return out;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(REASON)).toList()) {
                String name = f.getFileName().toString();
                out.put(name.substring(0, name.length() - REASON.length()), Files.readString(f, StandardCharsets.UTF_8).strip());
            }
        } catch (IOException e) {
            out.put("?", "cannot read " + dir + ": " + e.getMessage());
        }
        return out;
    }
}
