package io.liveharness.control;

import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomManifest;

/** One change of the control plane, as it is checked and applied; each is applied whole or not at all. */
public sealed interface ControlChange {
    /** A version's files; {@code channel}, when not null, moves to it in the same change. */
    record Publish(HarnessFiles files, String channel) implements ControlChange { }

    record ChannelMove(String channel, String version) implements ControlChange { }

    /** {@code pin} null: the room's operator pin goes. */
    record PinChange(String roomId, Pin pin) implements ControlChange { }

    record ExperimentStart(Experiment experiment) implements ControlChange { }

    record ExperimentStop(String name) implements ControlChange { }

    record RoomPut(RoomManifest manifest) implements ControlChange { }

    record RoomRetire(String roomId) implements ControlChange { }
}
