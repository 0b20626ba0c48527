package io.liveharness.kafka;

import io.liveharness.api.MessageOutcome;
import io.liveharness.config.KafkaConfig;
import io.liveharness.ingress.MessageLedger;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.kafka.client.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;

/**
 * Every node reads {@code message-outcomes} (from the time it started) into its ledger, so
 * {@code GET /v1/rooms/{roomId}/messages/{id}} answers on any node, not only on the one hosting the room. A group
 * of its own per node: each node reads every outcome.
 */
public final class OutcomesFeed extends VerticleBase {
    private static final Logger LOG = LoggerFactory.getLogger(OutcomesFeed.class);
    private final KafkaConfig config;
    private final String nodeId;
    private final MessageLedger ledger;
    private KafkaConsumer<String, String> consumer;

    public OutcomesFeed(KafkaConfig config, String nodeId, MessageLedger ledger) {
        this.config = config;
        this.nodeId = nodeId;
        this.ledger = ledger;
    }

    @Override
    public Future<?> start() {
        Map<String, String> props = new HashMap<>();
        props.put("bootstrap.servers", config.bootstrapServers());
        props.put("group.id", config.groupId() + "-outcomes-" + nodeId);
        props.put("key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        props.put("value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        props.put("auto.offset.reset", "latest");
        props.put("enable.auto.commit", "true");
        consumer = KafkaConsumer.create(vertx, props);
        consumer.handler(r -> {
            try {
                if (r.value() != null) ledger.remember(Wire.read(r.value(), MessageOutcome.class));
            } catch (IllegalArgumentException e) {
                LOG.warn("an outcome record this node cannot read: {}", e.getMessage());
            }
        });
        consumer.exceptionHandler(e -> LOG.warn("outcomes feed: {}", e.toString()));
        return consumer.subscribe(config.topics().messageOutcomes());
    }

    @Override
    public Future<?> stop() { return consumer == null ? Future.succeededFuture() : consumer.close(); }
}
