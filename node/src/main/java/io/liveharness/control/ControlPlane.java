package io.liveharness.control;

import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomManifest;

/**
 * The one way to change what the rooms of a node, or of a cluster, run: harness versions,
 * channels, pins, experiments and the rooms themselves. Each change is checked first and refused
 * whole ({@code IllegalArgumentException} or {@code HarnessException} naming what is wrong),
 * else applied whole; a method returns once the change serves on the node it was asked of.
 * Blocking: call it off the event loop.
 *
 * <p>A single node keeps it in its local store ({@link LocalControlPlane}); a node of a Kafka
 * cluster writes it to the control-plane topic, which every node applies in offset order
 * ({@code kafka.KafkaControlPlane}).
 */
public interface ControlPlane {
    /** Stores a version (the same content is the same version) and, when {@code channel} is not null, points the channel at it. */
    Harness publish(HarnessFiles files, String channel);

    void setChannel(String channel, String version);

    void pin(String roomId, Pin pin);

    void unpin(String roomId);

    void startExperiment(Experiment experiment);

    void stopExperiment(String name);

    /** Adds a room, or gives a known one (a retired one too) a new manifest; its partition's owner hosts it. */
    void putRoom(RoomManifest manifest);

    /** Retires a room: every later message for it ends {@code dropped}, reason {@code room_retired}. */
    void retireRoom(String roomId);

    /**
     * Whether this node has applied every change made before it started reading (or before it
     * came back from being cut off): the control plane's part of a node's readiness. A single
     * node's store is always caught up.
     */
    boolean caughtUp();
}
