package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.Responses;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

import java.util.List;

/**
 * Runs before every viewer endpoint: refuses a request that carries any credential (403, the same
 * answer for the operator's, publisher's, platform's or an API client's token as for a made-up one,
 * so it tells nobody which strings are credentials, and no token is used where viewers' clients go);
 * the platform's state path is left to its own guard. It refuses new messages for a draining room
 * (503 with the reason; what the room already queued still finishes), and tells the
 * {@link OpsMonitor} of each message a room took.
 */
final class ViewerGuard implements Handler<RoutingContext> {
    static final List<String> VIEWER_PATHS = List.of("/v1/rooms/:roomId/messages", "/v1/rooms/:roomId/state",
            "/v1/rooms/:roomId/events", "/v1/rooms/:roomId/messages/:messageId", "/health", "/health/live", "/health/ready");

    private final OpsMonitor monitor;

    ViewerGuard(OpsMonitor monitor) {
        this.monitor = monitor;
    }

    @Override
    public void handle(RoutingContext ctx) {
        boolean platformPath = ctx.request().path().endsWith("/state");
        if (!platformPath && carriesCredential(ctx)) {
            Responses.error(ctx, new ApiError(403, "Authorization",
                    "viewer endpoints take no credential; send viewer requests without 'Authorization' or 'access_token'"));
            return;
        }
        String roomId = ctx.pathParam("roomId");
        boolean message = ctx.request().method() == HttpMethod.POST && ctx.request().path().endsWith("/messages");
        if (message && roomId != null) {
            String drain = monitor.drainReason(roomId);
            if (drain != null) {
                Responses.error(ctx, new ApiError(503, null, "room '" + roomId + "' is draining and takes no new messages: " + drain));
                return;
            }
            ctx.addEndHandler(v -> {
                if (ctx.response().getStatusCode() != 202) return;
                try {
                    JsonNode body = RequestJson.JSON.readTree(ctx.body().asString());
                    monitor.accepted(roomId, body.path("messageId").asText(), body.path("userId").asText(), body.path("text").asText());
                } catch (Exception ignored) {
                    monitor.accepted(roomId, null, null, null); // the room took it; the transcript just lacks its text
                }
            });
        }
        ctx.next();
    }

    private static boolean carriesCredential(RoutingContext ctx) {
        return !ctx.request().headers().getAll("Authorization").isEmpty() || ctx.request().getParam("access_token") != null;
    }
}
