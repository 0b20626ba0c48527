package io.liveharness.control;

import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomManifest;

/**
 * The control plane of a single node: each change is checked and applied to the node's own store
 * ({@code harness.stateDir}) and rooms, one at a time.
 */
public final class LocalControlPlane implements ControlPlane {
    private final ControlApplier applier;

    public LocalControlPlane(ControlApplier applier) { this.applier = applier; }

    private synchronized Harness change(ControlChange c) {
        applier.check(c);
        return applier.apply(c);
    }

    @Override public Harness publish(HarnessFiles files, String channel) { return change(new ControlChange.Publish(files, channel)); }

    @Override public void setChannel(String channel, String version) { change(new ControlChange.ChannelMove(channel, version)); }

    @Override public void pin(String roomId, Pin pin) { change(new ControlChange.PinChange(roomId, pin)); }

    @Override public void unpin(String roomId) { change(new ControlChange.PinChange(roomId, null)); }

    @Override public void startExperiment(Experiment experiment) { change(new ControlChange.ExperimentStart(experiment)); }

    @Override public void stopExperiment(String name) { change(new ControlChange.ExperimentStop(name)); }

    @Override public void putRoom(RoomManifest manifest) { change(new ControlChange.RoomPut(manifest)); }

    @Override public void retireRoom(String roomId) { change(new ControlChange.RoomRetire(roomId)); }

    @Override public boolean caughtUp() { return true; }
}
