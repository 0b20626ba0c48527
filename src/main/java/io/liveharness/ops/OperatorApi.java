package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessDiff;
import io.liveharness.harness.HarnessException;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.Responses;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomRegistry;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import io.liveharness.harness.ToolSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The operator's side of a node: rooms and where they live, harness versions, channels, pins and
 * experiments. Changes go through the {@link HarnessRegistry}, which stores them durably; file
 * work runs off the event loop.
 */
public final class OperatorApi {
    private static final int MAX_PUBLISH_BYTES = HarnessFiles.MAX_BYTES;

    private final Vertx vertx;
    private final RoomRegistry rooms;
    private final HarnessRegistry harnesses;
    private final Supplier<List<ToolSpec>> discoveredTools;

    public OperatorApi(Vertx vertx, RoomRegistry rooms, HarnessRegistry harnesses, Supplier<List<ToolSpec>> discoveredTools) {
        this.vertx = vertx;
        this.rooms = rooms;
        this.harnesses = harnesses;
        this.discoveredTools = discoveredTools;
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(MAX_PUBLISH_BYTES);
        router.get("/v1/rooms").handler(ctx -> Responses.json(ctx, 200, roomList()));
        router.get("/v1/rooms/:roomId").handler(ctx -> Responses.json(ctx, 200, room(requireRoom(ctx))));
        router.put("/v1/rooms/:roomId/harness").handler(body).handler(this::pin);
        router.delete("/v1/rooms/:roomId/harness").handler(ctx -> {
            String roomId = requireRoom(ctx).id();
            blocking(ctx, () -> {
                harnesses.unpin(roomId);
                return room(requireRoomId(roomId));
            }, 200);
        });
        router.get("/v1/harness").handler(ctx -> Responses.json(ctx, 200, harnessList()));
        router.post("/v1/harness").handler(body).handler(this::publish);
        router.put("/v1/harness/channels/:channel").handler(body).handler(this::moveChannel);
        router.get("/v1/harness/diff").handler(this::diff);
        router.post("/v1/experiments").handler(body).handler(this::startExperiment);
        router.delete("/v1/experiments/:name").handler(ctx -> blocking(ctx, () -> {
            harnesses.stopExperiment(ctx.pathParam("name"));
            return harnessList();
        }, 200));
    }

    private void pin(RoutingContext ctx) {
        RoomManifest room = requireRoom(ctx);
        JsonNode body = RequestJson.object(ctx.body().buffer());
        String version = RequestJson.optionalString(body, "version");
        String channel = RequestJson.optionalString(body, "channel");
        if ((version == null) == (channel == null)) {
            throw ApiError.badField("body", "give exactly one of 'version' (stay on it) or 'channel' (follow it)");
        }
        blocking(ctx, () -> {
            harnesses.pin(room.id(), version != null ? Pin.version(version) : Pin.channel(channel));
            return room(room);
        }, 200);
    }

    private void publish(RoutingContext ctx) {
        JsonNode body = RequestJson.object(ctx.body().buffer());
        JsonNode files = body.get("files");
        if (files == null || !files.isObject() || files.isEmpty()) {
            throw ApiError.badField("files", "'files' must map each path of the harness to its text");
        }
        Map<String, String> texts = new LinkedHashMap<>();
        files.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) throw ApiError.badField("files." + e.getKey(), "each file's content must be a string");
            if (e.getKey().contains("..") || e.getKey().startsWith("/")) throw ApiError.badField("files." + e.getKey(), "paths are relative and stay inside the harness");
            texts.put(e.getKey(), e.getValue().asText());
        });
        String channel = RequestJson.optionalString(body, "channel");
        String origin = "publish:" + RequestJson.optionalString(body, "name");
        blocking(ctx, () -> {
            Harness h = harnesses.publish(HarnessFiles.fromText(origin, texts));
            if (channel != null) harnesses.setChannel(channel, h.version());
            return RequestJson.JSON.createObjectNode().put("version", h.version()).put("channel", channel);
        }, 201);
    }

    private void moveChannel(RoutingContext ctx) {
        String version = RequestJson.requiredString(RequestJson.object(ctx.body().buffer()), "version");
        String channel = ctx.pathParam("channel");
        blocking(ctx, () -> {
            harnesses.setChannel(channel, version);
            return harnessList();
        }, 200);
    }

    private void diff(RoutingContext ctx) {
        String a = ctx.queryParams().get("a");
        String b = ctx.queryParams().get("b");
        if (a == null || b == null) throw ApiError.badField(a == null ? "a" : "b", "diff needs ?a=<version>&b=<version>");
        blocking(ctx, () -> RequestJson.JSON.createObjectNode().put("a", a).put("b", b)
                .put("diff", HarnessDiff.between(harnesses.files(a), harnesses.files(b))), 200);
    }

    private void startExperiment(RoutingContext ctx) {
        JsonNode body = RequestJson.object(ctx.body().buffer());
        JsonNode share = body.get("treatmentShare");
        if (share == null || !share.isNumber()) throw ApiError.badField("treatmentShare", "'treatmentShare' must be a number between 0 and 1");
        Experiment e = new Experiment(RequestJson.requiredString(body, "name"),
                body.has("channel") ? RequestJson.requiredString(body, "channel") : HarnessRouting.STABLE,
                RequestJson.requiredString(body, "control"), RequestJson.requiredString(body, "treatment"), share.asDouble());
        blocking(ctx, () -> {
            harnesses.startExperiment(e);
            return harnessList();
        }, 201);
    }

    /** Runs registry work on a worker thread; refusals become 400 with the reason, every problem listed. */
    private void blocking(RoutingContext ctx, Callable<JsonNode> work, int status) {
        vertx.executeBlocking(work, false).onComplete(ar -> {
            if (ar.succeeded()) {
                Responses.json(ctx, status, ar.result());
            } else if (ar.cause() instanceof HarnessException h) {
                ObjectNode err = RequestJson.JSON.createObjectNode().put("error", "the harness was refused; the running versions keep serving");
                ArrayNode problems = err.putArray("problems");
                h.problems().forEach(problems::add);
                Responses.json(ctx, 400, err);
            } else if (ar.cause() instanceof IllegalArgumentException e) {
                Responses.error(ctx, new ApiError(400, null, e.getMessage()));
            } else {
                Responses.error(ctx, new ApiError(500, null, String.valueOf(ar.cause())));
            }
        });
    }

    private RoomManifest requireRoom(RoutingContext ctx) { return requireRoomId(ctx.pathParam("roomId")); }

    private RoomManifest requireRoomId(String roomId) {
        return rooms.manifest(roomId).orElseThrow(() -> new ApiError(404, "roomId", "no room '" + roomId + "' on this node"));
    }

    private ObjectNode roomList() {
        ObjectNode out = RequestJson.JSON.createObjectNode();
        ArrayNode list = out.putArray("rooms");
        for (var info : rooms.rooms()) list.add(room(requireRoomId(info.roomId())));
        return out;
    }

    private ObjectNode room(RoomManifest m) {
        var info = rooms.rooms().stream().filter(i -> i.roomId().equals(m.id())).findFirst().orElseThrow();
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("roomId", m.id()).put("title", m.title()).put("state", info.state().name().toLowerCase())
                .put("passivations", info.passivations()).put("node", "local");
        var resolution = harnesses.resolve(m.id(), m.harness());
        ObjectNode h = n.putObject("harness");
        h.put("version", resolution.harness().version()).put("how", resolution.how());
        Pin pin = harnesses.routing().pins().get(m.id());
        if (pin != null) h.putObject("pin").put("version", pin.version()).put("channel", pin.channel());
        h.putObject("manifest").put("version", m.harness().version()).put("channel", m.harness().channel());
        return n;
    }

    private ObjectNode harnessList() {
        ObjectNode out = RequestJson.JSON.createObjectNode();
        ArrayNode versions = out.putArray("versions");
        for (Harness h : harnesses.versions().values()) {
            ObjectNode v = versions.addObject().put("version", h.version()).put("name", h.name()).put("description", h.description());
            h.skills().forEach(s -> v.withArray("skills").add(s.name()));
            h.tools().forEach(t -> v.withArray("tools").add(t.name()));
        }
        HarnessRouting r = harnesses.routing();
        out.set("channels", RequestJson.JSON.valueToTree(r.channels()));
        out.set("pins", RequestJson.JSON.valueToTree(r.pins()));
        out.set("experiments", RequestJson.JSON.valueToTree(r.experiments()));
        ArrayNode discovered = out.putArray("discoveredTools");
        discoveredTools.get().forEach(t -> discovered.addObject().put("name", t.name()).put("description", t.description()));
        return out;
    }
}
