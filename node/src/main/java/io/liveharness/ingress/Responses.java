package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.ext.web.RoutingContext;

import java.util.concurrent.ThreadLocalRandom;

/** JSON responses, and errors as {@code {"error": ..., "field": ...}}, the same for every API of a node. */
public final class Responses {
    private static final System.Logger LOG = System.getLogger(Responses.class.getName());

    public static void json(RoutingContext ctx, int status, JsonNode body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8").end(body.toString());
    }

    public static void error(RoutingContext ctx, ApiError e) {
        ObjectNode body = RequestJson.JSON.createObjectNode().put("error", e.getMessage());
        if (e.field() != null) body.put("field", e.field());
        json(ctx, e.status(), body);
    }

    /**
     * The router's failure handler: an {@link ApiError} as it is; anything else, which no handler
     * foresaw, as a generic message and an id, with the exception (whose text may quote a path, a
     * query, a credential) logged under that id and never sent to the client.
     */
    public static void failure(RoutingContext ctx) {
        if (ctx.failure() instanceof ApiError e) error(ctx, e);
        else if (ctx.statusCode() == 413) error(ctx, new ApiError(413, "body", "the request body is larger than allowed"));
        else internalError(ctx, ctx.statusCode() > 0 ? ctx.statusCode() : 500, "the request failed", ctx.failure());
    }

    /** {@code what} and an error id to the client; {@code cause} to the log under that id. */
    public static void internalError(RoutingContext ctx, int status, String what, Throwable cause) {
        String id = "err-" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffL);
        LOG.log(System.Logger.Level.ERROR, id + ": " + ctx.request().method() + " " + ctx.request().path() + ": " + what, cause);
        if (ctx.response().ended() || ctx.response().closed()) return;
        ObjectNode body = RequestJson.JSON.createObjectNode()
                .put("error", what + "; the node's log has the details under this errorId").put("errorId", id);
        json(ctx, status, body);
    }

    private Responses() { }
}
