package io.liveharness.kafka;

import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.KafkaConfig;
import io.liveharness.config.NodeConfig.HttpConfig;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.ops.OpsMonitor;
import io.liveharness.room.RoomRegistry;
import io.liveharness.room.RoomSnapshot;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.kafka.client.common.TopicPartition;
import io.vertx.kafka.client.consumer.KafkaConsumer;
import io.vertx.kafka.client.consumer.KafkaConsumerRecord;
import io.vertx.kafka.client.consumer.OffsetAndMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The node's side of {@code viewer-messages}: a consumer in the nodes' group whose partitions say
 * which rooms this node hosts. On assignment it takes the partitions' rooms over (their state from
 * the changelog, see {@link RoomHandoff}), then reads from the committed offset; each message goes
 * to its room, and its outcome goes out in this order: the room's state (with the message among its
 * finished ids, and among those being sent), then the reply, then the outcome; only then may its
 * offset be committed. On revocation it stops taking the partitions' messages, lets the rooms
 * finish what they hold, writes their final state as released and passivates them. Everything
 * here runs on this verticle's context.
 */
public final class KafkaIngress extends VerticleBase {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaIngress.class);
    /** Outcome reasons of records that never reach a room, and of messages for a draining room. */
    public static final String BAD_MESSAGE = OutcomeReason.BAD_MESSAGE.label();
    public static final String UNKNOWN_ROOM = OutcomeReason.UNKNOWN_ROOM.label();
    public static final String TOO_LARGE = OutcomeReason.TOO_LARGE.label();
    public static final String DRAINING = OutcomeReason.DRAINING.label();
    private static final long RETRY_MS = 500;

    private enum PartState { TAKING, OWNED, RELEASING }

    private static final class Part {
        PartState state = PartState.TAKING;
        boolean revokedWhileTaking;
        final PartitionOffsets offsets = new PartitionOffsets();
    }

    /** A room this node hosts. */
    private static final class OwnedRoom {
        final int partition;
        final long epoch;                                 // this node's owner epoch of the room
        final LinkedHashSet<String> finished = new LinkedHashSet<>();
        final java.util.TreeSet<Long> open = new java.util.TreeSet<>(); // offsets of its records without an outcome out
        long highestTaken = -1;                           // the highest offset of its records seen
        long doneThrough;                                 // as written to the changelog (RoomState.doneThrough)
        boolean released;                                 // let go: nothing more of it is written
        final Map<String, Long> inFlight = new HashMap<>(); // message id -> offset
        final List<MessageOutcome> unflushed = new ArrayList<>();
        final Set<String> repliesOut = new HashSet<>();  // of the batch being flushed: sent, or being sent
        final Set<String> outcomesOut = new HashSet<>();
        boolean flushing;

        OwnedRoom(int partition, RoomState state) {
            this.partition = partition;
            this.epoch = (state == null ? 0 : state.epoch()) + 1;
            if (state != null) this.finished.addAll(state.finished());
            // Offsets count in one partition: after a change of partitions the ids alone recognise redeliveries.
            this.doneThrough = state != null && state.partition() == partition ? state.doneThrough() : -1;
            this.highestTaken = doneThrough;
        }

        /** The offset up to which every record of the room is done, once the offsets in {@code finishing} are. */
        long doneThrough(Collection<Long> finishing) {
            var still = new java.util.TreeSet<>(open);
            still.removeAll(finishing);
            return Math.max(doneThrough, still.isEmpty() ? highestTaken : still.first() - 1);
        }
    }

    private final KafkaConfig config;
    private final RoomRegistry rooms;
    private final HarnessRegistry harnesses;
    private final OpsMonitor monitor;
    private final KafkaEgress egress;
    private final ClusterPlacement placement;
    private final RoomHandoff handoff;
    private final ViewerRecords records;
    private final Map<Integer, List<String>> roomsByPartition = new HashMap<>();
    private final Map<Integer, Part> parts = new HashMap<>();
    private final Map<Integer, Future<Void>> releasing = new HashMap<>();
    private final Set<Future<Void>> taking = new HashSet<>();
    private final Map<String, OwnedRoom> owned = new java.util.concurrent.ConcurrentHashMap<>(); // read by ownedRooms() from any thread
    private KafkaConsumer<String, Buffer> consumer;
    private AutoCloseable consumerMetrics;
    private volatile io.vertx.core.Context context;
    private boolean closing;
    // Read by the readiness probe from any thread: the group has given this node its share, and which of it is not taken over yet.
    private volatile boolean joined;
    private final Set<Integer> notYetOwned = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public KafkaIngress(KafkaConfig config, HttpConfig http, RoomRegistry rooms, HarnessRegistry harnesses, OpsMonitor monitor,
                        KafkaEgress egress, ClusterPlacement placement) {
        this.config = config;
        this.rooms = rooms;
        this.harnesses = harnesses;
        this.monitor = monitor;
        this.egress = egress;
        this.placement = placement;
        this.handoff = new RoomHandoff(config, placement.clusterId(), placement::isMember);
        this.records = new ViewerRecords(http);
        for (String roomId : rooms.roomIds()) {
            roomsByPartition.computeIfAbsent(RoomPartitioner.partition(roomId, config.partitions()), p -> new ArrayList<>()).add(roomId);
        }
    }

    /**
     * A room the control plane added (or changed) while the node runs: it joins its partition's
     * rooms here, and if this node owns that partition, it hosts the room from now on and
     * activates it. Any thread; idempotent.
     */
    public void roomAdded(String roomId) {
        io.vertx.core.Context c = context;
        if (c != null) c.runOnContext(v -> addRoom(roomId));
    }

    private void addRoom(String roomId) {
        if (closing) return;
        int p = RoomPartitioner.partition(roomId, config.partitions());
        List<String> inPartition = roomsByPartition.computeIfAbsent(p, k -> new ArrayList<>());
        if (!inPartition.contains(roomId)) {
            inPartition.add(roomId);
            vertx.eventBus().<MessageOutcome>localConsumer(Addresses.outcome(roomId), m -> outcome(m.body()));
        }
        Part part = parts.get(p);
        if (part == null || part.state != PartState.OWNED || owned.containsKey(roomId)) return; // its partition's take or owner hosts it
        owned.put(roomId, new OwnedRoom(p, null)); // new: no state was ever written for it
        placement.claim(roomId).compose(v -> rooms.activate(roomId)).onFailure(e ->
                LOG.atWarn().addKeyValue("room", roomId).log("a room added at run time could not start here: {}", e.getMessage()));
    }

    @Override
    public Future<?> start() {
        for (String roomId : roomsByPartition.values().stream().flatMap(List::stream).toList()) {
            vertx.eventBus().<MessageOutcome>localConsumer(Addresses.outcome(roomId), m -> outcome(m.body()));
        }
        context = vertx.getOrCreateContext();
        Map<String, String> props = new HashMap<>();
        props.put("bootstrap.servers", config.bootstrapServers());
        props.put("group.id", config.groupId());
        props.put("client.id", "liveharness-" + placement.self());
        props.put("key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        props.put("value.deserializer", "io.vertx.kafka.client.serialization.BufferDeserializer");
        props.put("enable.auto.commit", "false");
        props.put("auto.offset.reset", "earliest");
        // Only the partitions that move are revoked, so a rebalance leaves the other rooms alone.
        props.put("partition.assignment.strategy", "org.apache.kafka.clients.consumer.CooperativeStickyAssignor");
        props.put("max.poll.records", "200");
        props.putAll(config.consumer());
        if (!"false".equals(props.get("enable.auto.commit"))) {
            return Future.failedFuture("kafka.consumer: enable.auto.commit must stay false (offsets are committed after each outcome)");
        }
        consumer = KafkaConsumer.create(vertx, props);
        // records-lag-max and the rest of the client's own figures, for the lag alert (monitoring/)
        consumerMetrics = monitor.metrics().kafkaConsumer(consumer.unwrap());
        consumer.handler(this::record);
        consumer.partitionsAssignedHandler(this::assigned);
        consumer.partitionsRevokedHandler(this::revoked);
        consumer.exceptionHandler(e -> {
            if (!(closing && e instanceof org.apache.kafka.common.errors.WakeupException)) LOG.warn("kafka consumer: {}", e.toString());
        });
        vertx.setPeriodic(config.commitIntervalMs(), id -> commitNow());
        // Rooms the control plane added between this ingress's making and its start.
        for (String roomId : rooms.roomIds()) addRoom(roomId);
        return consumer.subscribe(config.topics().viewerMessages());
    }

    /** Lets every room go (its work finished, its state released) and leaves the group. */
    @Override
    public Future<?> stop() {
        closing = true;
        if (consumer == null) return Future.succeededFuture();
        // A take under way finishes first: the consumer is not closed under its seeks.
        return Future.join(List.copyOf(taking)).transform(taken -> {
            List<Future<Void>> released = new ArrayList<>();
            for (Integer p : List.copyOf(parts.keySet())) released.add(release(p));
            return Future.join(released);
        }).transform(ar -> commitNow()).transform(ar -> {
            try {
                consumerMetrics.close();
            } catch (Exception e) {
                // only its refresh timer: nothing to report
            }
            return consumer.close();
        });
    }

    /**
     * Why this node should not be sent viewers yet: the group has not assigned it its partitions,
     * or it is still taking some over; empty once it hosts every room of its partitions.
     */
    public java.util.Optional<String> partitionsUnmet() {
        if (!joined) return java.util.Optional.of("waiting for the consumer group to assign this node its partitions");
        if (!notYetOwned.isEmpty()) return java.util.Optional.of("taking partitions " + new java.util.TreeSet<>(notYetOwned) + " over");
        return java.util.Optional.empty();
    }

    /** The rooms this node hosts now. */
    public Set<String> ownedRooms() { return Set.copyOf(owned.keySet()); }

    /** Whether this node hosts the room now (any thread). */
    public boolean owns(String roomId) { return owned.containsKey(roomId); }

    // -- messages in

    private void record(KafkaConsumerRecord<String, Buffer> r) {
        Part part = parts.get(r.partition());
        // Not ours (yet, or any more): it is read again from the committed offset where it belongs.
        if (part == null || part.state != PartState.OWNED || closing) return;
        if (part.offsets.seen(r.offset())) return; // handed out twice by the consumer: taken already
        part.offsets.taken(r.offset());
        ViewerRecords.Read read = records.read(r);
        if (read.failed() != null) {
            OwnedRoom of = owned.get(read.failed().roomId());
            if (of != null && of.partition == r.partition() && r.offset() <= of.doneThrough) {
                part.offsets.finished(r.offset()); // its outcome went out before the room moved here
                return;
            }
            poison(r, read.failed(), of != null && of.partition == r.partition() ? of : null);
            return;
        }
        ViewerMessage m = read.message();
        String roomId = m.roomId();
        OwnedRoom room = owned.get(roomId);
        if (room == null && rooms.exists(roomId) && RoomPartitioner.partition(roomId, config.partitions()) == r.partition()) {
            addRoom(roomId); // added by the control plane just now: its message came before the news
            room = owned.get(roomId);
        }
        if (room == null) {
            boolean known = rooms.exists(roomId);
            poison(r, ViewerRecords.failed(roomId, m.messageId(), m.acceptedAtMs(), known ? OutcomeReason.BAD_MESSAGE : OutcomeReason.UNKNOWN_ROOM, known
                    ? "room '" + roomId + "' is not in partition " + r.partition() + " (keyed by another partitioner?)"
                    : "no room '" + roomId + "' in the cluster's rooms").failed(), null);
            return;
        }
        room.highestTaken = Math.max(room.highestTaken, r.offset());
        if (r.offset() <= room.doneThrough || room.finished.contains(m.messageId()) || room.inFlight.containsKey(m.messageId())) {
            part.offsets.finished(r.offset()); // redelivered: its reply and outcome are out, or on their way
            return;
        }
        room.inFlight.put(m.messageId(), r.offset());
        room.open.add(r.offset());
        String drain = monitor.drainReason(roomId);
        if (drain != null) {
            outcome(new MessageOutcome(roomId, m.messageId(), OutcomeKind.DROPPED, OutcomeReason.DRAINING, "the room is draining: " + drain,
                    null, null, 0, null, null, StageTimings.NONE, m.acceptedAtMs(), System.currentTimeMillis(), List.of()));
            return;
        }
        rooms.deliver(roomId, m).onFailure(e -> outcome(new MessageOutcome(roomId, m.messageId(), OutcomeKind.FAILED,
                OutcomeReason.ERROR, "the room could not take the message: " + e.getMessage(), null, null, 0, null, null,
                StageTimings.NONE, m.acceptedAtMs(), System.currentTimeMillis(), List.of())));
    }

    /** A record that cannot become a room's message: one failed outcome, and the partition goes on. */
    private void poison(KafkaConsumerRecord<String, Buffer> r, MessageOutcome failed, OwnedRoom room) {
        int partition = r.partition();
        long offset = r.offset();
        if (room != null) { // the room's doneThrough waits for it
            room.highestTaken = Math.max(room.highestTaken, offset);
            room.open.add(offset);
        }
        produce(() -> egress.outcome(failed), () -> {
            if (room != null) room.open.remove(offset);
            Part part = parts.get(partition);
            if (part != null) part.offsets.finished(offset);
        });
    }

    // -- outcomes out

    private void outcome(MessageOutcome o) {
        OwnedRoom room = owned.get(o.roomId());
        // A message handed back (its room released or moved on): its new owner answers it.
        if (room == null || room.released || !room.inFlight.containsKey(o.messageId())) return;
        room.unflushed.add(o);
        if (!room.flushing) {
            room.flushing = true;
            vertx.runOnContext(v -> flush(o.roomId(), room));
        }
    }

    /**
     * The room's state first (so a redelivery knows these messages are done), then replies and
     * outcomes. Should the broker stay away past the producer's delivery timeout, the batch is
     * tried again, sending only the records the broker did not confirm (a send that timed out
     * may still have landed: that one record may then appear twice, see docs/kafka.md).
     */
    private void flush(String roomId, OwnedRoom room) {
        if (room.released || owned.get(roomId) != room) {
            // Let go meanwhile: its final state is written without this batch, whose messages the next owner answers.
            room.unflushed.clear();
            room.flushing = false;
            return;
        }
        List<MessageOutcome> batch = List.copyOf(room.unflushed);
        room.unflushed.clear();
        List<Long> offsets = batch.stream().map(o -> room.inFlight.get(o.messageId())).filter(Objects::nonNull).toList();
        long doneThrough = room.doneThrough(offsets);
        rooms.snapshot(roomId).compose(snapshot -> {
            List<String> finished = new ArrayList<>(room.finished);
            batch.forEach(o -> finished.add(o.messageId()));
            if (room.released) return Future.failedFuture(new Released());
            return egress.state(state(roomId, room, snapshot, trim(finished), doneThrough, false,
                    batch.stream().map(MessageOutcome::messageId).toList()));
        }).compose(v -> {
            if (room.released) return Future.failedFuture(new Released()); // the final state has gone out without this batch
            List<Future<Void>> sent = new ArrayList<>();
            for (MessageOutcome o : batch) {
                if (o.kind() == OutcomeKind.ANSWERED && room.repliesOut.add(o.messageId())) {
                    sent.add(egress.reply(reply(o)).onFailure(e -> room.repliesOut.remove(o.messageId())));
                }
                if (room.outcomesOut.add(o.messageId())) {
                    sent.add(egress.outcome(o).onFailure(e -> room.outcomesOut.remove(o.messageId())));
                }
            }
            return Future.join(sent);
        }).onComplete(ar -> {
            if (ar.failed() && (room.released || owned.get(roomId) != room)) {
                room.flushing = false; // no retry: the room is gone from here
                return;
            }
            if (ar.failed()) {
                LOG.atWarn().addKeyValue("room", roomId).log("outcomes not out yet, retrying: {}", ar.cause().getMessage());
                room.unflushed.addAll(0, batch);
                vertx.setTimer(RETRY_MS, id -> flush(roomId, room));
                return;
            }
            for (MessageOutcome o : batch) {
                room.finished.add(o.messageId());
                room.repliesOut.remove(o.messageId());
                room.outcomesOut.remove(o.messageId());
                Long offset = room.inFlight.remove(o.messageId());
                if (offset != null) room.open.remove(offset);
                Part part = parts.get(room.partition);
                if (offset != null && part != null) part.offsets.finished(offset);
            }
            room.doneThrough = Math.max(room.doneThrough, doneThrough);
            trimFinished(room);
            if (room.unflushed.isEmpty()) room.flushing = false;
            else flush(roomId, room);
        });
    }

    private static AvatarReply reply(MessageOutcome o) {
        return new AvatarReply(o.roomId(), o.messageId(), o.replyText(), o.intent(), o.confidence(), o.harnessVersion(),
                o.fallbackReply(), o.finishedAtMs());
    }

    /** Why a flush stops: the room was released while it ran. */
    private static final class Released extends RuntimeException {
        Released() { super("released", null, false, false); }
    }

    private RoomState state(String roomId, OwnedRoom room, RoomSnapshot snapshot, List<String> finished, long doneThrough, boolean released,
                            List<String> sending) {
        Pin pin = harnesses.routing().pins().get(roomId);
        return new RoomState(roomId, placement.self(), placement.clusterId(), released, snapshot, finished, pin,
                monitor.drainReason(roomId), System.currentTimeMillis(), room.epoch, room.partition, doneThrough, sending,
                sending.isEmpty() ? doneThrough : room.doneThrough);
    }

    private List<String> trim(List<String> finished) {
        int n = finished.size();
        return n <= config.finishedIdsPerRoom() ? finished : finished.subList(n - config.finishedIdsPerRoom(), n);
    }

    private void trimFinished(OwnedRoom room) {
        var it = room.finished.iterator();
        for (int extra = room.finished.size() - config.finishedIdsPerRoom(); extra > 0 && it.hasNext(); extra--) {
            it.next();
            it.remove();
        }
    }

    /** A record that goes out on its own (no room state), retried until the broker has it. */
    private void produce(java.util.function.Supplier<Future<Void>> send, Runnable done) {
        send.get().onComplete(ar -> {
            if (ar.succeeded()) done.run();
            else vertx.setTimer(RETRY_MS, id -> produce(send, done));
        });
    }

    // -- offsets

    private Future<Void> commitNow() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        Map<Integer, Long> wanted = new HashMap<>();
        parts.forEach((p, part) -> {
            long c = part.offsets.committable();
            if (c >= 0) {
                offsets.put(new TopicPartition(config.topics().viewerMessages(), p), new OffsetAndMetadata(c, ""));
                wanted.put(p, c);
            }
        });
        if (offsets.isEmpty() || consumer == null) return Future.succeededFuture();
        return consumer.commit(offsets).<Void>map(done -> {
            wanted.forEach((p, c) -> {
                Part part = parts.get(p);
                if (part != null) part.offsets.committed(c);
            });
            return null;
        }).recover(e -> Future.succeededFuture()); // the next tick tries again (broker away, rebalance under way)
    }

    // -- ownership

    private Set<Integer> partitions(Set<TopicPartition> tps) {
        Set<Integer> out = new HashSet<>();
        for (TopicPartition tp : tps) if (tp.getTopic().equals(config.topics().viewerMessages())) out.add(tp.getPartition());
        return out;
    }

    private void assigned(Set<TopicPartition> tps) {
        joined = true; // an empty share counts: more nodes than partitions leaves some with none
        Set<Integer> fresh = new HashSet<>();
        for (int p : partitions(tps)) {
            Part part = parts.get(p);
            if (part != null && part.state == PartState.TAKING) part.revokedWhileTaking = false; // ours again before the take is done
            if (part != null && part.state != PartState.RELEASING) continue;
            fresh.add(p);
        }
        if (fresh.isEmpty() || closing) return;
        notYetOwned.addAll(fresh);
        Set<TopicPartition> freshTps = new HashSet<>();
        for (int p : fresh) freshTps.add(new TopicPartition(config.topics().viewerMessages(), p));
        consumer.pause(freshTps);
        List<Future<Void>> before = new ArrayList<>();
        for (int p : fresh) if (releasing.containsKey(p)) before.add(releasing.get(p));
        Future<Void> take = Future.join(before).transform(ignored -> take(fresh));
        taking.add(take);
        take.onComplete(ar -> {
            taking.remove(take);
            if (ar.failed()) {
                LOG.warn("could not take partitions {} over: {}; retrying", fresh, ar.cause().getMessage());
                vertx.setTimer(RETRY_MS, id -> consumer.assignment().onSuccess(now -> {
                    Set<TopicPartition> still = new HashSet<>(freshTps);
                    still.retainAll(now); // only those still assigned to this node
                    if (!closing) assigned(still);
                }));
            }
        });
    }

    private Future<Void> take(Set<Integer> fresh) {
        for (int p : fresh) parts.put(p, new Part());
        return vertx.executeBlocking(() -> handoff.take(fresh), false).compose(taken -> {
            List<Future<Void>> restored = new ArrayList<>();
            for (int p : fresh) {
                for (String roomId : roomsByPartition.getOrDefault(p, List.of())) restored.add(takeRoom(roomId, p, taken.states().get(roomId)));
            }
            return Future.all(restored).map(v -> taken.committed());
        }).compose(committed -> {
            // Back to the committed offset: records fetched while the rooms were being taken over were set aside.
            List<Future<Void>> sought = new ArrayList<>();
            for (int p : fresh) {
                TopicPartition tp = new TopicPartition(config.topics().viewerMessages(), p);
                Long offset = committed.get(p);
                sought.add(offset == null ? consumer.seekToBeginning(tp) : consumer.seek(tp, offset));
            }
            return Future.all(sought);
        }).compose(v -> {
            Set<TopicPartition> tps = new HashSet<>();
            for (int p : fresh) {
                Part part = parts.get(p);
                if (part == null) continue;
                part.state = PartState.OWNED;
                notYetOwned.remove(p);
                if (part.revokedWhileTaking) release(p); // gone again before it was ours: let it go at once
                else tps.add(new TopicPartition(config.topics().viewerMessages(), p));
            }
            return consumer.resume(tps);
        }).onFailure(e -> {
            for (int p : fresh) parts.remove(p);
        });
    }

    private Future<Void> takeRoom(String roomId, int partition, RoomState state) {
        Future<Void> restored = state == null || state.snapshot() == null ? Future.succeededFuture()
                : rooms.restore(state.snapshot()).recover(e -> {
                    LOG.atWarn().addKeyValue("room", roomId).log("the room keeps its live state: {}", e.getMessage());
                    return Future.succeededFuture();
                });
        // Its harness pin is not taken from the state: every node has it from the control plane.
        return restored.compose(v -> {
            if (state != null) {
                if (state.drainReason() != null) monitor.drain(roomId, state.drainReason()); else monitor.resume(roomId);
            }
            owned.put(roomId, new OwnedRoom(partition, state));
            return placement.claim(roomId);
        });
    }

    private void revoked(Set<TopicPartition> tps) {
        notYetOwned.removeAll(partitions(tps));
        for (int p : partitions(tps)) release(p);
    }

    /**
     * Stops taking the partition's messages, waits (bounded) for its rooms to finish what they
     * hold, commits, writes each room's final state as released and passivates it.
     */
    private Future<Void> release(int p) {
        Part part = parts.get(p);
        if (part == null) return Future.succeededFuture();
        if (part.state == PartState.RELEASING) return releasing.getOrDefault(p, Future.succeededFuture());
        if (part.state == PartState.TAKING) {
            part.revokedWhileTaking = true;
            return Future.succeededFuture();
        }
        part.state = PartState.RELEASING;
        List<String> roomIds = roomsByPartition.getOrDefault(p, List.of()).stream().filter(owned::containsKey).toList();
        long until = System.currentTimeMillis() + config.handoffTimeoutMs() / 2;
        Promise<Void> drained = Promise.promise();
        awaitIdle(roomIds, until, drained);
        Future<Void> done = drained.future().compose(v -> commitNow()).compose(v -> {
            List<Future<Void>> each = new ArrayList<>();
            for (String roomId : roomIds) each.add(releaseRoom(roomId, until));
            return Future.join(each).<Void>mapEmpty();
        }).transform(ar -> {
            if (ar.failed()) LOG.warn("releasing partition {}: {}", p, ar.cause().getMessage());
            if (parts.get(p) == part) parts.remove(p);
            releasing.remove(p);
            return Future.<Void>succeededFuture();
        });
        releasing.put(p, done);
        return done;
    }

    private void awaitIdle(Collection<String> roomIds, long until, Promise<Void> drained) {
        boolean idle = roomIds.stream().map(owned::get).allMatch(r -> r == null || (r.inFlight.isEmpty() && !r.flushing));
        if (idle || System.currentTimeMillis() > until) drained.complete();
        else vertx.setTimer(20, id -> awaitIdle(roomIds, until, drained));
    }

    private Future<Void> releaseRoom(String roomId, long until) {
        OwnedRoom room = owned.get(roomId);
        room.released = true; // from here no flush of it starts sending: its final state is the one below
        // A flush already sending outcomes is let end first, so that its messages are among the final
        // state's finished ones: written without them, the next owner would answer them a second time.
        return flushEnded(room).compose(v -> passivate(roomId, until)).compose(v -> rooms.snapshot(roomId))
                .compose(snapshot -> egress.state(state(roomId, room, snapshot, List.copyOf(room.finished), room.doneThrough(List.of()), true, List.of())))
                .compose(v -> {
                    owned.remove(roomId);
                    monitor.resume(roomId); // the room's drain travels with its state
                    return placement.release(roomId);
                });
    }

    /** Completes once the room has no flush under way (a released room's ends within the producer's delivery timeout). */
    private Future<Void> flushEnded(OwnedRoom room) {
        if (!room.flushing) return Future.succeededFuture();
        Promise<Void> later = Promise.promise();
        vertx.setTimer(20, id -> flushEnded(room).onComplete(later));
        return later.future();
    }

    /** Passivates the room, asking again while it still answers, up to {@code until}. */
    private Future<Void> passivate(String roomId, long until) {
        return rooms.passivate(roomId).compose(done -> {
            if (done || System.currentTimeMillis() > until) return Future.<Void>succeededFuture();
            Promise<Void> later = Promise.promise();
            vertx.setTimer(50, id -> passivate(roomId, until).onComplete(later));
            return later.future();
        });
    }
}
