package io.liveharness.room;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.RoomCommand;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Knows every room of the node and whether it is deployed, and is the one way in to a room:
 * {@link #deliver} activates a passivated room before handing it the message, so nothing sent to
 * a room is lost while it comes and goes. All slot state changes on the registry's own context.
 */
public final class RoomRegistry {

    /** Builds the verticle for a room from its manifest and remembered state. */
    @FunctionalInterface
    public interface RoomFactory {
        RoomVerticle create(RoomManifest manifest, RoomSnapshot snapshot, java.util.function.Consumer<RoomSnapshot> onPassivate);
    }

    public enum State { PASSIVE, ACTIVATING, ACTIVE, PASSIVATING }

    /** A room as the operator API shows it. */
    public record RoomInfo(String roomId, String title, State state, int passivations) { }

    private record Pending(Object body, Promise<Void> accepted) { }

    private static final class Slot {
        // Replaced by an update from the platform; a live room takes it at its next activation.
        volatile RoomManifest manifest;
        /** Retired by the platform: it takes no more messages, each gets a room_retired outcome. */
        volatile boolean retired;
        // Written on the registry's context, read from any thread (operator API, tests).
        volatile State state = State.PASSIVE;
        String deploymentId;
        volatile RoomSnapshot snapshot;
        volatile int passivations;
        final Deque<Pending> waiting = new ArrayDeque<>();

        Slot(RoomManifest manifest) {
            this.manifest = manifest;
            this.snapshot = RoomSnapshot.fresh(manifest);
        }
    }

    private final Vertx vertx;
    private final Context context;
    private final RoomFactory factory;
    private final Map<String, Slot> slots = new ConcurrentHashMap<>();

    public RoomRegistry(Vertx vertx, RoomFactory factory) {
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.factory = factory;
    }

    public boolean exists(String roomId) { return slots.containsKey(roomId); }

    /** Whether the platform retired the room: it is known, and answers each message with room_retired. */
    public boolean retired(String roomId) {
        Slot slot = slots.get(roomId);
        return slot != null && slot.retired;
    }

    public java.util.Optional<RoomManifest> manifest(String roomId) {
        return java.util.Optional.ofNullable(slots.get(roomId)).map(s -> s.manifest);
    }

    public Collection<String> roomIds() { return List.copyOf(slots.keySet()); }

    public List<RoomInfo> rooms() {
        return slots.values().stream()
                .map(s -> new RoomInfo(s.manifest.id(), s.manifest.title(), s.state, s.passivations))
                .sorted(java.util.Comparator.comparing(RoomInfo::roomId))
                .toList();
    }

    /** The state a passivated room left behind; empty while the room is live (its state is in the verticle). */
    public java.util.Optional<RoomSnapshot> storedSnapshot(String roomId) {
        Slot slot = slots.get(roomId);
        return slot == null || slot.state != State.PASSIVE ? java.util.Optional.empty() : java.util.Optional.of(slot.snapshot);
    }

    public long activeCount() { return slots.values().stream().filter(s -> s.state == State.ACTIVE).count(); }

    /** Adds rooms and deploys them; completes when all are live. */
    public Future<Void> add(List<RoomManifest> manifests) { return add(manifests, true); }

    /**
     * Adds rooms, deploying them now when {@code deploy}, else on their first message (a node that
     * shares its rooms with others over Kafka hosts only those of its partitions).
     */
    public Future<Void> add(List<RoomManifest> manifests, boolean deploy) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            List<Future<Void>> started = new ArrayList<>();
            for (RoomManifest m : manifests) {
                if (slots.containsKey(m.id())) {
                    started.add(Future.failedFuture("room '" + m.id() + "' exists already"));
                    continue;
                }
                Slot slot = new Slot(m);
                slots.put(m.id(), slot);
                if (deploy) started.add(activate(slot));
            }
            Future.all(started).<Void>mapEmpty().onComplete(done);
        });
        return done.future();
    }

    /**
     * Adds a room, or gives a known one its new manifest (a retired one comes back): a live room
     * is asked to passivate, so that its next activation runs the new manifest with the state it
     * had. Not deployed here: {@link #activate} or the first message does that.
     */
    public Future<Void> put(RoomManifest manifest) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(manifest.id());
            if (slot == null) {
                slots.put(manifest.id(), new Slot(manifest));
            } else {
                slot.manifest = manifest;
                slot.retired = false;
                if (slot.state == State.ACTIVE) vertx.eventBus().request(Addresses.room(manifest.id()), RoomCommand.PASSIVATE);
            }
            done.complete();
        });
        return done.future();
    }

    /** Deploys the room now if it is not live (a room this node hosts, added at run time). */
    public Future<Void> activate(String roomId) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(roomId);
            if (slot == null) done.fail(new UnknownRoomException(roomId));
            else if (slot.retired || slot.state != State.PASSIVE) done.complete();
            else activate(slot).onComplete(done);
        });
        return done.future();
    }

    /**
     * Retires a room: from now on every viewer message for it ends {@code dropped}, reason
     * {@code room_retired}; what it queued before is still answered, and it passivates once idle.
     */
    public Future<Void> retire(String roomId) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(roomId);
            if (slot == null) {
                done.fail(new UnknownRoomException(roomId));
                return;
            }
            slot.retired = true;
            if (slot.state == State.ACTIVE) vertx.eventBus().request(Addresses.room(roomId), RoomCommand.PASSIVATE);
            done.complete();
        });
        return done.future();
    }

    /**
     * Hands a {@code ViewerMessage} or {@code RoomStateUpdate} to its room, activating the room if
     * needed. Completes once the room has taken it into its queue or state.
     */
    public Future<Void> deliver(String roomId, Object body) {
        Promise<Void> accepted = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(roomId);
            if (slot == null) {
                accepted.fail(new UnknownRoomException(roomId));
                return;
            }
            if (slot.retired) {
                retiredAnswer(roomId, body, accepted);
                return;
            }
            route(slot, new Pending(body, accepted));
        });
        return accepted.future();
    }

    /**
     * Passivates an idle room now. Completes with true once the room has handed over its state
     * (or was not deployed), false when it still has messages to answer.
     */
    public Future<Boolean> passivate(String roomId) {
        Promise<Boolean> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(roomId);
            if (slot == null) {
                done.fail(new UnknownRoomException(roomId));
            } else if (slot.state != State.ACTIVE) {
                done.complete(true);
            } else {
                vertx.eventBus().request(Addresses.room(roomId), RoomCommand.PASSIVATE)
                        .map(reply -> RoomVerticle.PASSIVATING.equals(reply.body()))
                        .onComplete(done);
            }
        });
        return done.future();
    }

    /**
     * Replaces the remembered state of a passivated room (state restored from elsewhere, e.g. the
     * room-state changelog); the room starts from it on its next activation. Fails for a live room.
     */
    public Future<Void> restore(RoomSnapshot snapshot) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(snapshot.roomId());
            if (slot == null) done.fail(new UnknownRoomException(snapshot.roomId()));
            else if (slot.state != State.PASSIVE) done.fail(new IllegalStateException("room '" + snapshot.roomId() + "' is live; passivate it first"));
            else {
                slot.snapshot = snapshot;
                done.complete();
            }
        });
        return done.future();
    }

    /** The room's state now: asked of the live room, else the state it left behind. */
    public Future<RoomSnapshot> snapshot(String roomId) {
        Promise<RoomSnapshot> done = Promise.promise();
        context.runOnContext(v -> {
            Slot slot = slots.get(roomId);
            if (slot == null) done.fail(new UnknownRoomException(roomId));
            else if (slot.state == State.PASSIVE) done.complete(slot.snapshot);
            else if (slot.state == State.ACTIVE) {
                vertx.eventBus().<Object>request(Addresses.room(roomId), RoomCommand.SNAPSHOT).onComplete(ar -> {
                    if (ar.succeeded() && ar.result().body() instanceof RoomSnapshot s) done.complete(s);
                    else if (ar.succeeded() || isNoHandler(ar.cause())) done.complete(slot.snapshot); // on its way out
                    else done.fail(ar.cause());
                });
            } else done.complete(slot.snapshot); // between lives: the last handed-over state is the newest
        });
        return done.future();
    }

    /** A message for a retired room ends here, with its reason, on the room's outcome address like any other. */
    private void retiredAnswer(String roomId, Object body, Promise<Void> accepted) {
        if (!(body instanceof ViewerMessage m)) {
            accepted.fail(new RoomRetiredException(roomId));
            return;
        }
        vertx.eventBus().publish(Addresses.outcome(roomId), new MessageOutcome(roomId, m.messageId(), OutcomeKind.DROPPED,
                OutcomeReason.ROOM_RETIRED, "room '" + roomId + "' was retired by the platform", null, null, 0, null, null,
                StageTimings.NONE, m.acceptedAtMs(), System.currentTimeMillis(), List.of()));
        accepted.complete();
    }

    private void route(Slot slot, Pending p) {
        switch (slot.state) {
            case ACTIVE -> send(slot, p);
            case PASSIVE -> {
                slot.waiting.add(p);
                activate(slot);
            }
            case ACTIVATING, PASSIVATING -> slot.waiting.add(p);
        }
    }

    private void send(Slot slot, Pending p) {
        vertx.eventBus().request(Addresses.room(slot.manifest.id()), p.body()).onComplete(ar -> {
            if (ar.succeeded() && RoomVerticle.ACCEPTED.equals(ar.result().body())) {
                p.accepted().complete();
            } else if (ar.succeeded() || isNoHandler(ar.cause())) {
                // The room is on its way out: keep the message for the room's next life.
                slot.waiting.add(p);
                if (slot.state == State.PASSIVE) activate(slot);
            } else {
                p.accepted().fail(ar.cause());
            }
        });
    }

    private static boolean isNoHandler(Throwable t) {
        return t instanceof ReplyException r && r.failureType() == ReplyFailure.NO_HANDLERS;
    }

    private Future<Void> activate(Slot slot) {
        slot.state = State.ACTIVATING;
        RoomVerticle room = factory.create(slot.manifest, slot.snapshot, snapshot -> passivated(slot, snapshot));
        return vertx.deployVerticle(room).<Void>map(id -> {
            slot.deploymentId = id;
            slot.state = State.ACTIVE;
            flush(slot);
            return null;
        }).onFailure(e -> {
            slot.state = State.PASSIVE;
            while (!slot.waiting.isEmpty()) {
                slot.waiting.poll().accepted().fail(new IllegalStateException(
                        "room '" + slot.manifest.id() + "' could not start: " + e.getMessage(), e));
            }
        });
    }

    /** Called by a room (on its own context) once it has stopped taking messages. */
    private void passivated(Slot slot, RoomSnapshot snapshot) {
        context.runOnContext(v -> {
            slot.snapshot = snapshot;
            slot.state = State.PASSIVATING;
            vertx.undeploy(slot.deploymentId).onComplete(ar -> {
                slot.deploymentId = null;
                slot.state = State.PASSIVE;
                slot.passivations++;
                if (!slot.waiting.isEmpty()) activate(slot);
            });
        });
    }

    private void flush(Slot slot) {
        while (!slot.waiting.isEmpty() && slot.state == State.ACTIVE) send(slot, slot.waiting.poll());
    }

    /** A state push for a room the platform retired. */
    public static final class RoomRetiredException extends RuntimeException {
        public RoomRetiredException(String roomId) { super("room '" + roomId + "' was retired by the platform"); }
    }

    /** A message for a room this node does not have. */
    public static final class UnknownRoomException extends RuntimeException {
        public UnknownRoomException(String roomId) { super("no room '" + roomId + "' on this node"); }
    }
}
