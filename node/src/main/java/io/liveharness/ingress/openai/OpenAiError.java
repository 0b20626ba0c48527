package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.Responses;

/**
 * A request the OpenAI-compatible API refuses, answered in OpenAI's error shape
 * {@code {"error": {"message", "type", "param", "code"}}} so that OpenAI clients raise it as theirs.
 */
public final class OpenAiError extends RuntimeException {
    private static final System.Logger LOG = System.getLogger(OpenAiError.class.getName());
    private final int status;
    private final String type;
    private final String param;
    private final String code;

    public OpenAiError(int status, String type, String param, String code, String message) {
        super(message);
        this.status = status;
        this.type = type;
        this.param = param;
        this.code = code;
    }

    /** A 400 {@code invalid_request_error} naming the field at fault. */
    public static OpenAiError badParam(String param, String message) {
        return new OpenAiError(400, "invalid_request_error", param, "invalid_value", message);
    }

    /**
     * {@code what} and an id to quote, for a failure no handler foresaw; {@code cause}, whose text may
     * quote a model server's address or a path, goes to the node's log under that id, never to the client.
     */
    public static OpenAiError internal(int status, String what, Throwable cause) {
        String id = Responses.errorId();
        LOG.log(System.Logger.Level.ERROR, id + ": " + what, cause);
        return new OpenAiError(status, "server_error", null, null, what + "; the node's log has the details under " + id);
    }

    public int status() { return status; }

    public String param() { return param; }

    public ObjectNode body() {
        ObjectNode error = RequestJson.JSON.createObjectNode();
        error.put("message", getMessage()).put("type", type);
        if (param == null) error.putNull("param"); else error.put("param", param);
        if (code == null) error.putNull("code"); else error.put("code", code);
        ObjectNode body = RequestJson.JSON.createObjectNode();
        body.set("error", error);
        return body;
    }
}
