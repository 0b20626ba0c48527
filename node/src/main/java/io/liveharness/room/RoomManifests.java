package io.liveharness.room;

import io.liveharness.config.YamlFiles;
import io.liveharness.tools.Catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reads the room manifests of a folder and checks them against the catalog. */
public final class RoomManifests {
    /** Room ids travel in URLs and event-bus addresses, so they are kept to a safe alphabet. */
    public static final Pattern ROOM_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
    /** A group is a metrics label: short, and from a safe alphabet, like the names a dashboard lists. */
    static final Pattern GROUP = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");


    public static List<RoomManifest> load(Path dir, Catalog catalog) { return load(dir, catalog, version -> true); }

    /**
     * As above, also refusing a manifest pinned to a harness version that {@code versionKnown} does
     * not know: such a room could answer nothing, so the node does not start with it.
     */
    public static List<RoomManifest> load(Path dir, Catalog catalog, Predicate<String> versionKnown) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": rooms folder not found");
        }
        List<String> problems = new ArrayList<>();
        List<RoomManifest> rooms = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml"))
                    .sorted().toList()) {
                RoomManifest room = read(file, problems);
                if (room == null) continue;
                problems.addAll(check(file, room, catalog));
                String pin = pinProblem(room, versionKnown);
                if (pin != null) problems.add(file + ": " + pin);
                if (rooms.stream().anyMatch(r -> r.id().equals(room.id()))) {
                    problems.add(file + ":1: room id '" + room.id() + "' is used by another manifest");
                }
                rooms.add(room);
            }
        } catch (IOException e) {
            problems.add(dir + ": cannot list: " + e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return List.copyOf(rooms);
    }

    private static RoomManifest read(Path file, List<String> problems) {
        try {
            RoomManifest room = YamlFiles.read(file, RoomManifest.class);
            if (room == null) problems.add(file + ":1: the manifest is empty");
            return room;
        } catch (YamlFiles.FileException e) {
            problems.add(e.getMessage());
            return null;
        }
    }

    /** Rooms given in code (not from files), refused when pinned to a version {@code versionKnown} does not know. */
    public static List<RoomManifest> checkPins(List<RoomManifest> rooms, Predicate<String> versionKnown) {
        List<String> problems = new ArrayList<>();
        for (RoomManifest room : rooms) {
            String pin = pinProblem(room, versionKnown);
            if (pin != null) problems.add("room '" + room.id() + "' (given at start): " + pin);
        }
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("\n", problems));
        return rooms;
    }

    private static String pinProblem(RoomManifest room, Predicate<String> versionKnown) {
        String version = room.harness().version();
        if (version == null || versionKnown.test(version)) return null;
        return "harness.version '" + version + "' is not a published harness version; publish it first "
                + "(./liveharness harness publish) or follow a channel (harness.channel: stable)";
    }

    /**
     * Problems with a manifest the platform sends at run time ({@code origin} names where it came
     * from): those of a file's, and a pin to a version {@code versionKnown} does not know.
     */
    public static List<String> check(String origin, RoomManifest room, Catalog catalog, Predicate<String> versionKnown) {
        List<String> problems = new ArrayList<>(check(origin, room, catalog));
        String pin = pinProblem(room, versionKnown);
        if (pin != null) problems.add(origin + ": " + pin);
        return problems;
    }

    /** Problems with one manifest, each naming the file and the field. */
    public static List<String> check(Path file, RoomManifest room, Catalog catalog) { return check(file.toString(), room, catalog); }

    private static List<String> check(String file, RoomManifest room, Catalog catalog) {
        List<String> problems = new ArrayList<>();
        if (room.id() == null || !ROOM_ID.matcher(room.id()).matches()) {
            problems.add(file + ": id '" + room.id() + "' must be 1-64 letters, digits, '_' or '-'");
        }
        if (!GROUP.matcher(room.group()).matches()) {
            problems.add(file + ": group '" + room.group() + "' must be 1-32 lowercase letters, digits, '_' or '-'");
        }
        if (room.persona() == null || room.persona().isBlank()) {
            problems.add(file + ": persona is required");
        }
        for (String product : room.products()) {
            if (!catalog.contains(product)) {
                problems.add(file + ": products lists '" + product + "', which is not in the catalog");
            }
        }
        if (room.onStage() != null && !room.products().contains(room.onStage())) {
            problems.add(file + ": onStage '" + room.onStage() + "' is not one of the room's products");
        }
        return problems;
    }

    private RoomManifests() { }
}
