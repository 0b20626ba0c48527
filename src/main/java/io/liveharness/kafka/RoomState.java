package io.liveharness.kafka;

import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomSnapshot;

import java.util.List;

/**
 * One record of the {@code room-state} changelog (compacted, key = room id): what a room needs to
 * carry on on another node.
 *
 * @param owner          the node that wrote it ({@code kafka.nodeId})
 * @param ownerClusterId that node's id in the cluster manager, to tell whether it is still there
 * @param released       true when the owner has let the room go (its work finished, its state
 *                       final); a node taking over a room still held by a live owner waits for it
 * @param finished       the ids of the room's most recently finished messages, newest last: a
 *                       redelivered message among them already has its reply and outcome
 * @param pin            the harness pin of the room, or null
 * @param drainReason    why the room takes no new messages, or null
 */
public record RoomState(String roomId, String owner, String ownerClusterId, boolean released, RoomSnapshot snapshot,
                        List<String> finished, Pin pin, String drainReason, long atMs) {
    public RoomState {
        finished = finished == null ? List.of() : List.copyOf(finished);
    }
}
