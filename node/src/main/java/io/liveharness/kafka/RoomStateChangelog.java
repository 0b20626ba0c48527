package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the compacted {@code room-state} topic back: the newest state of every room of some
 * partitions. A plain consumer outside the group, assigned the partitions and read from the
 * beginning to the end they had when it looked. Blocking: call it off the event loop.
 */
public final class RoomStateChangelog {
    private static final Logger LOG = LoggerFactory.getLogger(RoomStateChangelog.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaConfig config;

    public RoomStateChangelog(KafkaConfig config) { this.config = config; }

    /** A plain consumer of string records outside the group, committing nothing: for reading a topic back. */
    static KafkaConsumer<String, String> reader(KafkaConfig config) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return new KafkaConsumer<>(props);
    }

    /**
     * The newest record of each room in {@code partitions} of the highest owner epoch (a later
     * record of a lower epoch is a stale owner's and is ignored); a null value (a tombstone)
     * forgets a room.
     */
    public Map<String, RoomState> read(Set<Integer> partitions, Duration timeout) {
        Map<String, RoomState> states = new HashMap<>();
        if (partitions.isEmpty()) return states;
        List<TopicPartition> tps = partitions.stream().map(p -> new TopicPartition(config.topics().roomState(), p)).toList();
        long until = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = reader(config)) {
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> end = consumer.endOffsets(tps, timeout);
            while (tps.stream().anyMatch(tp -> consumer.position(tp, timeout) < end.get(tp))) {
                if (System.nanoTime() > until) {
                    throw new IllegalStateException("reading the room-state changelog took over " + timeout.toSeconds() + " s");
                }
                for (ConsumerRecord<String, String> r : consumer.poll(POLL)) {
                    if (r.value() == null) states.remove(r.key());
                    else {
                        try {
                            RoomState s = Wire.read(r.value(), RoomState.class);
                            RoomState newer = states.get(r.key());
                            if (newer != null && s.epoch() < newer.epoch()) {
                                // A stale owner's late write (a flush retried after the room moved on): the newer owner's state stands.
                                LOG.atWarn().addKeyValue("room", r.key()).log("room-state record from {} (epoch {}) ignored: epoch {} of {} came before it",
                                        s.owner(), s.epoch(), newer.epoch(), newer.owner());
                            } else {
                                states.put(r.key(), s);
                            }
                        } catch (IllegalArgumentException e) {
                            // A record this version cannot read: the room starts fresh rather than not at all.
                            LOG.atWarn().addKeyValue("room", r.key()).log("room-state record skipped: {}", e.getMessage());
                        }
                    }
                }
            }
        }
        return states;
    }
}
