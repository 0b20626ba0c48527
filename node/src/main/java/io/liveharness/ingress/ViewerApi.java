package io.liveharness.ingress;

import io.liveharness.auth.BearerToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig.HttpConfig;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomRegistry;
import io.liveharness.room.RoomRegistry.UnknownRoomException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;

/**
 * The viewer-facing HTTP API: messages in, outcomes and a live event stream out; beside it the
 * commerce platform's room state pushes, which need the platform token. It records every
 * accepted message in the {@link MessageLedger} before handing it to its room, and every outcome
 * when the room publishes it. Viewers see outcomes reduced ({@link OutcomeJson#forViewer}); the
 * whole outcome is on an operator route ({@link #mountOperatorView}). Its handlers run on the HTTP
 * server's verticle context.
 */
public final class ViewerApi {
    /** Where an accepted message goes: its room on this node, or a topic the room's owner reads. */
    @FunctionalInterface
    public interface MessageSink {
        /** Completes once the message is safely handed over (in the room's queue, or on the topic). */
        Future<Void> submit(ViewerMessage m);
    }

    private final Vertx vertx;
    private final HttpConfig config;
    private final RoomRegistry rooms;
    private final MessageLedger ledger;
    private final ViewerMessageParser messages;
    private final RoomStateParser states;
    private final MessageSink sink;
    private final Handler<RoutingContext> relay;
    private final BearerToken platform;
    private final AddressAllowance addresses;
    private final Set<String> recorded = new HashSet<>(); // rooms whose outcomes the ledger hears; this verticle's context only
    private int openSockets; // event WebSockets open or upgrading; this verticle's context only
    private volatile boolean closing; // the node is shutting down: no new messages

    public ViewerApi(Vertx vertx, HttpConfig config, RoomRegistry rooms, MessageLedger ledger, BearerToken platform) {
        this(vertx, config, rooms, ledger, platform, null, null);
    }

    /**
     * As above, handing accepted messages to {@code sink} instead of the room, and room state
     * pushes first to {@code relay}, which sends them on to the node hosting the room or passes
     * them here with {@code ctx.next()} (null: the room here, for both).
     */
    public ViewerApi(Vertx vertx, HttpConfig config, RoomRegistry rooms, MessageLedger ledger, BearerToken platform,
                     MessageSink sink, Handler<RoutingContext> relay) {
        this.platform = platform;
        this.sink = sink != null ? sink : m -> rooms.deliver(m.roomId(), m);
        this.relay = relay != null ? relay : RoutingContext::next;
        this.vertx = vertx;
        this.config = config;
        this.rooms = rooms;
        this.ledger = ledger;
        this.messages = new ViewerMessageParser(config.maxTextChars());
        this.states = new RoomStateParser(config.maxTextChars());
        this.addresses = new AddressAllowance(config.perAddress());
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(config.maxBodyBytes());
        router.post("/v1/rooms/:roomId/messages").handler(body).handler(this::postMessage);
        // Checked before the relay: a request without the platform token goes nowhere, here or on the room's node.
        router.post("/v1/rooms/:roomId/state").handler(body).handler(PlatformGuard.of(platform)).handler(relay).handler(this::postState);
        router.get("/v1/rooms/:roomId/events").handler(this::events);
        router.get("/v1/rooms/:roomId/messages/:messageId").handler(this::getMessage);
    }

    private void postMessage(RoutingContext ctx) {
        String roomId = ctx.pathParam("roomId");
        try {
            requireRoom(roomId);
            if (closing) throw new ApiError(503, null, "this node is shutting down; send the message to another node");
            var peer = ctx.request().remoteAddress();
            long retryS = peer == null ? 0 : addresses.take(peer.hostAddress(), System.currentTimeMillis());
            if (retryS > 0) {
                ctx.response().putHeader("retry-after", String.valueOf(retryS));
                throw new ApiError(429, null, "this address has posted more viewer messages than " + addresses.describe()
                        + "; try again in " + retryS + " s");
            }
            ViewerMessage m = messages.parse(roomId, ctx.body().buffer(), System.currentTimeMillis());
            if (!ledger.accept(roomId, m.messageId(), m.acceptedAtMs())) {
                throw new ApiError(409, "messageId", "message '" + m.messageId() + "' was already accepted; its outcome is at /v1/rooms/"
                        + roomId + "/messages/" + m.messageId());
            }
            recordOutcomesOf(roomId);
            sink.submit(m).onComplete(ar -> {
                if (ar.succeeded()) {
                    json(ctx, 202, RequestJson.JSON.createObjectNode().put("accepted", true).put("messageId", m.messageId()));
                } else {
                    ledger.retract(roomId, m.messageId());
                    error(ctx, new ApiError(503, null, "room '" + roomId + "' could not take the message now; try again"));
                }
            });
        } catch (ApiError e) {
            error(ctx, e);
        }
    }

    /** Subscribes the ledger to a room's outcomes the first time a message for it is accepted. */
    private void recordOutcomesOf(String roomId) {
        if (recorded.add(roomId)) {
            vertx.eventBus().<MessageOutcome>localConsumer(Addresses.outcome(roomId), m -> ledger.complete(m.body()));
        }
    }

    private void postState(RoutingContext ctx) {
        String roomId = ctx.pathParam("roomId");
        try {
            RoomManifest room = requireRoom(roomId);
            var update = states.parse(roomId, ctx.body().buffer(), room.products()::contains, System.currentTimeMillis());
            rooms.deliver(roomId, update).onComplete(ar -> {
                if (ar.succeeded()) json(ctx, 202, RequestJson.JSON.createObjectNode().put("accepted", true));
                else error(ctx, new ApiError(503, null, "room '" + roomId + "' could not take the update now; try again"));
            });
        } catch (ApiError e) {
            error(ctx, e);
        }
    }

    private void getMessage(RoutingContext ctx) {
        MessageLedger.Entry e = ledger.find(ctx.pathParam("roomId"), ctx.pathParam("messageId"));
        if (e == null) {
            error(ctx, new ApiError(404, "messageId", "no message '" + ctx.pathParam("messageId") + "' in room '"
                    + ctx.pathParam("roomId") + "' on this node"));
        } else if (e.outcome() == null) {
            json(ctx, 202, RequestJson.JSON.createObjectNode().put("messageId", e.messageId()).put("roomId", e.roomId())
                    .put("status", "pending").put("waitingMs", System.currentTimeMillis() - e.acceptedAtMs()));
        } else {
            json(ctx, 200, OutcomeJson.forViewer(e.outcome()));
        }
    }

    /**
     * {@code GET /v1/rooms/{roomId}/outcomes/{messageId}}: the whole outcome (detail, hook decisions,
     * timings), behind {@code operatorAuth}, the operator API's own check.
     */
    public void mountOperatorView(Router router, Handler<RoutingContext> operatorAuth) {
        router.get("/v1/rooms/:roomId/outcomes/:messageId").handler(operatorAuth).handler(ctx -> {
            MessageLedger.Entry e = ledger.find(ctx.pathParam("roomId"), ctx.pathParam("messageId"));
            if (e == null) error(ctx, new ApiError(404, "messageId", "no message '" + ctx.pathParam("messageId") + "' in room '"
                    + ctx.pathParam("roomId") + "' on this node"));
            else if (e.outcome() == null) json(ctx, 202, RequestJson.JSON.createObjectNode().put("messageId", e.messageId())
                    .put("roomId", e.roomId()).put("status", "pending").put("waitingMs", System.currentTimeMillis() - e.acceptedAtMs()));
            else json(ctx, 200, OutcomeJson.outcome(e.outcome()));
        });
    }

    /** A WebSocket that streams the room's segments, replies and outcomes as JSON, one object per frame. */
    private void events(RoutingContext ctx) {
        String roomId = ctx.pathParam("roomId");
        if (!rooms.exists(roomId)) {
            error(ctx, new ApiError(404, "roomId", "no room '" + roomId + "' on this node"));
            return;
        }
        if (!"websocket".equalsIgnoreCase(ctx.request().getHeader("upgrade"))) {
            error(ctx, new ApiError(400, "Upgrade", "the room's events are a WebSocket: connect with 'Upgrade: websocket'"));
            return;
        }
        // Each socket holds consumers and a write queue: a cap keeps a flood of idle sockets from holding the heap.
        if (openSockets >= config.maxWebSockets()) {
            ctx.response().putHeader("retry-after", "5");
            error(ctx, new ApiError(503, null, "this node has " + openSockets
                    + " event WebSockets open, its limit (http.maxWebSockets); try again later"));
            return;
        }
        openSockets++; // counted from the upgrade on, so that concurrent upgrades cannot pass the cap together
        ctx.request().toWebSocket().onComplete(ar -> {
            if (ar.succeeded()) stream(roomId, ar.result());
            else openSockets--;
        });
    }

    /**
     * Refuses new messages from now on (503), so that a closing node's ledger only shrinks; the
     * event WebSockets stay open to carry the last outcomes.
     */
    public void stopAccepting() { closing = true; }

    /** Event WebSockets open now (or upgrading) on this node. */
    public int openWebSockets() { return openSockets; }

    private void stream(String roomId, ServerWebSocket ws) {
        ws.setWriteQueueMaxSize(config.webSocketQueueBytes());
        List<MessageConsumer<?>> consumers = new ArrayList<>();
        boolean[] ended = {false};
        Runnable end = () -> {
            if (ended[0]) return;
            ended[0] = true;
            openSockets--;
            consumers.forEach(MessageConsumer::unregister);
        };
        Handler<String> send = frame -> {
            if (ended[0] || ws.isClosed()) return;
            if (ws.writeQueueFull()) {
                // A client that stopped reading: buffering for it would grow the heap without bound, and
                // waiting for drain would lose frames silently. It is told why and goes; it may reconnect.
                end.run();
                ws.close((short) 1008, "too slow: more than " + config.webSocketQueueBytes() + " bytes unread");
                return;
            }
            ws.writeTextMessage(frame);
        };
        // segments as the room releases them (what TTS says), then the whole reply and the outcome
        consumers.add(vertx.eventBus().<ReplySegment>localConsumer(Addresses.segment(roomId),
                m -> send.handle(OutcomeJson.segment(m.body()).toString())));
        consumers.add(vertx.eventBus().<AvatarReply>localConsumer(Addresses.reply(roomId),
                m -> send.handle(OutcomeJson.replyForViewer(m.body()).toString())));
        consumers.add(vertx.eventBus().<MessageOutcome>localConsumer(Addresses.outcome(roomId),
                m -> send.handle(OutcomeJson.forViewer(m.body()).put("type", "outcome").toString())));
        ws.closeHandler(v -> end.run());
    }

    private RoomManifest requireRoom(String roomId) {
        return rooms.manifest(roomId).orElseThrow(() -> new ApiError(404, "roomId", new UnknownRoomException(roomId).getMessage()));
    }

    private static void json(RoutingContext ctx, int status, ObjectNode body) { Responses.json(ctx, status, body); }

    private static void error(RoutingContext ctx, ApiError e) { Responses.error(ctx, e); }
}
