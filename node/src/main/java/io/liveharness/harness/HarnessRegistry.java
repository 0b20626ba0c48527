package io.liveharness.harness;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The published harness versions and the routing of rooms to them, kept durably in a state
 * folder so a restart changes nothing:
 * <pre>
 *   &lt;stateDir&gt;/versions/&lt;versionId&gt;/...   the files of each published version, never changed
 *   &lt;stateDir&gt;/routing.json                 channels, pins, experiments
 * </pre>
 * Several processes may share the folder (a node, and the CLI publishing to it): each change
 * takes a file lock, re-reads what is on disk, applies itself and writes atomically, and a node
 * calls {@link #refresh} to see changes others made. Reads are lock-free from an immutable snapshot.
 */
public final class HarnessRegistry {
    private static final ObjectMapper JSON = Json.INDENTED;
    private static final java.util.regex.Pattern CHANNEL = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    /** Which version a room runs and why, for replies and the operator API. */
    /** @param experiment the experiment that chose the version, or null; {@code arm}: its {@code control} or {@code treatment} */
    public record Resolution(Harness harness, String how, String experiment, String arm) {
        public Resolution(Harness harness, String how) { this(harness, how, null, null); }
    }

    private record Snapshot(Map<String, Harness> versions, HarnessRouting routing, FileTime routingTime,
                            Map<String, String> quarantined) { }

    private final Path stateDir;
    private final HarnessQuarantine quarantine;
    /** The MCP servers the node's conf declares: the only names a version may be published with. */
    private final java.util.Set<String> mcpServers;
    /** Versions the store keeps at most (harness.maxVersions); past it the oldest unused go. */
    private final int maxVersions;
    /** The versions room manifests pin: in use, though routing does not name them. */
    private volatile java.util.Set<String> manifestPins = java.util.Set.of();
    /** The default harness folder's version, which stable and canary follow until someone moves them. */
    private String bootDefault;
    private volatile Snapshot snapshot;

    private HarnessRegistry(Path stateDir, java.util.Set<String> mcpServers, int maxVersions) {
        this.stateDir = stateDir;
        this.mcpServers = java.util.Set.copyOf(mcpServers);
        this.maxVersions = maxVersions;
        this.quarantine = new HarnessQuarantine(stateDir);
        this.snapshot = new Snapshot(Map.of(), HarnessRouting.EMPTY, null, Map.of());
    }

    /**
     * Opens the registry in {@code stateDir}, publishing every harness folder of {@code sourceDir}
     * (publishing is idempotent: same content, same version) and pointing the {@code stable} and
     * {@code canary} channels at {@code defaultName}'s version when they point nowhere yet.
     */
    public static HarnessRegistry open(Path stateDir, Path sourceDir, String defaultName) {
        return open(stateDir, sourceDir, defaultName, java.util.Set.of());
    }

    /**
     * As above, for a node whose conf declares these MCP servers ({@code mcp.servers}): a version
     * may name only them, checked when it is published.
     */
    public static HarnessRegistry open(Path stateDir, Path sourceDir, String defaultName, java.util.Set<String> mcpServers) {
        return open(stateDir, sourceDir, defaultName, mcpServers, io.liveharness.config.NodeConfig.HarnessConfig.DEFAULT_MAX_VERSIONS);
    }

    /** As above, keeping at most {@code maxVersions} versions in the store (harness.maxVersions). */
    public static HarnessRegistry open(Path stateDir, Path sourceDir, String defaultName, java.util.Set<String> mcpServers,
                                       int maxVersions) {
        if (maxVersions < 2) throw new IllegalArgumentException("harness.maxVersions must be at least 2, not " + maxVersions);
        HarnessRegistry registry = new HarnessRegistry(stateDir, mcpServers, maxVersions);
        try {
            Files.createDirectories(stateDir.resolve("versions"));
        } catch (IOException e) {
            throw new HarnessException(List.of(stateDir + ":0: cannot create the harness state folder: " + e.getMessage()));
        }
        registry.refresh();
        Harness fallbackDefault = null;
        if (sourceDir != null && Files.isDirectory(sourceDir)) {
            try (Stream<Path> folders = Files.list(sourceDir)) {
                for (Path folder : folders.filter(f -> Files.isRegularFile(f.resolve(HarnessLoader.MANIFEST))).sorted().toList()) {
                    Harness h = registry.publish(HarnessFiles.fromDirectory(folder));
                    if (folder.getFileName().toString().equals(defaultName)) fallbackDefault = h;
                }
            } catch (IOException e) {
                throw new HarnessException(List.of(sourceDir + ":0: cannot list: " + e.getMessage()));
            }
        }
        String initial = fallbackDefault == null ? null : fallbackDefault.version();
        registry.bootDefault = initial;
        registry.mutate(r -> {
            HarnessRouting next = r;
            if (initial != null && !r.channels().containsKey(HarnessRouting.STABLE)) next = next.withChannel(HarnessRouting.STABLE, initial);
            if (!next.channels().containsKey(HarnessRouting.CANARY) && next.channels().containsKey(HarnessRouting.STABLE)) {
                next = next.withChannel(HarnessRouting.CANARY, next.channels().get(HarnessRouting.STABLE));
            }
            return next;
        });
        if (!registry.routing().channels().containsKey(HarnessRouting.STABLE)) {
            throw new HarnessException(List.of(sourceDir + "/" + defaultName + "/" + HarnessLoader.MANIFEST
                    + ":0: no stable harness: the default harness '" + defaultName + "' is missing and none was published"));
        }
        return registry;
    }

    // --- reading --------------------------------------------------------------------------------

    public Map<String, Harness> versions() { return snapshot.versions(); }

    public HarnessRouting routing() { return snapshot.routing(); }

    /** Versions set aside because their files do not hash to their id or do not load, with why. */
    public Map<String, String> quarantined() { return snapshot.quarantined(); }

    /** The files of a published version, as stored. */
    public HarnessFiles files(String version) {
        requireVersion(version);
        try {
            return HarnessFiles.fromDirectory(stateDir.resolve("versions").resolve(version));
        } catch (HarnessException e) { // a published version that no longer reads: the store's trouble, not the caller's
            throw new HarnessStoreException(e.problems());
        }
    }

    public java.util.Optional<Harness> version(String id) { return java.util.Optional.ofNullable(snapshot.versions().get(id)); }

    /**
     * The versions some room can run now: those a channel points at, an operator pins, an experiment
     * splits, or a room manifest pins ({@code manifestPins}). The rest are stored but idle: their MCP
     * servers need not run.
     */
    public List<Harness> inUse(java.util.Collection<HarnessRef> manifestPins) {
        Snapshot s = snapshot;
        java.util.Set<String> ids = routedIds(s.routing());
        manifestPins.forEach(r -> { if (r != null && r.version() != null) ids.add(r.version()); });
        return ids.stream().map(s.versions()::get).filter(java.util.Objects::nonNull).toList();
    }

    private static java.util.Set<String> routedIds(HarnessRouting routing) {
        java.util.Set<String> ids = new java.util.LinkedHashSet<>(routing.channels().values());
        routing.pins().values().forEach(p -> { if (p.version() != null) ids.add(p.version()); });
        routing.experiments().forEach(e -> { ids.add(e.control()); ids.add(e.treatment()); });
        return ids;
    }

    /** The versions room manifests pin ({@code harness.version} in a room's file): never removed from the store. */
    public void keepPinnedByManifests(java.util.Collection<HarnessRef> pins) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        pins.forEach(r -> { if (r != null && r.version() != null) ids.add(r.version()); });
        manifestPins = java.util.Set.copyOf(ids);
    }

    /**
     * The version a room runs now: its operator pin, else its manifest's pin, else the channel it
     * follows (through an experiment on that channel, if one runs).
     */
    public Resolution resolve(String roomId, HarnessRef manifestRef) {
        Snapshot s = snapshot;
        Pin pin = s.routing().pins().get(roomId);
        if (pin != null && pin.version() != null) return pinned(s, pin.version(), "pinned");
        if (pin == null && manifestRef != null && manifestRef.version() != null) return pinned(s, manifestRef.version(), "pinned by manifest");
        String channel = pin != null ? pin.channel() : manifestRef == null || manifestRef.channel() == null ? HarnessRouting.STABLE : manifestRef.channel();
        for (Experiment e : s.routing().experiments()) {
            if (e.channel().equals(channel)) {
                boolean treated = e.treats(roomId);
                String arm = treated ? "treatment" : "control";
                Resolution r = pinned(s, treated ? e.treatment() : e.control(), "experiment " + e.name() + ": " + arm);
                return new Resolution(r.harness(), r.how(), e.name(), arm);
            }
        }
        String id = s.routing().channels().get(channel);
        if (id == null) id = s.routing().channels().get(HarnessRouting.STABLE);
        return pinned(s, id, "channel " + channel);
    }

    private static Resolution pinned(Snapshot s, String id, String how) {
        Harness h = s.versions().get(id);
        String stable = s.routing().channels().get(HarnessRouting.STABLE);
        if (h == null && s.quarantined().containsKey(id) && s.versions().containsKey(stable)) {
            // The room keeps answering on stable rather than failing every message.
            return new Resolution(s.versions().get(stable), how + "; " + id + " is quarantined, on stable");
        }
        if (h == null) {
            // Only reachable if a version folder was deleted by hand: say so rather than guess.
            throw new IllegalStateException("harness version '" + id + "' (" + how + ") is not in the registry");
        }
        return new Resolution(h, how);
    }

    // --- changing -------------------------------------------------------------------------------

    /**
     * Validates and stores a version; the same content again returns the stored one. Only canonical
     * paths are taken, and what was written is hashed again before it becomes visible, so a stored
     * version always hashes to its id.
     */
    public Harness publish(HarnessFiles files) {
        Harness h = check(files);
        Path versions = stateDir.resolve("versions");
        Path dir = versions.resolve(h.version());
        withLock(() -> {
            if (!Files.isDirectory(dir)) {
                makeRoomFor(files, versions);
                Path tmp = versions.resolve(".tmp-" + h.version() + "-" + ProcessHandle.current().pid());
                DurableFiles.deleteTree(tmp); // left by a crash of this pid's predecessor
                try {
                    files.writeTo(tmp);
                    String written = HarnessFiles.fromDirectory(tmp).hash();
                    if (!written.equals(files.hash())) {
                        throw new HarnessException(List.of(files.origin() + ":0: the stored files hash to " + written
                                + ", not " + files.hash() + " as published; nothing was stored"));
                    }
                    DurableFiles.syncTree(tmp);
                    Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                    DurableFiles.syncDirectory(versions);
                } finally {
                    DurableFiles.deleteTree(tmp);
                }
            }
            return null;
        });
        refresh();
        return h;
    }

    /** Every check a publish makes before it writes (limits, canonical paths, the version loads), nothing stored. */
    public Harness check(HarnessFiles files) {
        HarnessLimits.require(files);
        HarnessPaths.requireCanonical(files);
        return HarnessLoader.load(files, mcpServers);
    }

    /**
     * Forgets every channel, pin and experiment this store remembers but stable and canary on the
     * default harness: a node of a cluster takes its routing from the shared control plane alone,
     * so what an earlier run left on its disk cannot make it answer differently from the others.
     */
    public void resetRouting() {
        HarnessRouting fresh = HarnessRouting.EMPTY;
        if (bootDefault != null) fresh = fresh.withChannel(HarnessRouting.STABLE, bootDefault).withChannel(HarnessRouting.CANARY, bootDefault);
        HarnessRouting start = fresh.channels().isEmpty() ? routing() : fresh;
        mutate(r -> start);
    }

    /**
     * Before a new version is stored: while the store holds {@code maxVersions} or more, removes the
     * oldest version nothing uses (no channel, pin, experiment or room manifest); refuses the publish
     * when every one is in use. Runs under the store's lock.
     */
    private void makeRoomFor(HarnessFiles files, Path versions) throws IOException {
        java.util.Set<String> used = routedIds(readRouting());
        used.addAll(manifestPins);
        List<Path> stored;
        try (Stream<Path> dirs = Files.list(versions)) {
            stored = new ArrayList<>(dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().startsWith(".")).toList());
        }
        stored.sort(java.util.Comparator.comparing(HarnessRegistry::modified));
        List<Path> unused = new ArrayList<>(stored.stream().filter(d -> !used.contains(d.getFileName().toString())).toList());
        int count = stored.size();
        while (count >= maxVersions && !unused.isEmpty()) {
            DurableFiles.deleteTree(unused.removeFirst());
            count--;
        }
        if (count >= maxVersions) {
            throw new HarnessException(List.of(files.origin() + ":0: the harness store holds " + count + " versions, its limit "
                    + "harness.maxVersions (" + maxVersions + "), and a channel, pin, experiment or room manifest uses each;"
                    + " unpin a room or end an experiment first"));
        }
        DurableFiles.syncDirectory(versions);
        synchronized (this) {
            Map<String, Harness> kept = new LinkedHashMap<>(snapshot.versions());
            kept.keySet().removeIf(id -> !Files.isDirectory(versions.resolve(id)));
            snapshot = new Snapshot(Map.copyOf(kept), snapshot.routing(), snapshot.routingTime(), snapshot.quarantined());
        }
    }

    private static FileTime modified(Path dir) {
        try {
            return Files.getLastModifiedTime(dir);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    public void setChannel(String channel, String version) {
        checkChannel(channel, version);
        mutate(r -> r.withChannel(channel, version));
    }

    /** Refuses a channel move {@link #setChannel} would refuse, changing nothing. */
    public void checkChannel(String channel, String version) {
        requireChannel(channel);
        requireVersion(version);
    }

    public void pin(String roomId, Pin pin) {
        checkPin(pin);
        mutate(r -> r.withPin(roomId, pin));
    }

    /** Refuses a pin {@link #pin} would refuse, changing nothing. */
    public void checkPin(Pin pin) {
        if ((pin.version() == null) == (pin.channel() == null)) throw new IllegalArgumentException("a pin names exactly one of a version or a channel");
        if (pin.version() != null) requireVersion(pin.version());
        if (pin.channel() != null) requireChannel(pin.channel());
    }

    public void unpin(String roomId) { mutate(r -> r.withPin(roomId, null)); }

    public void startExperiment(Experiment e) {
        checkExperiment(e);
        mutate(r -> r.withExperiment(e));
    }

    /** Refuses an experiment {@link #startExperiment} would refuse, changing nothing. */
    public void checkExperiment(Experiment e) {
        if (e.name() == null || !CHANNEL.matcher(e.name()).matches()) throw new IllegalArgumentException("experiment name must be a-z, 0-9 and hyphens");
        requireChannel(e.channel());
        requireVersion(e.control());
        requireVersion(e.treatment());
        if (!(e.treatmentShare() >= 0 && e.treatmentShare() <= 1)) throw new IllegalArgumentException("treatmentShare must be between 0 and 1");
    }

    public void stopExperiment(String name) { mutate(r -> r.withoutExperiment(name)); }

    private void requireVersion(String version) {
        refresh();
        if (!snapshot.versions().containsKey(version)) {
            throw new IllegalArgumentException("no harness version '" + version + "'; published: " + snapshot.versions().keySet());
        }
    }

    /** Refuses a channel name that is not 1-32 characters of a-z, 0-9 and hyphens. */
    public static void checkChannelName(String channel) { requireChannel(channel); }

    private static void requireChannel(String channel) {
        if (channel == null || !CHANNEL.matcher(channel).matches()) {
            throw new IllegalArgumentException("channel '" + channel + "' must be 1-32 characters of a-z, 0-9 and hyphens");
        }
    }

    private void mutate(UnaryOperator<HarnessRouting> change) {
        HarnessRouting written = withLock(() -> {
            HarnessRouting next = change.apply(readRouting());
            Path file = stateDir.resolve("routing.json");
            Path tmp = stateDir.resolve(".routing.json.tmp");
            JSON.writeValue(tmp.toFile(), next);
            DurableFiles.syncFile(tmp);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            DurableFiles.syncDirectory(stateDir);
            return next;
        });
        synchronized (this) {
            refresh();
            // A second write within the file system's timestamp granularity would look unchanged.
            snapshot = new Snapshot(snapshot.versions(), written, snapshot.routingTime(), snapshot.quarantined());
        }
    }

    // --- the disk -------------------------------------------------------------------------------

    /**
     * Picks up versions and routing that another process wrote. Cheap when nothing changed. A new
     * version that does not hash to its id or does not load is quarantined, never served, and never
     * stops the others from loading.
     */
    public synchronized void refresh() {
        Snapshot s = snapshot;
        Map<String, Harness> versions = new LinkedHashMap<>(s.versions());
        try (Stream<Path> dirs = Files.list(stateDir.resolve("versions"))) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                String id = dir.getFileName().toString();
                if (id.startsWith(".") || versions.containsKey(id)) continue;
                String problem;
                try {
                    Harness h = HarnessLoader.load(HarnessFiles.fromDirectory(dir));
                    if (h.version().equals(id)) {
                        versions.put(id, h);
                        continue;
                    }
                    problem = "its files hash to " + h.version() + ", not to its id (written by an older publish, or edited by hand)";
                } catch (HarnessException e) {
                    problem = "it does not load: " + String.join("; ", e.problems());
                }
                String reason = "version " + id + " is quarantined: " + problem;
                withLock(() -> { quarantine.add(dir, reason); return null; });
            }
        } catch (IOException e) {
            throw new HarnessStoreException(List.of(stateDir + ":0: cannot read versions: " + e.getMessage()));
        }
        FileTime time = routingTime();
        HarnessRouting routing = time != null && time.equals(s.routingTime()) ? s.routing() : readRouting();
        snapshot = new Snapshot(Map.copyOf(versions), routing, time, java.util.Collections.unmodifiableMap(quarantine.reasons()));
    }

    private FileTime routingTime() {
        try {
            Path f = stateDir.resolve("routing.json");
            return Files.exists(f) ? Files.getLastModifiedTime(f) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private HarnessRouting readRouting() {
        Path f = stateDir.resolve("routing.json");
        if (!Files.exists(f)) return HarnessRouting.EMPTY;
        try {
            return JSON.readValue(f.toFile(), HarnessRouting.class);
        } catch (IOException e) {
            throw new HarnessStoreException(List.of(f + ":0: cannot read the harness routing: " + e.getMessage()));
        }
    }

    private interface Locked<T> {
        T run() throws IOException;
    }

    /** The file lock keeps other processes out; synchronized keeps this JVM's threads from overlapping locks. */
    private synchronized <T> T withLock(Locked<T> action) {
        try (FileChannel channel = FileChannel.open(stateDir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            return action.run();
        } catch (IOException e) {
            throw new HarnessStoreException(new ArrayList<>(List.of(stateDir + ":0: cannot update the harness store: " + e.getMessage())));
        }
    }
}
