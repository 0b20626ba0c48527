package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Taking rooms over: the newest state of every room of some partitions, once their previous owner
 * has let them go. A previous owner still in the cluster finishes its in-flight work and writes a
 * released state first (it heard of the revocation at the same time); one that is gone (crashed)
 * is not waited for, and its unfinished messages come again from the committed offsets.
 * Blocking: call it off the event loop.
 */
final class RoomHandoff {
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final long RECHECK_MS = 100;

    private final KafkaConfig config;
    private final RoomStateChangelog changelog;
    private final String selfClusterId;
    private final Predicate<String> clusterMember;

    RoomHandoff(KafkaConfig config, String selfClusterId, Predicate<String> clusterMember) {
        this.config = config;
        this.changelog = new RoomStateChangelog(config);
        this.selfClusterId = selfClusterId;
        this.clusterMember = clusterMember;
    }

    /** The rooms' states; waits up to {@code kafka.handoffTimeoutMs} for live previous owners to release them. */
    Map<String, RoomState> take(Set<Integer> partitions) throws InterruptedException {
        long until = System.currentTimeMillis() + config.handoffTimeoutMs();
        while (true) {
            Map<String, RoomState> states = changelog.read(partitions, READ_TIMEOUT);
            boolean held = states.values().stream().anyMatch(this::heldElsewhere);
            if (!held) return states;
            if (System.currentTimeMillis() > until) {
                System.err.println("liveharness: rooms " + states.values().stream().filter(this::heldElsewhere).map(RoomState::roomId).toList()
                        + " were not released within " + config.handoffTimeoutMs() + " ms; taking them over from their last state");
                return states;
            }
            Thread.sleep(RECHECK_MS);
        }
    }

    private boolean heldElsewhere(RoomState s) {
        return !s.released() && s.ownerClusterId() != null && !s.ownerClusterId().equals(selfClusterId)
                && clusterMember.test(s.ownerClusterId());
    }
}
