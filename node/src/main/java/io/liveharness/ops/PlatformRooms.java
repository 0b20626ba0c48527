package io.liveharness.ops;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.auth.BearerToken;
import io.liveharness.config.Json;
import io.liveharness.control.ControlPlane;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.PlatformGuard;
import io.liveharness.ingress.RequestJson;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The platform's rooms, with its token ({@code platform.token}): {@code POST /v1/rooms} creates
 * one from a manifest (the fields of {@code rooms/<id>.yaml}, as JSON), {@code PUT /v1/rooms/{roomId}}
 * creates or updates it, {@code DELETE /v1/rooms/{roomId}} retires it. Each goes through the
 * control plane, so on a cluster every node knows the room and its partition's owner hosts it.
 */
final class PlatformRooms {
    private final Vertx vertx;
    private final RoomRegistry rooms;
    private final ControlPlane control;
    private final BearerToken platform;

    PlatformRooms(Vertx vertx, RoomRegistry rooms, ControlPlane control, BearerToken platform) {
        this.vertx = vertx;
        this.rooms = rooms;
        this.control = control;
        this.platform = platform;
    }

    /** The requests this class answers, let past the operator's guard: they carry the platform's token instead. */
    static boolean isRoomWrite(RoutingContext ctx) {
        HttpMethod method = ctx.request().method();
        String path = ctx.request().path();
        return method == HttpMethod.POST && path.equals("/v1/rooms")
                || (method == HttpMethod.PUT || method == HttpMethod.DELETE) && path.matches("/v1/rooms/[^/]+");
    }

    void mount(Router router, BodyHandler body) {
        router.post("/v1/rooms").handler(body).handler(PlatformGuard.of(platform)).handler(ctx -> {
            RoomManifest m = manifest(ctx, null);
            if (rooms.exists(m.id()) && !rooms.retired(m.id())) {
                throw new ApiError(409, "id", "room '" + m.id() + "' exists; PUT /v1/rooms/" + m.id() + " updates it");
            }
            OperatorApi.blocking(vertx, ctx, () -> {
                control.putRoom(m);
                return answer(m.id()).put("created", true);
            }, 201);
        });
        router.put("/v1/rooms/:roomId").handler(body).handler(PlatformGuard.of(platform)).handler(ctx -> {
            RoomManifest m = manifest(ctx, ctx.pathParam("roomId"));
            OperatorApi.blocking(vertx, ctx, () -> {
                control.putRoom(m);
                return answer(m.id()).put("updated", true);
            }, 200);
        });
        router.delete("/v1/rooms/:roomId").handler(PlatformGuard.of(platform)).handler(ctx -> {
            String roomId = ctx.pathParam("roomId");
            if (!rooms.exists(roomId)) throw new ApiError(404, "roomId", "no room '" + roomId + "'");
            OperatorApi.blocking(vertx, ctx, () -> {
                control.retireRoom(roomId);
                return answer(roomId).put("retired", true);
            }, 200);
        });
    }

    /** The manifest in the body; {@code pathId}, when given, is the room's id (the body may leave it out, not differ). */
    private static RoomManifest manifest(RoutingContext ctx, String pathId) {
        JsonNode body = RequestJson.object(ctx.body().buffer());
        if (pathId != null) {
            String given = body.path("id").asText(pathId);
            if (!given.equals(pathId)) throw ApiError.badField("id", "the body's id '" + given + "' is not the path's '" + pathId + "'");
            ((com.fasterxml.jackson.databind.node.ObjectNode) body).put("id", pathId);
        }
        try {
            return Json.MAPPER.treeToValue(body, RoomManifest.class);
        } catch (JsonProcessingException e) {
            throw ApiError.badField("body", "not a room manifest: " + e.getOriginalMessage());
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode answer(String roomId) {
        return RequestJson.JSON.createObjectNode().put("roomId", roomId);
    }
}
