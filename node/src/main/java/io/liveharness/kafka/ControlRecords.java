package io.liveharness.kafka;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.control.ControlChange;
import io.liveharness.control.ControlChange.ChannelMove;
import io.liveharness.control.ControlChange.ExperimentStart;
import io.liveharness.control.ControlChange.ExperimentStop;
import io.liveharness.control.ControlChange.PinChange;
import io.liveharness.control.ControlChange.Publish;
import io.liveharness.control.ControlChange.RoomPut;
import io.liveharness.control.ControlChange.RoomRetire;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomManifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The records of the control-plane topic, each keyed by what it sets, so that compaction keeps
 * the newest of each and a reader from the beginning ends where every node is:
 * <pre>
 *   version/&lt;id&gt;/&lt;part&gt;   one part of a version's files (the last may carry a channel to move to it)
 *   channel/&lt;name&gt;         {"version"}
 *   pin/&lt;roomId&gt;           {"version"} or {"channel"}; no value: unpinned
 *   experiment/&lt;name&gt;      the experiment; no value: stopped
 *   room/&lt;roomId&gt;          {"manifest", "retired"}
 * </pre>
 * A version's files travel in parts of at most {@link #PART_BYTES} (before Base64), so that a
 * harness at its limit (2 MiB) stays under the broker's default record size (1 MiB) in every part.
 */
final class ControlRecords {
    static final int PART_BYTES = 384 * 1024;

    /** One record to write: its key and value (null: a tombstone). */
    record Out(String key, String value) { }

    /** A part of a version as read back. */
    record VersionPart(String version, int part, int parts, String channel, byte[] data) { }

    static List<Out> encode(ControlChange change, String versionId) {
        return switch (change) {
            case Publish p -> versionParts(p.files(), versionId, p.channel());
            case ChannelMove m -> List.of(new Out("channel/" + m.channel(), json().put("version", m.version()).toString()));
            case PinChange p -> List.of(new Out("pin/" + p.roomId(), p.pin() == null ? null : Wire.write(p.pin())));
            case ExperimentStart e -> List.of(new Out("experiment/" + e.experiment().name(), Wire.write(e.experiment())));
            case ExperimentStop s -> List.of(new Out("experiment/" + s.name(), null));
            case RoomPut r -> List.of(new Out("room/" + r.manifest().id(), room(r.manifest(), false)));
            case RoomRetire r -> throw new IllegalArgumentException("a retirement carries the room's manifest: use retire()");
        };
    }

    /** Retiring keeps the manifest in the record, so a node that reads only the compacted topic still knows the room, as retired. */
    static Out retire(RoomManifest manifest) { return new Out("room/" + manifest.id(), room(manifest, true)); }

    private static String room(RoomManifest m, boolean retired) {
        ObjectNode n = json().put("retired", retired);
        n.set("manifest", Wire.JSON.valueToTree(m));
        return n.toString();
    }

    private static List<Out> versionParts(HarnessFiles files, String versionId, String channel) {
        byte[] all;
        try {
            all = Wire.JSON.writeValueAsBytes(new TreeMap<>(files.files())); // byte[] values as Base64
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int parts = Math.max(1, (all.length + PART_BYTES - 1) / PART_BYTES);
        List<Out> out = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            byte[] chunk = Arrays.copyOfRange(all, i * PART_BYTES, Math.min(all.length, (i + 1) * PART_BYTES));
            ObjectNode n = json().put("version", versionId).put("part", i).put("parts", parts)
                    .put("data", Base64.getEncoder().encodeToString(chunk));
            if (i == parts - 1 && channel != null) n.put("channel", channel);
            out.add(new Out("version/" + versionId + "/" + i, n.toString()));
        }
        return out;
    }

    static boolean isVersionPart(String key) { return key.startsWith("version/"); }

    static VersionPart part(String value) {
        JsonNode n = tree(value);
        return new VersionPart(n.path("version").asText(), n.path("part").asInt(), n.path("parts").asInt(),
                n.hasNonNull("channel") ? n.get("channel").asText() : null, Base64.getDecoder().decode(n.path("data").asText()));
    }

    /** A version's files from its parts, in order. */
    static HarnessFiles files(String versionId, byte[][] parts) {
        var bytes = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) bytes.writeBytes(p);
        try {
            Map<String, byte[]> files = Wire.JSON.readValue(bytes.toByteArray(), new TypeReference<TreeMap<String, byte[]>>() { });
            return new HarnessFiles("control-plane:" + versionId, new TreeMap<>(files));
        } catch (IOException e) {
            throw new IllegalArgumentException("version " + versionId + ": its parts do not make a harness: " + e.getMessage(), e);
        }
    }

    /** The change a record other than a version part sets; {@code value} null is a tombstone. */
    static ControlChange change(String key, String value) {
        int slash = key.indexOf('/');
        if (slash < 0) throw new IllegalArgumentException("control-plane key '" + key + "' names no kind");
        String kind = key.substring(0, slash);
        String name = key.substring(slash + 1);
        return switch (kind) {
            case "channel" -> new ChannelMove(name, requireValue(key, value).path("version").asText(null));
            case "pin" -> new PinChange(name, value == null ? null : Wire.read(value, Pin.class));
            case "experiment" -> value == null ? new ExperimentStop(name) : new ExperimentStart(Wire.read(value, Experiment.class));
            case "room" -> {
                JsonNode n = requireValue(key, value);
                RoomManifest m = Wire.JSON.convertValue(n.path("manifest"), RoomManifest.class);
                yield n.path("retired").asBoolean() ? new RoomRetire(m.id()) : new RoomPut(m);
            }
            default -> throw new IllegalArgumentException("control-plane key '" + key + "': unknown kind '" + kind + "'");
        };
    }

    /** The manifest a room record carries (a retirement's too), for a node that has never seen the room. */
    static RoomManifest manifest(String value) {
        return Wire.JSON.convertValue(tree(value).path("manifest"), RoomManifest.class);
    }

    private static JsonNode requireValue(String key, String value) {
        if (value == null) throw new IllegalArgumentException("control-plane key '" + key + "' has no value");
        return tree(value);
    }

    private static JsonNode tree(String value) {
        try {
            return Wire.JSON.readTree(value);
        } catch (IOException e) {
            throw new IllegalArgumentException("a control-plane record that is not JSON: " + e.getMessage(), e);
        }
    }

    private static ObjectNode json() { return Wire.JSON.createObjectNode(); }

    private ControlRecords() { }
}
