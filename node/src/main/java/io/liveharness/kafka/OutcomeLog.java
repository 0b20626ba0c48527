package io.liveharness.kafka;

import io.liveharness.api.MessageOutcome;
import io.liveharness.config.KafkaConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code message-outcomes} back: which messages of some rooms have an outcome written since
 * a moment. A node taking over from an owner that was killed asks it about the messages that
 * owner's last state says it was sending. A plain consumer outside the group. Blocking: call it off
 * the event loop.
 */
final class OutcomeLog {
    private static final Logger LOG = LoggerFactory.getLogger(OutcomeLog.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaConfig config;

    OutcomeLog(KafkaConfig config) { this.config = config; }

    /** The ids of the messages of {@code rooms} with an outcome record written at or after {@code sinceMs}. */
    Set<String> answeredSince(Set<String> rooms, long sinceMs, Duration timeout) {
        Set<String> ids = new HashSet<>();
        if (rooms.isEmpty()) return ids;
        long until = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = RoomStateChangelog.reader(config)) {
            String topic = config.topics().messageOutcomes();
            List<TopicPartition> tps = consumer.partitionsFor(topic, timeout).stream().map(i -> new TopicPartition(topic, i.partition())).toList();
            consumer.assign(tps);
            Map<TopicPartition, Long> since = new HashMap<>();
            for (TopicPartition tp : tps) since.put(tp, sinceMs);
            Map<TopicPartition, OffsetAndTimestamp> from = consumer.offsetsForTimes(since, timeout);
            Map<TopicPartition, Long> end = consumer.endOffsets(tps, timeout);
            for (TopicPartition tp : tps) {
                OffsetAndTimestamp o = from.get(tp);
                consumer.seek(tp, o == null ? end.get(tp) : o.offset()); // none that late: nothing to read there
            }
            while (tps.stream().anyMatch(tp -> consumer.position(tp, timeout) < end.get(tp))) {
                if (System.nanoTime() > until) throw new IllegalStateException("reading " + topic + " took over " + timeout.toSeconds() + " s");
                for (ConsumerRecord<String, String> r : consumer.poll(POLL)) {
                    if (r.value() == null || !rooms.contains(r.key())) continue;
                    try {
                        ids.add(Wire.read(r.value(), MessageOutcome.class).messageId());
                    } catch (IllegalArgumentException e) {
                        LOG.warn("{} record at {}/{} skipped: {}", topic, r.partition(), r.offset(), e.getMessage());
                    }
                }
            }
        }
        return ids;
    }
}
