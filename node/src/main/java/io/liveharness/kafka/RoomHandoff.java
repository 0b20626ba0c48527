package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Taking rooms over: the newest state of every room of some partitions, once their previous owner
 * has let them go. A previous owner still in the cluster finishes its in-flight work and writes a
 * released state first (it heard of the revocation at the same time); one that is gone (crashed)
 * is not waited for, and its unfinished messages come again from the committed offsets, with those
 * it had finished but not yet sent the outcomes of.
 * Blocking: call it off the event loop.
 */
final class RoomHandoff {
    private static final Logger LOG = LoggerFactory.getLogger(RoomHandoff.class);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final long RECHECK_MS = 100;
    private static final long SKEW_MS = 10_000;

    private final KafkaConfig config;
    private final RoomStateChangelog changelog;
    private final OutcomeLog outcomes;
    private final String selfClusterId;
    private final Predicate<String> clusterMember;

    RoomHandoff(KafkaConfig config, String selfClusterId, Predicate<String> clusterMember) {
        this.config = config;
        this.changelog = new RoomStateChangelog(config);
        this.outcomes = new OutcomeLog(config);
        this.selfClusterId = selfClusterId;
        this.clusterMember = clusterMember;
    }

    /** What taking partitions over gives: each room's state, and each partition's committed offset (absent: none yet). */
    record Taken(Map<String, RoomState> states, Map<Integer, Long> committed) { }

    /**
     * The rooms' states, waiting up to {@code kafka.handoffTimeoutMs} for live previous owners to
     * release them, and then the offsets to go on from (read after the release, so they include
     * the previous owner's last commit).
     */
    Taken take(Set<Integer> partitions) throws Exception {
        long until = System.currentTimeMillis() + config.handoffTimeoutMs();
        while (true) {
            Map<String, RoomState> states = changelog.read(partitions, READ_TIMEOUT);
            boolean held = states.values().stream().anyMatch(this::heldElsewhere);
            if (!held) return new Taken(settled(states), committed(partitions));
            if (System.currentTimeMillis() > until) {
                LOG.warn("rooms {} were not released within {} ms; taking them over from their last state",
                        states.values().stream().filter(this::heldElsewhere).map(RoomState::roomId).toList(), config.handoffTimeoutMs());
                return new Taken(settled(states), committed(partitions));
            }
            Thread.sleep(RECHECK_MS);
        }
    }

    /**
     * An owner killed after writing a room's state and before that batch's outcomes were out left
     * those messages finished with no outcome. For a state its owner neither released nor still
     * holds, the messages it was sending are looked up in {@code message-outcomes}; those with no
     * outcome are taken off its finished ones, so they are read again and answered.
     */
    private Map<String, RoomState> settled(Map<String, RoomState> states) {
        List<RoomState> unsure = states.values().stream()
                .filter(s -> !s.released() && !s.sending().isEmpty() && !(s.ownerClusterId() != null && clusterMember.test(s.ownerClusterId())))
                .toList();
        if (unsure.isEmpty()) return states;
        // A batch whose send failed is sent again under a newer state: its first outcomes may be that much older.
        long deliveryMs = Long.parseLong(config.producer().getOrDefault("delivery.timeout.ms", "120000"));
        long since = unsure.stream().mapToLong(RoomState::atMs).min().orElseThrow() - deliveryMs - SKEW_MS;
        Set<String> answered = outcomes.answeredSince(unsure.stream().map(RoomState::roomId).collect(Collectors.toSet()), since, READ_TIMEOUT);
        Map<String, RoomState> out = new HashMap<>(states);
        for (RoomState s : unsure) {
            List<String> lost = s.sending().stream().filter(id -> !answered.contains(id)).toList();
            if (lost.isEmpty()) continue;
            LOG.atWarn().addKeyValue("room", s.roomId()).log("{} went away before the outcomes of {} were out; they are answered again",
                    s.owner(), lost);
            out.put(s.roomId(), s.without(lost));
        }
        return out;
    }

    private Map<Integer, Long> committed(Set<Integer> partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()))) {
            Map<TopicPartition, OffsetAndMetadata> all = admin.listConsumerGroupOffsets(config.groupId())
                    .partitionsToOffsetAndMetadata().get(READ_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            Map<Integer, Long> out = new HashMap<>();
            all.forEach((tp, om) -> {
                if (om != null && tp.topic().equals(config.topics().viewerMessages()) && partitions.contains(tp.partition())) {
                    out.put(tp.partition(), om.offset());
                }
            });
            return out;
        }
    }

    private boolean heldElsewhere(RoomState s) {
        return !s.released() && s.ownerClusterId() != null && !s.ownerClusterId().equals(selfClusterId)
                && clusterMember.test(s.ownerClusterId());
    }
}
