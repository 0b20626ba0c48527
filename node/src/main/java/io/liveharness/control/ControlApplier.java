package io.liveharness.control;

import io.liveharness.control.ControlChange.ChannelMove;
import io.liveharness.control.ControlChange.ExperimentStart;
import io.liveharness.control.ControlChange.ExperimentStop;
import io.liveharness.control.ControlChange.PinChange;
import io.liveharness.control.ControlChange.Publish;
import io.liveharness.control.ControlChange.RoomPut;
import io.liveharness.control.ControlChange.RoomRetire;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.room.RoomManifests;
import io.liveharness.room.RoomRegistry;
import io.liveharness.tools.Catalog;
import io.vertx.core.Future;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Checks a change against this node's store and rooms, and applies it to them: the harness
 * registry (versions, channels, pins, experiments) and the room registry. The single node and
 * every node of a cluster run the same checks in the same order, so a change one node accepts,
 * each applies alike. Blocking: it waits for the registries.
 */
public final class ControlApplier {
    private static final long WAIT_S = 30;

    private final HarnessRegistry harnesses;
    private final RoomRegistry rooms;
    private final Catalog catalog;
    /** After each applied change: versions newly in use get their hooks and MCP servers before a room needs them. */
    private final Runnable afterChange;
    /** Told of each room put here, to host it (a single node) or hand it to its partition's owner (Kafka). */
    private volatile Consumer<String> roomHost = id -> { };

    public ControlApplier(HarnessRegistry harnesses, RoomRegistry rooms, Catalog catalog, Runnable afterChange) {
        this.harnesses = harnesses;
        this.rooms = rooms;
        this.catalog = catalog;
        this.afterChange = afterChange;
    }

    public void hostRoomsWith(Consumer<String> host) { this.roomHost = host; }

    public HarnessRegistry harnesses() { return harnesses; }

    /** Refuses the change with what is wrong (IllegalArgumentException, HarnessException); changes nothing. */
    public void check(ControlChange change) {
        switch (change) {
            case Publish p -> {
                harnesses.check(p.files());
                if (p.channel() != null) HarnessRegistry.checkChannelName(p.channel());
            }
            case ChannelMove m -> harnesses.checkChannel(m.channel(), m.version());
            case PinChange p -> {
                requireRoom(p.roomId());
                if (p.pin() != null) harnesses.checkPin(p.pin());
            }
            case ExperimentStart e -> harnesses.checkExperiment(e.experiment());
            case ExperimentStop s -> {
                if (harnesses.routing().experiments().stream().noneMatch(e -> e.name().equals(s.name()))) {
                    throw new IllegalArgumentException("no experiment '" + s.name() + "' runs; running: "
                            + harnesses.routing().experiments().stream().map(e -> e.name()).toList());
                }
            }
            case RoomPut r -> {
                String id = r.manifest().id();
                List<String> problems = RoomManifests.check("room '" + id + "'", r.manifest(), catalog,
                        v -> harnesses.version(v).isPresent() || harnesses.quarantined().containsKey(v));
                if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
            }
            case RoomRetire r -> requireRoom(r.roomId());
        }
    }

    /** Applies a change {@link #check} accepted; a publish returns its version, the rest null. */
    public Harness apply(ControlChange change) {
        Harness published = null;
        switch (change) {
            case Publish p -> {
                published = harnesses.publish(p.files());
                if (p.channel() != null) harnesses.setChannel(p.channel(), published.version());
            }
            case ChannelMove m -> harnesses.setChannel(m.channel(), m.version());
            case PinChange p -> {
                if (p.pin() == null) harnesses.unpin(p.roomId()); else harnesses.pin(p.roomId(), p.pin());
            }
            case ExperimentStart e -> harnesses.startExperiment(e.experiment());
            case ExperimentStop s -> harnesses.stopExperiment(s.name());
            case RoomPut r -> {
                await(rooms.put(r.manifest()));
                roomHost.accept(r.manifest().id());
            }
            case RoomRetire r -> await(rooms.retire(r.roomId()));
        }
        afterChange.run();
        return published;
    }

    private void requireRoom(String roomId) {
        if (!rooms.exists(roomId)) throw new IllegalArgumentException("no room '" + roomId + "'; rooms: " + rooms.roomIds().stream().sorted().toList());
    }

    static <T> T await(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while applying a control-plane change", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the rooms did not take a control-plane change within " + WAIT_S + " s", e);
        }
    }
}
