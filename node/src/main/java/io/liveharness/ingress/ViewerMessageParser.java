package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.ViewerMessage;
import io.vertx.core.buffer.Buffer;

import java.util.regex.Pattern;

/** Validates {@code POST /v1/rooms/{roomId}/messages}: {@code {"messageId","userId","text"}}. */
public final class ViewerMessageParser {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private final int maxTextChars;

    public ViewerMessageParser(int maxTextChars) { this.maxTextChars = maxTextChars; }

    public ViewerMessage parse(String roomId, Buffer body, long nowMs) {
        JsonNode obj = RequestJson.object(body);
        String messageId = RequestJson.requiredString(obj, "messageId");
        if (!ID.matcher(messageId).matches()) {
            throw ApiError.badField("messageId", "'messageId' must be 1-128 letters, digits, '.', '_', ':' or '-'");
        }
        String userId = RequestJson.requiredString(obj, "userId");
        if (!ID.matcher(userId).matches()) {
            throw ApiError.badField("userId", "'userId' must be 1-128 letters, digits, '.', '_', ':' or '-'");
        }
        String text = RequestJson.requiredString(obj, "text");
        if (text.isBlank()) throw ApiError.badField("text", "'text' is empty");
        int chars = text.codePointCount(0, text.length());
        if (chars > maxTextChars) {
            throw ApiError.badField("text", "'text' has " + chars + " characters; the limit is " + maxTextChars);
        }
        return new ViewerMessage(roomId, messageId, userId, text, nowMs);
    }
}
