package io.liveharness.ops;

import io.liveharness.auth.BearerToken;
import io.liveharness.control.ControlPlane;
import io.liveharness.control.NotCaughtUpException;
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
import io.liveharness.ingress.Problem;
import io.liveharness.ingress.RequestJson;
import io.liveharness.ingress.Responses;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomRegistry;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;

import io.liveharness.harness.ToolSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The operator's side of a node: rooms and where they live, harness versions, channels, pins and
 * experiments, draining, each room's live transcript; plus {@code /metrics} for Prometheus and the
 * console page at {@code /console}. Every {@code /v1} operator endpoint needs
 * {@code Authorization: Bearer <token>} (401 without, 403 with a wrong one); viewer endpoints
 * refuse that token, so operator clients never send it where viewers' clients go. Publishing a
 * harness version ({@code POST /v1/harness}) is a permission of its own: it needs the publisher
 * token, and the operator token cannot do it; the publisher token can do nothing else. Rooms are
 * created, updated and retired by the platform's token ({@link PlatformRooms}). Changes go through
 * the {@link ControlPlane} (the node's store, or the cluster's Kafka topic); they run off the event loop.
 * Mount it before the viewer API: its guard runs first on viewer routes.
 */
public final class OperatorApi {
    /** The JSON of a harness at its limit, with room for escapes; the files' own bytes are checked on their own. */
    private static final int MAX_PUBLISH_BYTES = 4 * HarnessFiles.MAX_BYTES;
    /** uPlot, from the org.webjars.npm:uplot jar (its version is the pom's); the tools' reports inline the same files. */
    public static final String CHART_LIBRARY = "META-INF/resources/webjars/uplot/1.6.30/dist";

    private final Vertx vertx;
    private final RoomRegistry rooms;
    private final HarnessRegistry harnesses;
    private final ControlPlane control;
    private final BearerToken platform;
    private final Supplier<List<ToolSpec>> discoveredTools;
    private final BearerToken token;
    private final BearerToken publisher;
    private final OpsMonitor monitor;
    private final NodeMetrics metrics;
    private final RoomPlacement placement;
    private java.util.function.BooleanSupplier engineFault;
    private java.util.function.Consumer<Boolean> controlPlaneFault;

    /**
     * {@code harnesses} is read; changes go through {@code control}. {@code placement}: where a
     * room's commands run ({@link RoomPlacement#local()} on a single node). {@code platform}: the
     * token that creates, updates and retires rooms.
     */
    public OperatorApi(Vertx vertx, RoomRegistry rooms, HarnessRegistry harnesses, ControlPlane control, Supplier<List<ToolSpec>> discoveredTools,
                       BearerToken token, BearerToken publisher, BearerToken platform, OpsMonitor monitor, NodeMetrics metrics,
                       RoomPlacement placement) {
        this.placement = placement;
        this.vertx = vertx;
        this.rooms = rooms;
        this.harnesses = harnesses;
        this.control = control;
        this.platform = platform;
        this.discoveredTools = discoveredTools;
        this.token = token;
        this.publisher = publisher;
        this.monitor = monitor;
        this.metrics = metrics;
    }

    /**
     * Fault runs only ({@code ops.faults}): mounts {@code POST /v1/faults/engine-crash}, operator
     * token required, which runs {@code crash} (kills the decode thread; false: this backend has none).
     */
    public OperatorApi withEngineFault(java.util.function.BooleanSupplier crash) {
        this.engineFault = crash;
        return this;
    }

    /**
     * Fault runs only ({@code ops.faults}, a node of a cluster): mounts {@code POST /v1/faults/control-plane}
     * {@code {"cut": true|false}}, operator token required: cuts this node off the control plane,
     * as a network partition from it would, or brings it back to catch up.
     */
    public OperatorApi withControlPlaneFault(java.util.function.Consumer<Boolean> cut) {
        this.controlPlaneFault = cut;
        return this;
    }

    public void mount(Router router) {
        ViewerGuard guard = new ViewerGuard(monitor);
        for (String path : ViewerGuard.VIEWER_PATHS) router.route(path).handler(guard);
        router.get("/metrics").handler(ctx -> ctx.response()
                .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8").end(metrics.scrape()));
        router.get("/console").handler(ctx -> { // the router also matches /console/ here
            if (ctx.request().path().equals("/console")) ctx.response().setStatusCode(302).putHeader("location", "/console/").end();
            else ctx.next();
        });
        // the charts' library, from its jar: the console needs nothing from outside the node
        router.get("/console/lib/*").handler(StaticHandler.create(CHART_LIBRARY));
        router.get("/console/*").handler(StaticHandler.create("console").setCachingEnabled(false));

        BodyHandler body = BodyHandler.create(false).setBodyLimit(MAX_PUBLISH_BYTES);
        // Before the operator guard: a publish carries the publisher token, which that guard refuses.
        router.post("/v1/harness").handler(this::authenticatePublisher);
        if (engineFault != null) {
            router.post("/v1/faults/engine-crash").handler(this::authenticate).handler(ctx -> {
                boolean killed = engineFault.getAsBoolean();
                System.getLogger(OperatorApi.class.getName()).log(System.Logger.Level.WARNING,
                        "fault run: the operator asked to kill the decode thread (" + (killed ? "killed" : "this backend has none") + ")");
                if (killed) Responses.json(ctx, 200, RequestJson.JSON.createObjectNode().put("killed", "decode-thread"));
                else Responses.error(ctx, new ApiError(409, null, "this node's model backend has no decode thread to kill"));
            });
        }
        if (controlPlaneFault != null) {
            router.post("/v1/faults/control-plane").handler(BodyHandler.create(false).setBodyLimit(1024)).handler(this::authenticate).handler(ctx -> {
                JsonNode cut = RequestJson.object(ctx.body().buffer()).get("cut");
                if (cut == null || !cut.isBoolean()) throw ApiError.badField("cut", "'cut' must be true (cut off) or false (back)");
                controlPlaneFault.accept(cut.asBoolean());
                System.getLogger(OperatorApi.class.getName()).log(System.Logger.Level.WARNING,
                        "fault run: the operator " + (cut.asBoolean() ? "cut this node off" : "brought this node back to") + " the control plane");
                Responses.json(ctx, 200, RequestJson.JSON.createObjectNode().put("cut", cut.asBoolean()).put("caughtUp", control.caughtUp()));
            });
        }
        for (String path : List.of("/v1/rooms", "/v1/rooms/:roomId", "/v1/rooms/:roomId/harness", "/v1/rooms/:roomId/drain",
                "/v1/rooms/:roomId/passivate", "/v1/rooms/:roomId/transcript", "/v1/harness", "/v1/harness/channels/:channel", "/v1/harness/diff",
                "/v1/experiments", "/v1/experiments/:name", "/v1/quality", "/v1/timeline")) {
            router.route(path).handler(ctx -> {
                if (isPublish(ctx) || PlatformRooms.isRoomWrite(ctx)) ctx.next(); else authenticate(ctx);
            });
        }
        new PlatformRooms(vertx, rooms, control, platform).mount(router, body);
        for (String path : List.of("/v1/rooms/:roomId/harness", "/v1/rooms/:roomId/drain", "/v1/rooms/:roomId/passivate")) {
            router.route(path).handler(body).handler(ctx -> {
                requireRoom(ctx);
                placement.relay(ctx);
            });
        }
        router.get("/v1/timeline").handler(ctx -> Responses.json(ctx, 200, monitor.timeline()));
        router.get("/v1/rooms").handler(ctx -> {
            var q = ctx.queryParams();
            RoomPage page = RoomPage.of(q.get("limit"), q.get("cursor"), q.get("state"), q.get("prefix"));
            placement.owners().onComplete(ar -> {
                if (ar.failed()) Responses.internalError(ctx, 503, "where the rooms live is not known now", ar.cause());
                else Responses.json(ctx, 200, roomList(page, ar.result()));
            });
        });
        router.get("/v1/rooms/:roomId").handler(ctx -> {
            RoomManifest room = requireRoom(ctx);
            placement.owners().onComplete(ar -> {
                if (ar.failed()) Responses.internalError(ctx, 503, "where the room lives is not known now", ar.cause());
                else Responses.json(ctx, 200, room(room, ar.result()));
            });
        });
        router.get("/v1/rooms/:roomId/transcript").handler(this::transcript);
        router.post("/v1/rooms/:roomId/drain").handler(body).handler(ctx -> {
            RoomManifest room = requireRoom(ctx);
            var buf = ctx.body().buffer();
            String reason = buf == null || buf.length() == 0 ? null : RequestJson.optionalString(RequestJson.object(buf), "reason");
            monitor.drain(room.id(), reason);
            Responses.json(ctx, 200, room(room));
        });
        router.delete("/v1/rooms/:roomId/drain").handler(ctx -> {
            RoomManifest room = requireRoom(ctx);
            monitor.resume(room.id());
            Responses.json(ctx, 200, room(room));
        });
        router.post("/v1/rooms/:roomId/passivate").handler(ctx -> {
            RoomManifest room = requireRoom(ctx);
            rooms.passivate(room.id()).onComplete(ar -> {
                if (ar.failed()) Responses.internalError(ctx, 500, "the room could not be passivated", ar.cause());
                else if (!ar.result()) Responses.error(ctx, new ApiError(409, "roomId", "room '" + room.id()
                        + "' is answering or has messages waiting; drain it first, then passivate"));
                else Responses.json(ctx, 200, RequestJson.JSON.createObjectNode().put("roomId", room.id()).put("passivated", true));
            });
        });
        router.put("/v1/rooms/:roomId/harness").handler(body).handler(this::pin);
        router.delete("/v1/rooms/:roomId/harness").handler(ctx -> {
            String roomId = requireRoom(ctx).id();
            blocking(ctx, () -> {
                control.unpin(roomId);
                return room(requireRoomId(roomId));
            }, 200);
        });
        router.get("/v1/harness").handler(ctx -> Responses.json(ctx, 200, harnessList()));
        router.post("/v1/harness").handler(body).handler(this::publish);
        router.put("/v1/harness/channels/:channel").handler(body).handler(this::moveChannel);
        router.get("/v1/harness/diff").handler(this::diff);
        router.post("/v1/experiments").handler(body).handler(this::startExperiment);
        router.get("/v1/quality").handler(ctx -> Responses.json(ctx, 200, monitor.quality().json()));
        router.delete("/v1/experiments/:name").handler(ctx -> blocking(ctx, () -> {
            control.stopExperiment(ctx.pathParam("name"));
            return harnessList();
        }, 200));
    }

    private static boolean isPublish(RoutingContext ctx) {
        return ctx.request().method() == io.vertx.core.http.HttpMethod.POST && ctx.request().path().equals("/v1/harness");
    }

    /**
     * Publishing takes the publisher token only. The operator token is refused by name: the two are
     * separate permissions, and the day-to-day one must not bring new harness content to the node.
     */
    private void authenticatePublisher(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String given = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : null;
        if (header == null || header.isBlank()) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"liveharness-publisher\"");
            Responses.error(ctx, new ApiError(401, null, "publishing a harness needs 'Authorization: Bearer <publisher token>'"));
        } else if (publisher.matches(given)) {
            ctx.next();
        } else if (token.matches(given)) {
            Responses.error(ctx, new ApiError(403, null, "the operator token cannot publish a harness; publishing needs the publisher token"));
        } else {
            Responses.error(ctx, new ApiError(403, null, "that is not the publisher token"));
        }
    }

    /** The operator token check, for an operator route mounted elsewhere ({@code GET /v1/rooms/{roomId}/outcomes/{id}}). */
    public io.vertx.core.Handler<RoutingContext> authenticator() { return this::authenticate; }

    /** No token: 401. A token that is not the operator's: 403. The token itself is never echoed or logged. */
    private void authenticate(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        if (header == null || header.isBlank()) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"liveharness-operator\"");
            Responses.error(ctx, new ApiError(401, null, "the operator API needs 'Authorization: Bearer <operator token>'"));
        } else if (!token.authorizes(header)) {
            Responses.error(ctx, new ApiError(403, null, "that is not the operator token"));
        } else {
            ctx.next();
        }
    }

    /** Server-sent events: the room's recent messages, outcomes and replies, then each new one as it happens. */
    private void transcript(RoutingContext ctx) {
        RoomManifest room = requireRoom(ctx);
        var response = ctx.response().setChunked(true).putHeader("content-type", "text/event-stream; charset=utf-8")
                .putHeader("cache-control", "no-cache");
        response.write(": transcript of " + room.id() + "\n\n");
        io.vertx.core.Context here = vertx.getOrCreateContext();
        Runnable stop = monitor.follow(room.id(), event -> here.runOnContext(v -> {
            if (!response.ended() && !response.closed()) response.write("data: " + event + "\n\n");
        }));
        long ping = vertx.setPeriodic(15_000, id -> { if (!response.closed()) response.write(": ping\n\n"); });
        response.closeHandler(v -> {
            stop.run();
            vertx.cancelTimer(ping);
        });
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
            control.pin(room.id(), version != null ? Pin.version(version) : Pin.channel(channel));
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
            // Paths are checked by the registry's publish: only canonical ones hash as they are stored.
            texts.put(e.getKey(), e.getValue().asText());
        });
        String channel = RequestJson.optionalString(body, "channel");
        String name = RequestJson.optionalString(body, "name");
        String origin = name == null ? "publish" : "publish:" + name;
        blocking(ctx, () -> {
            Harness h = control.publish(HarnessFiles.fromText(origin, texts), channel);
            return RequestJson.JSON.createObjectNode().put("version", h.version()).put("channel", channel);
        }, 201);
    }

    private void moveChannel(RoutingContext ctx) {
        String version = RequestJson.requiredString(RequestJson.object(ctx.body().buffer()), "version");
        String channel = ctx.pathParam("channel");
        blocking(ctx, () -> {
            control.setChannel(channel, version);
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
            control.startExperiment(e);
            return harnessList();
        }, 201);
    }

    /** Runs registry work on a worker thread; refusals become 400 with the reason, every problem listed. */
    private void blocking(RoutingContext ctx, Callable<JsonNode> work, int status) { blocking(vertx, ctx, work, status); }

    static void blocking(Vertx vertx, RoutingContext ctx, Callable<JsonNode> work, int status) {
        vertx.executeBlocking(work, false).onComplete(ar -> {
            if (ar.succeeded()) {
                Responses.json(ctx, status, ar.result());
            } else if (ar.cause() instanceof NotCaughtUpException late) {
                ctx.response().putHeader("retry-after", "1");
                Responses.error(ctx, new ApiError(503, null, late.getMessage()));
            } else if (ar.cause() instanceof io.liveharness.harness.HarnessStoreException store) {
                // The store's trouble names its folders and the cause: the log gets it, the caller an id.
                Responses.internalError(ctx, 500, "the harness store failed; nothing changed", store);
            } else if (ar.cause() instanceof HarnessException h) {
                Problem.of(400, "the harness was refused; the running versions keep serving").withProblems(h.problems()).send(ctx);
            } else if (ar.cause() instanceof IllegalArgumentException e) {
                Responses.error(ctx, new ApiError(400, null, e.getMessage()));
            } else {
                Responses.internalError(ctx, 500, "the request failed; nothing changed", ar.cause());
            }
        });
    }

    private RoomManifest requireRoom(RoutingContext ctx) { return requireRoomId(ctx.pathParam("roomId")); }

    private RoomManifest requireRoomId(String roomId) {
        return rooms.manifest(roomId).orElseThrow(() -> new ApiError(404, "roomId", "no room '" + roomId + "' on this node"));
    }

    /** {@code owners}: the node of each hosted room; null when this node hosts them all. */
    private ObjectNode roomList(RoomPage page, Map<String, String> owners) {
        RoomPage.Slice slice = page.of(rooms.rooms());
        ObjectNode out = RequestJson.JSON.createObjectNode();
        ArrayNode list = out.putArray("rooms");
        for (var info : slice.rooms()) list.add(room(requireRoomId(info.roomId()), info, owners));
        out.put("total", slice.total()).put("limit", page.limit()).put("nextCursor", slice.nextCursor());
        return out;
    }

    private ObjectNode room(RoomManifest m) { return room(m, (Map<String, String>) null); }

    private ObjectNode room(RoomManifest m, Map<String, String> owners) {
        return room(m, rooms.rooms().stream().filter(i -> i.roomId().equals(m.id())).findFirst().orElseThrow(), owners);
    }

    private ObjectNode room(RoomManifest m, io.liveharness.room.RoomRegistry.RoomInfo info, Map<String, String> owners) {
        ObjectNode n = RequestJson.JSON.createObjectNode();
        String node = owners == null ? placement.self() : owners.get(m.id());
        n.put("roomId", m.id()).put("title", m.title()).put("state", info.state().name().toLowerCase()).put("retired", rooms.retired(m.id()))
                .put("passivations", info.passivations()).put("node", node);
        var resolution = harnesses.resolve(m.id(), m.harness());
        ObjectNode h = n.putObject("harness");
        h.put("version", resolution.harness().version()).put("how", resolution.how());
        Pin pin = harnesses.routing().pins().get(m.id());
        if (pin != null) h.putObject("pin").put("version", pin.version()).put("channel", pin.channel());
        h.putObject("manifest").put("version", m.harness().version()).put("channel", m.harness().channel());
        String drain = monitor.drainReason(m.id());
        n.put("draining", drain != null);
        if (drain != null) n.put("drainReason", drain);
        n.set("stats", monitor.stats(m.id()).json(System.currentTimeMillis()));
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
        ArrayNode quarantined = out.putArray("quarantined");
        harnesses.quarantined().forEach((version, reason) -> quarantined.addObject().put("version", version).put("reason", reason));
        HarnessRouting r = harnesses.routing();
        out.set("channels", RequestJson.JSON.valueToTree(r.channels()));
        out.set("pins", RequestJson.JSON.valueToTree(r.pins()));
        out.set("experiments", RequestJson.JSON.valueToTree(r.experiments()));
        ArrayNode discovered = out.putArray("discoveredTools");
        discoveredTools.get().forEach(t -> discovered.addObject().put("name", t.name()).put("description", t.description()));
        return out;
    }
}
