package io.liveharness.eval.run;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.harness.Harness;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomSnapshot;
import io.liveharness.router.Classification;

/**
 * Told what a case is about just before the rig runs it through the pipeline: for a backend that
 * plays a scripted part (the training expert), which needs to know the case the way a person
 * writing the reply would. A model under evaluation never sees this.
 */
public interface CaseObserver {
    CaseObserver NONE = (c, harness, room, state, routed) -> { };

    void starting(DevCase c, Harness harness, RoomManifest room, RoomSnapshot state, Classification routed);
}
