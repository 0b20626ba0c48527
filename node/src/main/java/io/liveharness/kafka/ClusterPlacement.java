package io.liveharness.kafka;

import io.liveharness.ingress.Problem;
import io.liveharness.ingress.Responses;
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

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Where the rooms of a Kafka cluster live: a cluster-wide map (the cluster manager's) from room id
 * to the node that took it over, and the relay that carries a room's command over the clustered
 * event bus to that node.
 *
 * <p>What the bus trusts: the relaying node has checked the caller's credential; it sends which
 * principal that was (operator or platform), never the credential itself, in an envelope signed
 * with the cluster secret (HMAC-SHA256 over every field, addressed to one node, stamped, with a
 * nonce). The owner runs only envelopes whose signature, address, age and nonce hold, and only the
 * routes that principal may use; it replays them against its own API on loopback with its own
 * credential for that principal and a key that lives only in this process, so one code path
 * decides every command. No header an HTTP client can set changes where a command runs. A room
 * that no node is known to host is answered 503 (try again), never run here.
 */
public final class ClusterPlacement implements RoomPlacement {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterPlacement.class);
    static final String OWNERS = "liveharness.room-owners";
    private static final long RELAY_TIMEOUT_MS = 15_000;
    /** How old a signed envelope may be when it lands: one recorded off the bus cannot be run later. */
    static final long MAX_AGE_MS = 30_000;
    /** Marks this node's own replay of a relayed command; its value is {@link #replayKey}, known only in this process. */
    private static final String REPLAY = "x-liveharness-replay";
    private static final Set<String> METHODS = Set.of("POST", "PUT", "DELETE");

    /** Who the relaying node found the caller to be, and the room routes each may relay. */
    public enum Principal {
        OPERATOR(Pattern.compile("/v1/rooms/[^/?]+/(harness|drain|passivate)")),
        PLATFORM(Pattern.compile("/v1/rooms/[^/?]+/state"));

        private final Pattern routes;

        Principal(Pattern routes) { this.routes = routes; }

        /** The principal whose route {@code path} is, or null. */
        static Principal of(String path) {
            for (Principal p : values()) if (p.routes.matcher(path).matches()) return p;
            return null;
        }
    }

    private final Vertx vertx;
    private final ClusterManager cluster;
    private final String self;
    private final HttpClient loopback;
    private final SecretKeySpec key;
    private final String replayKey;
    private final Map<Principal, String> credentials;
    private final Map<String, Long> seenNonces = new LinkedHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private volatile Predicate<String> hosts = roomId -> false;

    /**
     * @param secret      the cluster secret ({@code kafka.cluster.secret})
     * @param credentials this node's own {@code Authorization} value for each principal, used only
     *                    on loopback to replay what another node relayed
     */
    public ClusterPlacement(Vertx vertx, ClusterManager cluster, String nodeId, String secret, Map<Principal, String> credentials) {
        this.vertx = vertx;
        this.cluster = cluster;
        this.self = nodeId;
        this.loopback = vertx.createHttpClient();
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        byte[] k = new byte[32];
        random.nextBytes(k);
        this.replayKey = HexFormat.of().formatHex(k);
        this.credentials = Map.copyOf(credentials);
    }

    static String relayAddress(String nodeId) { return "liveharness.relay." + nodeId; }

    /** Which rooms this node hosts now (the ingress's): commands for them run here, others never do. */
    void hosting(Predicate<String> hosts) { this.hosts = hosts; }

    /** Serves the commands other nodes relay here, on this node's HTTP API at {@code port}. */
    public Future<Void> serve(String host, IntSupplier port) {
        String target = "0.0.0.0".equals(host) ? "127.0.0.1" : host;
        return vertx.eventBus().<JsonObject>consumer(relayAddress(self), msg -> replay(msg, target, port.getAsInt())).completion();
    }

    private void replay(Message<JsonObject> msg, String host, int port) {
        JsonObject env = msg.body();
        String refused = verify(env, System.currentTimeMillis());
        if (refused != null) {
            LOG.warn("relayed command refused: {}", refused);
            msg.fail(403, "relayed command refused: " + refused);
            return;
        }
        Principal principal = Principal.valueOf(env.getString("principal"));
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.valueOf(env.getString("method")))
                .setHost(host).setPort(port).setURI(env.getString("uri"))
                .putHeader("authorization", credentials.get(principal))
                .putHeader("content-type", "application/json").putHeader(REPLAY, replayKey);
        String body = env.getString("body", "");
        loopback.request(options).compose(r -> r.send(body)).compose(resp -> resp.body().map(b -> new JsonObject()
                .put("status", resp.statusCode()).put("contentType", resp.getHeader("content-type")).put("body", b.toString()))).onComplete(ar -> {
            if (ar.succeeded()) msg.reply(ar.result());
            else msg.fail(502, "the room's node could not run the request: " + ar.cause().getMessage());
        });
    }

    /** Why {@code env} may not run here, or null when it may. */
    String verify(JsonObject env, long nowMs) {
        String signature = env.getValue("signature") instanceof String s ? s : null;
        byte[] given;
        try {
            given = signature == null ? null : HexFormat.of().parseHex(signature);
        } catch (IllegalArgumentException e) {
            given = null;
        }
        String expected = sign(env);
        if (given == null || expected == null || !MessageDigest.isEqual(given, HexFormat.of().parseHex(expected))) {
            return "missing or wrong cluster signature (kafka.cluster.secret differs, or it does not come from a cluster node)";
        }
        if (!self.equals(env.getString("to"))) return "addressed to node '" + env.getString("to") + "', not '" + self + "'";
        long at = env.getLong("atMs");
        if (Math.abs(nowMs - at) > MAX_AGE_MS) return "signed " + (nowMs - at) + " ms ago; at most " + MAX_AGE_MS + " ms is accepted";
        Principal principal = Principal.of(path(env.getString("uri")));
        if (principal == null || !principal.name().equals(env.getString("principal")) || !METHODS.contains(env.getString("method"))) {
            return env.getString("principal") + " may not relay " + env.getString("method") + " " + env.getString("uri");
        }
        synchronized (seenNonces) {
            for (Iterator<Long> it = seenNonces.values().iterator(); it.hasNext(); ) {
                if (it.next() < nowMs - 2 * MAX_AGE_MS) it.remove(); else break;
            }
            if (seenNonces.putIfAbsent(env.getString("nonce"), nowMs) != null) return "already run (nonce seen before)";
        }
        return null;
    }

    /** HMAC-SHA256 of the envelope's fields, each length-prefixed so no two envelopes sign alike; null if a field is missing. */
    String sign(JsonObject env) {
        StringBuilder text = new StringBuilder("liveharness-relay-v1\n");
        for (String field : new String[] {"from", "to", "principal", "method", "uri", "body", "nonce"}) {
            if (!(env.getValue(field) instanceof String v)) return null;
            text.append(v.length()).append(':').append(v).append('\n');
        }
        if (!(env.getValue("atMs") instanceof Number at)) return null;
        text.append(at.longValue());
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return HexFormat.of().formatHex(mac.doFinal(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available: " + e.getMessage(), e);
        }
    }

    private static String path(String uri) {
        if (uri == null) return "";
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
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
        String marker = ctx.request().getHeader(REPLAY);
        if (marker != null && MessageDigest.isEqual(marker.getBytes(StandardCharsets.UTF_8), replayKey.getBytes(StandardCharsets.UTF_8))) {
            // Another node relayed it here: it runs here if the room still is, and never bounces on.
            if (hosts.test(roomId)) ctx.next();
            else unavailable(ctx, roomId, "it is no longer on node '" + self + "'");
            return;
        }
        if (hosts.test(roomId)) {
            ctx.next();
            return;
        }
        Principal principal = Principal.of(ctx.request().path());
        if (principal == null) {
            unavailable(ctx, roomId, ctx.request().path() + " is not a command that goes to the room's node");
            return;
        }
        map().compose(m -> m.get(roomId)).onComplete(ar -> {
            if (ar.failed()) {
                Responses.internalError(ctx, 503, "room '" + roomId + "' cannot take commands now: where it lives is not known now",
                        ar.cause());
                return;
            }
            String owner = ar.result();
            if (owner == null || owner.equals(self)) {
                // Its partition is moving (or its node crashed): running it here would make a second copy of the room.
                unavailable(ctx, roomId, "no node hosts it right now");
                return;
            }
            byte[] nonce = new byte[16];
            random.nextBytes(nonce);
            JsonObject env = new JsonObject().put("from", self).put("to", owner).put("principal", principal.name())
                    .put("method", ctx.request().method().name()).put("uri", ctx.request().uri())
                    .put("body", ctx.body() == null || ctx.body().buffer() == null ? "" : ctx.body().asString())
                    .put("nonce", HexFormat.of().formatHex(nonce)).put("atMs", System.currentTimeMillis());
            env.put("signature", sign(env));
            vertx.eventBus().<JsonObject>request(relayAddress(owner), env, new DeliveryOptions().setSendTimeout(RELAY_TIMEOUT_MS))
                    .onComplete(reply -> {
                        if (reply.failed()) {
                            Responses.internalError(ctx, 502, "room '" + roomId + "' lives on node '" + owner
                                    + "', which did not run the request", reply.cause());
                            return;
                        }
                        JsonObject r = reply.result().body();
                        ctx.response().setStatusCode(r.getInteger("status"))
                                .putHeader("content-type", r.getValue("contentType") instanceof String type ? type : "application/json")
                                .putHeader("x-liveharness-node", owner).end(r.getString("body"));
                    });
        });
    }

    private static void unavailable(RoutingContext ctx, String roomId, String why) {
        ctx.response().putHeader("retry-after", "1");
        Problem.of(503, "room '" + roomId + "' cannot take commands now: " + why + "; try again shortly").send(ctx);
    }
}
