package io.liveharness.room;

import io.liveharness.config.NodeConfig.PerViewerConfig;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many messages each viewer may still have a room take: a bucket of {@code burst} per viewer,
 * refilled at {@code messagesPerMinute}. Checked before the router, so a flood costs the room a map
 * lookup per message and nothing more. Owned by one room verticle; not thread-safe.
 */
final class ViewerAllowance {
    /** Viewers remembered per room; past it the least recently heard is forgotten (a full bucket again). */
    private static final int MAX_TRACKED_VIEWERS = 4096;

    private final double burst;
    private final double perMs;
    private final Map<String, double[]> buckets = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, double[]> eldest) { return size() > MAX_TRACKED_VIEWERS; }
    };

    ViewerAllowance(PerViewerConfig config) {
        this.burst = config.burst();
        this.perMs = config.messagesPerMinute() / 60_000.0;
    }

    /** Takes one message from {@code userId}'s allowance; false when none is left. */
    boolean take(String userId, long nowMs) {
        double[] b = buckets.computeIfAbsent(userId, u -> new double[]{burst, nowMs}); // {tokens, last refill}
        b[0] = Math.min(burst, b[0] + Math.max(0, nowMs - b[1]) * perMs);
        b[1] = nowMs;
        if (b[0] < 1) return false;
        b[0] -= 1;
        return true;
    }
}
