package io.liveharness.kafka;

import io.liveharness.api.AvatarReply;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.KafkaConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.kafka.client.producer.KafkaProducer;
import io.vertx.kafka.client.producer.KafkaProducerRecord;

import java.util.HashMap;
import java.util.Map;

/**
 * Everything a node writes to Kafka, keyed by room id, through one idempotent producer (acks=all,
 * so a broker restart neither loses nor doubles a record): viewer messages taken over HTTP,
 * replies, outcomes and room states. Each future completes when the broker has the record.
 */
public final class KafkaEgress {
    private final KafkaConfig config;
    private final KafkaProducer<String, String> producer;

    public KafkaEgress(Vertx vertx, KafkaConfig config) {
        this.config = config;
        Map<String, String> props = new HashMap<>();
        props.put("bootstrap.servers", config.bootstrapServers());
        props.put("key.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        props.put("value.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        props.put("linger.ms", "2");
        props.putAll(config.producer());
        this.producer = KafkaProducer.create(vertx, props);
    }

    public Future<Void> message(ViewerMessage m) { return send(config.topics().viewerMessages(), m.roomId(), Wire.write(m)); }

    public Future<Void> reply(AvatarReply r) { return send(config.topics().avatarReplies(), r.roomId(), Wire.write(r)); }

    public Future<Void> outcome(MessageOutcome o) { return send(config.topics().messageOutcomes(), o.roomId(), Wire.write(o)); }

    public Future<Void> state(RoomState s) { return send(config.topics().roomState(), s.roomId(), Wire.write(s)); }

    private Future<Void> send(String topic, String key, String value) {
        return producer.send(KafkaProducerRecord.create(topic, key, value)).mapEmpty();
    }

    public Future<Void> close() { return producer.close(); }
}
