package io.liveharness.ingress;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.ext.web.RoutingContext;

import java.util.List;

/**
 * The one error body of the node's own routes, an RFC 9457 problem details object: {@code type}
 * ({@code about:blank}: the status says what kind of problem it is), {@code title} (the status's
 * phrase), {@code status}, {@code detail} (what a person reads), {@code instance} (the request's
 * path, never its query, which may carry a credential), and the members a client acts on:
 * {@code field} (the part of the request at fault), {@code problems} (each one found, with file and
 * line) and {@code errorId} (the node's log has the cause under it). The OpenAI-compatible routes
 * answer in OpenAI's shape instead.
 */
public record Problem(int status, String detail, String field, List<String> problems, String errorId) {
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem of(int status, String detail) { return new Problem(status, detail, null, null, null); }

    public static Problem of(ApiError e) { return new Problem(e.status(), e.getMessage(), e.field(), null, null); }

    public Problem withProblems(List<String> all) { return new Problem(status, detail, field, List.copyOf(all), errorId); }

    public Problem withErrorId(String id) { return new Problem(status, detail, field, problems, id); }

    public ObjectNode json(String instance) {
        ObjectNode body = RequestJson.JSON.createObjectNode().put("type", "about:blank")
                .put("title", HttpResponseStatus.valueOf(status).reasonPhrase()).put("status", status).put("detail", detail);
        if (instance != null) body.put("instance", instance);
        if (field != null) body.put("field", field);
        if (problems != null) {
            ArrayNode list = body.putArray("problems");
            problems.forEach(list::add);
        }
        if (errorId != null) body.put("errorId", errorId);
        return body;
    }

    public void send(RoutingContext ctx) {
        ctx.response().setStatusCode(status).putHeader("content-type", MEDIA_TYPE).end(json(ctx.request().path()).toString());
    }
}
