package io.liveharness.kafka;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The JSON of records on Kafka topics: the {@code io.liveharness.api} records as they are. */
public final class Wire {
    static final ObjectMapper JSON = Json.LENIENT;

    public static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static <T> T read(String json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    private Wire() { }
}
