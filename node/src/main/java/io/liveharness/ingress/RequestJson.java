package io.liveharness.ingress;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.buffer.Buffer;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Turns a request body into a JSON object, refusing invalid UTF-8 and malformed JSON by name. */
public final class RequestJson {
    public static final ObjectMapper JSON = Json.MAPPER;

    public static JsonNode object(Buffer body) {
        if (body == null || body.length() == 0) throw ApiError.badField("body", "the request body is empty; expected a JSON object");
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body.getBytes())).toString();
        } catch (CharacterCodingException e) {
            throw ApiError.badField("body", "the request body is not valid UTF-8");
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (Exception e) {
            throw ApiError.badField("body", "the request body is not valid JSON: " + firstLine(e.getMessage()));
        }
        if (node == null || !node.isObject()) throw ApiError.badField("body", "the request body must be a JSON object");
        return node;
    }

    public static String requiredString(JsonNode obj, String field) {
        JsonNode v = obj.get(field);
        if (v == null || v.isNull()) throw ApiError.badField(field, "'" + field + "' is required");
        if (!v.isTextual()) throw ApiError.badField(field, "'" + field + "' must be a string");
        return v.asText();
    }

    public static String optionalString(JsonNode obj, String field) {
        JsonNode v = obj.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isTextual()) throw ApiError.badField(field, "'" + field + "' must be a string");
        return v.asText();
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private RequestJson() { }
}
