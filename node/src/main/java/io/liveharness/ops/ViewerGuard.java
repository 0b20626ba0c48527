package io.liveharness.ops;

import io.liveharness.auth.BearerToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.Responses;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

import java.util.List;

/**
 * Runs before every viewer endpoint: refuses a request that carries the operator token (403, so the
 * token is never sent where viewers' clients go), refuses new messages for a draining room (503 with
 * the reason; what the room already queued still finishes), and tells the {@link OpsMonitor} of
 * each message a room took.
 */
final class ViewerGuard implements Handler<RoutingContext> {
    static final List<String> VIEWER_PATHS = List.of("/v1/rooms/:roomId/messages", "/v1/rooms/:roomId/state",
            "/v1/rooms/:roomId/events", "/v1/rooms/:roomId/messages/:messageId", "/health");

    private final BearerToken token;
    private final OpsMonitor monitor;

    ViewerGuard(BearerToken token, OpsMonitor monitor) {
        this.token = token;
        this.monitor = monitor;
    }

    @Override
    public void handle(RoutingContext ctx) {
        if (carriesOperatorToken(ctx)) {
            Responses.error(ctx, new ApiError(403, "Authorization",
                    "viewer endpoints do not take the operator token; send viewer requests without it"));
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

    private boolean carriesOperatorToken(RoutingContext ctx) {
        for (String header : ctx.request().headers().getAll("Authorization")) {
            String t = header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : header.trim();
            if (token.matches(t)) return true;
        }
        String q = ctx.request().getParam("access_token");
        return q != null && token.matches(q);
    }
}
