package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How much of the time each sampled room's avatar is speaking: the voice, not the engine, is what a
 * busy room runs out of. Each segment frame on a sampled room's WebSocket says when the avatar is
 * estimated to start saying it ({@code speaksAtMs}) and for how long ({@code speechSeconds}); a
 * room's segments follow one another, so their spans add up. Thread-safe.
 */
final class VoiceUtilisation {
    private final long startWallMs;
    private final int bucketS;
    /** Speech spans per room, as {from, to} ms since the run's start. */
    private final Map<String, List<long[]>> spans = new TreeMap<>();

    /** @param startWallMs the wall-clock time of the run's first scheduled send (its second 0) */
    VoiceUtilisation(long startWallMs, int bucketS) {
        this.startWallMs = startWallMs;
        this.bucketS = bucketS;
    }

    /** A sampled room (every one is named at connect, so a silent room counts as 0 %). */
    synchronized void room(String roomId) { spans.computeIfAbsent(roomId, r -> new ArrayList<>()); }

    synchronized void segment(String roomId, long speaksAtMs, double speechSeconds) {
        long from = speaksAtMs - startWallMs;
        spans.computeIfAbsent(roomId, r -> new ArrayList<>()).add(new long[]{from, from + Math.round(speechSeconds * 1000)});
    }

    /** The share of [fromS, toS) a room's voice spoke, 0..1. */
    private static double share(List<long[]> spans, double fromS, double toS) {
        long from = Math.round(fromS * 1000);
        long to = Math.round(toS * 1000);
        long spoken = 0;
        for (long[] s : spans) spoken += Math.max(0, Math.min(to, s[1]) - Math.max(from, s[0]));
        return Math.min(1.0, spoken / (double) (to - from));
    }

    /**
     * The summary's {@code voiceUtilisation}: per room over the measured window, their mean, median
     * and busiest; and per time bucket the mean over the sampled rooms and the busiest room's share.
     */
    synchronized ObjectNode json(int warmupS, int durationS, int lastS) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("rooms", spans.size()).put("windowS", durationS);
        List<Double> shares = new ArrayList<>();
        ObjectNode perRoom = JsonNodeFactory.instance.objectNode();
        spans.forEach((room, s) -> {
            double share = share(s, warmupS, warmupS + durationS);
            shares.add(share);
            perRoom.put(room, percent(share));
        });
        if (!shares.isEmpty()) {
            List<Double> sorted = shares.stream().sorted().toList();
            n.put("meanPercent", percent(shares.stream().mapToDouble(Double::doubleValue).average().orElse(0)))
                    .put("p50Percent", percent(sorted.get(sorted.size() / 2)))
                    .put("maxPercent", percent(sorted.getLast()));
        }
        n.set("perRoomPercent", perRoom);
        ArrayNode timeline = n.putArray("timeline");
        for (int t = 0; t <= lastS; t += bucketS) {
            double sum = 0;
            double max = 0;
            for (List<long[]> s : spans.values()) {
                double share = share(s, t, t + bucketS);
                sum += share;
                max = Math.max(max, share);
            }
            timeline.addObject().put("fromS", t).put("meanPercent", spans.isEmpty() ? 0 : percent(sum / spans.size()))
                    .put("maxPercent", percent(max));
        }
        n.put("how", "the WebSocket sample's segment frames: each segment's estimated speech (speaksAtMs, speechSeconds at the node's"
                + " rooms.speech rates) over the window after the warm-up, per room; the timeline by when the avatar speaks");
        return n;
    }

    private static double percent(double share) { return Math.round(share * 1000) / 10.0; }
}
