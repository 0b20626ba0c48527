package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.ext.web.RoutingContext;

import java.util.concurrent.ThreadLocalRandom;

/** JSON responses, and errors as {@link Problem} details, the same for every API of a node but the OpenAI-compatible one. */
public final class Responses {
    private static final System.Logger LOG = System.getLogger(Responses.class.getName());

    public static void json(RoutingContext ctx, int status, JsonNode body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8").end(body.toString());
    }

    public static void error(RoutingContext ctx, ApiError e) { Problem.of(e).send(ctx); }

    /**
     * The router's failure handler: an {@link ApiError} as it is; a status the router set itself
     * (405, 413) with its own words; anything else, which no handler foresaw, as a generic message
     * and an id, with the exception (whose text may quote a path, a query, a credential) logged
     * under that id and never sent to the client.
     */
    public static void failure(RoutingContext ctx) {
        if (ctx.failure() instanceof ApiError e) error(ctx, e);
        else if (ctx.statusCode() == 413) error(ctx, new ApiError(413, "body", "the request body is larger than allowed"));
        else if (ctx.failure() == null && ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
            Problem.of(ctx.statusCode(), ctx.request().method() + " " + ctx.request().path() + " cannot be served as sent").send(ctx);
        } else internalError(ctx, ctx.statusCode() > 0 ? ctx.statusCode() : 500, "the request failed", ctx.failure());
    }

    /** {@code what} and an error id to the client; {@code cause} to the log under that id. */
    public static void internalError(RoutingContext ctx, int status, String what, Throwable cause) {
        String id = errorId();
        LOG.log(System.Logger.Level.ERROR, id + ": " + ctx.request().method() + " " + ctx.request().path() + ": " + what, cause);
        if (ctx.response().ended() || ctx.response().closed()) return;
        Problem.of(status, what + "; the node's log has the details under this errorId").withErrorId(id).send(ctx);
    }

    /** A fresh id to quote in a reply and to find in the log. */
    public static String errorId() { return "err-" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffL); }

    private Responses() { }
}
