package io.liveharness.harness;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which harness version each room runs: channels point at versions, pins hold a room on a version
 * or a channel, experiments split a channel's rooms between two versions. Immutable; every change
 * makes a new one, and the registry stores it durably.
 */
public record HarnessRouting(Map<String, String> channels, Map<String, Pin> pins, List<Experiment> experiments) {
    public static final String STABLE = "stable";
    public static final String CANARY = "canary";
    public static final HarnessRouting EMPTY = new HarnessRouting(Map.of(), Map.of(), List.of());

    public HarnessRouting {
        channels = Map.copyOf(channels);
        pins = Map.copyOf(pins);
        experiments = List.copyOf(experiments);
    }

    /** What an operator pinned a room to: exactly one of an exact version or a channel. */
    public record Pin(String version, String channel) {
        public static Pin version(String v) { return new Pin(v, null); }

        public static Pin channel(String c) { return new Pin(null, c); }
    }

    /**
     * Rooms that follow {@code channel} run {@code treatment} when their stable hash falls below
     * {@code treatmentShare}, else {@code control}. The hash of (experiment name, room id) keeps a
     * room on the same side for the whole experiment, across restarts and nodes.
     */
    public record Experiment(String name, String channel, String control, String treatment, double treatmentShare) {
        public boolean treats(String roomId) {
            return bucket(name + ":" + roomId) < treatmentShare;
        }

        static double bucket(String key) {
            try {
                byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
                long v = 0;
                for (int i = 0; i < 8; i++) v = (v << 8) | (h[i] & 0xff);
                return (v >>> 11) / (double) (1L << 53);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every JDK", e);
            }
        }
    }

    public HarnessRouting withChannel(String channel, String version) {
        Map<String, String> c = new LinkedHashMap<>(channels);
        c.put(channel, version);
        return new HarnessRouting(c, pins, experiments);
    }

    public HarnessRouting withPin(String roomId, Pin pin) {
        Map<String, Pin> p = new LinkedHashMap<>(pins);
        if (pin == null) p.remove(roomId); else p.put(roomId, pin);
        return new HarnessRouting(channels, p, experiments);
    }

    public HarnessRouting withExperiment(Experiment e) {
        List<Experiment> list = new java.util.ArrayList<>(experiments.stream().filter(x -> !x.name().equals(e.name())).toList());
        list.add(e);
        return new HarnessRouting(channels, pins, list);
    }

    public HarnessRouting withoutExperiment(String name) {
        return new HarnessRouting(channels, pins, experiments.stream().filter(x -> !x.name().equals(name)).toList());
    }
}
