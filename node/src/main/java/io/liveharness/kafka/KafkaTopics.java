package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Creates the node's topics when they are missing: messages, replies and outcomes with
 * {@code kafka.partitions} partitions, and the room-state changelog, compacted, with the same
 * count so that a room's state sits in the partition number of its messages, and the control
 * plane, compacted, in one partition ({@link KafkaControlPlane}). Blocking: call it
 * off the event loop.
 */
public final class KafkaTopics {
    public static void ensure(KafkaConfig config) {
        var t = config.topics();
        short replication = config.replicationFactor().shortValue();
        List<NewTopic> wanted = List.of(
                new NewTopic(t.viewerMessages(), config.partitions(), replication),
                new NewTopic(t.avatarReplies(), config.partitions(), replication),
                new NewTopic(t.messageOutcomes(), config.partitions(), replication),
                new NewTopic(t.roomState(), config.partitions(), replication).configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                        TopicConfig.SEGMENT_BYTES_CONFIG, String.valueOf(1 << 20))),
                // One partition: its offsets are the one order every node applies changes in.
                new NewTopic(t.controlPlane(), 1, replication).configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                        TopicConfig.SEGMENT_BYTES_CONFIG, String.valueOf(8 << 20))));
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000))) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = wanted.stream().filter(n -> !existing.contains(n.name())).toList();
            if (missing.isEmpty()) return;
            try {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) throw e; // another node made it first
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            throw new IllegalStateException("could not create the Kafka topics at " + config.bootstrapServers() + ": " + e.getMessage(), e);
        }
    }

    private KafkaTopics() { }
}
