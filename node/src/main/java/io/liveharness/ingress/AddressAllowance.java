package io.liveharness.ingress;

import io.liveharness.config.NodeConfig.PerAddressConfig;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many viewer messages each client address may still post: a bucket of {@code messageBurst}
 * per address, refilled at {@code messagesPerMinute}. It bounds what one machine can send under
 * made-up user ids, which each room's per-viewer share cannot see. Used on the HTTP server's
 * context only; not thread-safe.
 */
final class AddressAllowance {
    /** Addresses remembered; past it the least recently heard is forgotten (a full bucket again). */
    private static final int MAX_TRACKED_ADDRESSES = 65_536;

    private final PerAddressConfig config;
    private final double perMs;
    private final Map<String, double[]> buckets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, double[]> eldest) { return size() > MAX_TRACKED_ADDRESSES; }
    };

    AddressAllowance(PerAddressConfig config) {
        this.config = config;
        this.perMs = config.messagesPerMinute() / 60_000.0;
    }

    /** Takes one message from the address's allowance: 0 when it had one, else the seconds until it will. */
    long take(String address, long nowMs) {
        double[] b = buckets.computeIfAbsent(address, a -> new double[]{config.messageBurst(), nowMs}); // {tokens, last refill}
        b[0] = Math.min(config.messageBurst(), b[0] + Math.max(0, nowMs - b[1]) * perMs);
        b[1] = nowMs;
        if (b[0] >= 1) {
            b[0] -= 1;
            return 0;
        }
        return Math.max(1, (long) Math.ceil((1 - b[0]) / perMs / 1000));
    }

    String describe() {
        return "http.perAddress allows " + config.messageBurst() + " at once, then " + config.messagesPerMinute() + " a minute";
    }
}
