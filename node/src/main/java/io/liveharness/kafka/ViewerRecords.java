package io.liveharness.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig.HttpConfig;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.ViewerMessageParser;
import io.vertx.core.buffer.Buffer;
import io.vertx.kafka.client.consumer.KafkaConsumerRecord;

import java.util.List;

/**
 * Reads a {@code viewer-messages} record as the HTTP ingress reads a POST (same parser, same
 * limits): either a viewer message or, for a record that cannot be one, its {@code failed} outcome.
 * A record with no usable message id is named by where it is: {@code kafka-<partition>-<offset>}.
 */
final class ViewerRecords {
    /** Outcome reasons of records that never reach a room. */
    static final OutcomeReason BAD_MESSAGE = OutcomeReason.BAD_MESSAGE;
    static final OutcomeReason UNKNOWN_ROOM = OutcomeReason.UNKNOWN_ROOM;
    static final OutcomeReason TOO_LARGE = OutcomeReason.TOO_LARGE;

    /** A record read: exactly one of the two is set. */
    record Read(ViewerMessage message, MessageOutcome failed) { }

    private final ViewerMessageParser parser;
    private final int maxRecordBytes;

    ViewerRecords(HttpConfig http) {
        this.parser = new ViewerMessageParser(http.maxTextChars());
        this.maxRecordBytes = http.maxBodyBytes();
    }

    Read read(KafkaConsumerRecord<String, Buffer> r) {
        String roomId = r.key() == null ? "" : r.key();
        String where = "kafka-" + r.partition() + "-" + r.offset();
        long acceptedAt = r.timestamp() > 0 ? r.timestamp() : System.currentTimeMillis();
        if (r.value() == null || r.value().length() > maxRecordBytes) {
            return failed(roomId, where, acceptedAt, TOO_LARGE, "the record has " + (r.value() == null ? 0 : r.value().length())
                    + " bytes; the limit is " + maxRecordBytes + " (http.maxBodyBytes)");
        }
        try {
            ViewerMessage m = parser.parse(roomId, r.value(), acceptedAt);
            JsonNode json = RequestJson.object(r.value());
            String bodyRoom = RequestJson.optionalString(json, "roomId");
            if (bodyRoom != null && !bodyRoom.equals(roomId)) {
                throw ApiError.badField("roomId", "the record's key is '" + roomId + "' but its roomId is '" + bodyRoom + "'");
            }
            if (json.has("acceptedAtMs") && json.get("acceptedAtMs").canConvertToLong()) {
                m = new ViewerMessage(m.roomId(), m.messageId(), m.userId(), m.text(), json.get("acceptedAtMs").asLong());
            }
            return new Read(m, null);
        } catch (ApiError e) {
            return failed(roomId, idIn(r.value(), where), acceptedAt, BAD_MESSAGE, e.getMessage());
        }
    }

    static Read failed(String roomId, String messageId, long acceptedAt, OutcomeReason reason, String detail) {
        return new Read(null, new MessageOutcome(roomId.isEmpty() ? "unknown" : roomId, messageId, OutcomeKind.FAILED, reason,
                detail, null, null, 0, null, null, StageTimings.NONE, acceptedAt, System.currentTimeMillis(), List.of()));
    }

    private static String idIn(Buffer value, String fallback) {
        try {
            String id = RequestJson.optionalString(RequestJson.object(value), "messageId");
            return id != null && id.matches("[A-Za-z0-9._:-]{1,128}") ? id : fallback;
        } catch (RuntimeException notJson) {
            return fallback;
        }
    }
}
