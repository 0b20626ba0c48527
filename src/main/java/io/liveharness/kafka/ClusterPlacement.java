package io.liveharness.kafka;

import io.liveharness.ops.RoomPlacement;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.ext.web.RoutingContext;

import java.util.Map;
import java.util.function.IntSupplier;

/**
 * Where the rooms of a Kafka cluster live: a cluster-wide map (the cluster manager's) from room id
 * to the node that took it over, and the relay that carries a room's operator request over the
 * clustered event bus to that node. The owner replays the request against its own operator API on
 * loopback, with the caller's own credentials, so one code path decides every command; the nodes
 * of a cluster share one operator token.
 */
public final class ClusterPlacement implements RoomPlacement {
    static final String OWNERS = "liveharness.room-owners";
    private static final long RELAY_TIMEOUT_MS = 15_000;
    /** Marks a request already relayed once: it runs where it lands, never bounces on. */
    private static final String RELAYED = "x-liveharness-relayed";

    private final Vertx vertx;
    private final ClusterManager cluster;
    private final String self;
    private final HttpClient loopback;

    public ClusterPlacement(Vertx vertx, ClusterManager cluster, String nodeId) {
        this.vertx = vertx;
        this.cluster = cluster;
        this.self = nodeId;
        this.loopback = vertx.createHttpClient();
    }

    static String relayAddress(String nodeId) { return "liveharness.relay." + nodeId; }

    /** Serves the operator requests other nodes relay here, on this node's HTTP API at {@code port}. */
    public Future<Void> serve(String host, IntSupplier port) {
        String target = "0.0.0.0".equals(host) ? "127.0.0.1" : host;
        return vertx.eventBus().<JsonObject>consumer(relayAddress(self), msg -> replay(msg, target, port.getAsInt())).completion();
    }

    private void replay(Message<JsonObject> msg, String host, int port) {
        JsonObject req = msg.body();
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.valueOf(req.getString("method")))
                .setHost(host).setPort(port).setURI(req.getString("uri"));
        if (req.getString("authorization") != null) options.putHeader("authorization", req.getString("authorization"));
        options.putHeader("content-type", "application/json").putHeader(RELAYED, "1");
        String body = req.getString("body", "");
        loopback.request(options).compose(r -> r.send(body)).compose(resp -> resp.body().map(b -> new JsonObject()
                .put("status", resp.statusCode()).put("body", b.toString()))).onComplete(ar -> {
            if (ar.succeeded()) msg.reply(ar.result());
            else msg.fail(502, "the room's node could not run the request: " + ar.cause().getMessage());
        });
    }

    @Override
    public String self() { return self; }

    /** This node's id in the cluster manager. */
    public String clusterId() { return cluster.getNodeId(); }

    /** Whether the node with that cluster-manager id is still in the cluster. */
    public boolean isMember(String clusterId) { return cluster.getNodes().contains(clusterId); }

    private Future<AsyncMap<String, String>> map() { return vertx.sharedData().getAsyncMap(OWNERS); }

    @Override
    public Future<Map<String, String>> owners() { return map().compose(AsyncMap::entries); }

    Future<Void> claim(String roomId) { return map().compose(m -> m.put(roomId, self)); }

    Future<Void> release(String roomId) { return map().compose(m -> m.removeIfPresent(roomId, self)).mapEmpty(); }

    @Override
    public void relay(RoutingContext ctx) {
        String roomId = ctx.pathParam("roomId");
        if (ctx.request().getHeader(RELAYED) != null) {
            ctx.next();
            return;
        }
        map().compose(m -> m.get(roomId)).onComplete(ar -> {
            if (ar.failed() || ar.result() == null || ar.result().equals(self)) {
                ctx.next();
                return;
            }
            String owner = ar.result();
            JsonObject req = new JsonObject().put("method", ctx.request().method().name()).put("uri", ctx.request().uri())
                    .put("authorization", ctx.request().getHeader("authorization"))
                    .put("body", ctx.body() == null || ctx.body().buffer() == null ? "" : ctx.body().asString());
            vertx.eventBus().<JsonObject>request(relayAddress(owner), req, new DeliveryOptions().setSendTimeout(RELAY_TIMEOUT_MS))
                    .onComplete(reply -> {
                        if (reply.failed()) {
                            ctx.response().setStatusCode(502).putHeader("content-type", "application/json")
                                    .end(new JsonObject().put("error", "room '" + roomId + "' lives on node '" + owner
                                            + "', which did not answer: " + reply.cause().getMessage()).encode());
                            return;
                        }
                        JsonObject r = reply.result().body();
                        ctx.response().setStatusCode(r.getInteger("status")).putHeader("content-type", "application/json")
                                .putHeader("x-liveharness-node", owner).end(r.getString("body"));
                    });
        });
    }

}
