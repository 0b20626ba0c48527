package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.ToolResult;
import io.liveharness.ingress.OutcomeJson;
import io.liveharness.ingress.RequestJson;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.vertx.core.eventbus.ReplyException;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Watches the node from the event bus: every room's outcomes and replies (into {@link NodeMetrics},
 * each room's {@link RoomStats} and each experiment arm's {@link ArmQuality}), tool calls and their
 * replies (latency and errors by tool), the messages viewers post (for the operator's live
 * transcript) and which rooms are draining. Nothing here touches a room; it only listens.
 */
public final class OpsMonitor {
    private static final Logger LOG = LoggerFactory.getLogger(OpsMonitor.class);
    static final int TRANSCRIPT = 50;
    private static final long TOOL_TIMEOUT_NANOS = 120_000_000_000L;

    private final Vertx vertx;
    private final NodeMetrics metrics;
    private final Map<String, RoomStats> stats = new ConcurrentHashMap<>();
    private final Map<String, Deque<ObjectNode>> transcripts = new ConcurrentHashMap<>();
    private final Map<String, CopyOnWriteArrayList<Consumer<ObjectNode>>> watchers = new ConcurrentHashMap<>();
    private final Map<String, String> draining = new ConcurrentHashMap<>();
    private final Map<String, PendingTool> toolCalls = new ConcurrentHashMap<>();
    private final ArmLabels.Lookup arms;
    private final ArmQuality quality = new ArmQuality();
    private final Set<ArmLabels> armsSeen = ConcurrentHashMap.newKeySet();
    private final OutcomeTimeline timeline = new OutcomeTimeline(System::currentTimeMillis);

    private record PendingTool(String tool, long startNanos) { }

    /** @param arms where each room's outcomes count: its group, version and experiment arm */
    public OpsMonitor(Vertx vertx, NodeMetrics metrics, ArmLabels.Lookup arms) {
        this.vertx = vertx;
        this.metrics = metrics;
        this.arms = arms;
        metrics.gauge("liveharness.room.queue.depth", "Messages accepted and not yet finished, all rooms together",
                () -> stats.values().stream().mapToLong(RoomStats::pending).sum());
        metrics.gauge("liveharness.rooms.draining", "Rooms that take no new messages", draining::size);
        watchTools();
        vertx.setPeriodic(10_000, id -> {
            long now = System.nanoTime();
            toolCalls.entrySet().removeIf(e -> {
                boolean old = now - e.getValue().startNanos() > TOOL_TIMEOUT_NANOS;
                if (old) metrics.tool(e.getValue().tool(), now - e.getValue().startNanos(), false);
                return old;
            });
        });
    }

    /** Starts listening to these rooms' outcomes and replies. */
    public void watch(Collection<String> roomIds) {
        for (String roomId : roomIds) {
            if (stats.putIfAbsent(roomId, new RoomStats()) != null) continue;
            vertx.eventBus().<MessageOutcome>localConsumer(Addresses.outcome(roomId), m -> outcome(m.body()));
            vertx.eventBus().<AvatarReply>localConsumer(Addresses.reply(roomId), m -> reply(m.body()));
            vertx.eventBus().<ReplySegment>localConsumer(Addresses.segment(roomId), m -> {
                RoomStats s = stats.get(m.body().roomId());
                if (s != null) s.segment(m.body());
            });
        }
    }

    /**
     * The per-version series of the arms these rooms answer in now, at zero (once the rooms are
     * known to the room registry): dashboards see a rate from zero, not a gap.
     */
    public void registerArms(Collection<String> roomIds) {
        for (String roomId : roomIds) arm(roomId, null);
    }

    private ArmLabels arm(String roomId, String version) {
        ArmLabels arm = arms.of(roomId, version);
        if (armsSeen.add(arm)) metrics.registerArm(arm);
        return arm;
    }

    /** A viewer message a room took (202). */
    void accepted(String roomId, String messageId, String userId, String text) {
        RoomStats s = stats.get(roomId);
        if (s != null) s.accepted();
        record(roomId, RequestJson.JSON.createObjectNode().put("type", "message").put("roomId", roomId)
                .put("messageId", messageId).put("userId", userId).put("text", text).put("atMs", System.currentTimeMillis()));
    }

    private void outcome(MessageOutcome o) {
        ArmLabels arm = arm(o.roomId(), o.harnessVersion());
        metrics.outcome(o, arm);
        quality.outcome(arm, o);
        RoomStats s = stats.get(o.roomId());
        if (s != null) s.outcome(o);
        timeline.outcome(o);
        // one line a message, keyed by room and message id: at DEBUG (--verbose), a failure at WARN
        var line = (o.kind() == OutcomeKind.FAILED ? LOG.atWarn() : LOG.atDebug()).addKeyValue("room", o.roomId()).addKeyValue("message", o.messageId());
        if (o.kind() == OutcomeKind.FAILED) line.log("failed: {}", LogMasking.mask(o.detail()));
        else line.log("{} ({})", o.kind().label(), o.reason().label());
        record(o.roomId(), OutcomeJson.outcome(o).put("type", "outcome"));
    }

    private void reply(AvatarReply r) {
        RoomStats s = stats.get(r.roomId());
        if (s != null) s.reply(r.emittedAtMs());
        record(r.roomId(), OutcomeJson.reply(r).put("type", "reply"));
    }

    private void record(String roomId, ObjectNode event) {
        Deque<ObjectNode> t = transcripts.computeIfAbsent(roomId, k -> new ArrayDeque<>());
        synchronized (t) {
            t.addLast(event);
            while (t.size() > TRANSCRIPT) t.pollFirst();
        }
        var ws = watchers.get(roomId);
        if (ws != null) ws.forEach(w -> w.accept(event));
    }

    /** The room's last events, oldest first; then every new one to {@code watcher} until the returned handle runs. */
    Runnable follow(String roomId, Consumer<ObjectNode> watcher) {
        Deque<ObjectNode> t = transcripts.computeIfAbsent(roomId, k -> new ArrayDeque<>());
        var list = watchers.computeIfAbsent(roomId, k -> new CopyOnWriteArrayList<>());
        synchronized (t) {
            t.forEach(watcher);
            list.add(watcher);
        }
        return () -> list.remove(watcher);
    }

    /** Live quality per version and experiment arm, for the operator API and the console. */
    ArmQuality quality() { return quality; }

    public NodeMetrics metrics() { return metrics; }

    /** This node's outcomes over the last ten minutes, for the console's charts. */
    ObjectNode timeline() { return timeline.json(); }

    RoomStats stats(String roomId) { return stats.computeIfAbsent(roomId, k -> new RoomStats()); }

    // -- draining

    public void drain(String roomId, String reason) { draining.put(roomId, reason == null ? "drained by an operator" : reason); }

    public void resume(String roomId) { draining.remove(roomId); }

    /** Why the room takes no new messages, or null if it does. */
    public String drainReason(String roomId) { return draining.get(roomId); }

    Set<String> draining() { return Set.copyOf(draining.keySet()); }

    // -- tools: a request to tool.<name> and the reply to its reply address

    private void watchTools() {
        vertx.eventBus().addOutboundInterceptor(ctx -> {
            var m = ctx.message();
            String address = m.address();
            if (address.startsWith("tool.") && m.replyAddress() != null) {
                toolCalls.put(m.replyAddress(), new PendingTool(address.substring("tool.".length()), System.nanoTime()));
            } else if (!toolCalls.isEmpty()) {
                PendingTool call = toolCalls.remove(address);
                if (call != null) {
                    Object body = ctx.body();
                    boolean ok = !(body instanceof ReplyException) && !(body instanceof ToolResult r && !r.ok());
                    metrics.tool(call.tool(), System.nanoTime() - call.startNanos(), ok);
                }
            }
            ctx.next();
        });
    }
}
