package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.ext.web.RoutingContext;

/** JSON responses, and errors as {@code {"error": ..., "field": ...}}, the same for every API of a node. */
public final class Responses {

    public static void json(RoutingContext ctx, int status, JsonNode body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8").end(body.toString());
    }

    public static void error(RoutingContext ctx, ApiError e) {
        ObjectNode body = RequestJson.JSON.createObjectNode().put("error", e.getMessage());
        if (e.field() != null) body.put("field", e.field());
        json(ctx, e.status(), body);
    }

    private Responses() { }
}
