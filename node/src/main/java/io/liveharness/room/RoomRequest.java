package io.liveharness.room;

import io.liveharness.api.ViewerMessage;
import io.liveharness.harness.Harness;
import io.liveharness.router.Classification;

/**
 * Everything one request starts with, fixed when it starts: a harness published mid-request does
 * not change it.
 *
 * @param deadlineMs wall-clock time by which the room must speak (accepted time + reply deadline)
 */
public record RoomRequest(ViewerMessage message, Classification classification, RoomManifest room,
                          RoomSnapshot state, Harness harness, long deadlineMs) {
}
