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
 * @param epoch          the owner's epoch: one more than the state it took the room over from. A
 *                       record of a lower epoch than one already read is a stale owner's late write
 *                       (a flush retried after the room moved) and is ignored; absent (older
 *                       records): 0
 * @param partition      the {@code viewer-messages} partition {@code doneThrough} counts in
 *                       (absent: -1, and {@code doneThrough} means nothing)
 * @param doneThrough    every message of the room at or below this offset of {@code partition} has
 *                       its outcome out (or on its way in this very batch): a redelivered record at
 *                       or below it is skipped, however many messages the room finished since;
 *                       -1: none yet
 * @param sending        the ids among {@code finished} whose replies and outcomes this record's
 *                       writer sends right after it: an owner killed in between leaves them
 *                       finished with no outcome, so a node taking over checks them in
 *                       {@code message-outcomes} ({@link OutcomeLog}); absent: none
 * @param doneThroughBefore {@code doneThrough} without the messages in {@code sending}; absent: {@code doneThrough}
 */
public record RoomState(String roomId, String owner, String ownerClusterId, boolean released, RoomSnapshot snapshot,
                        List<String> finished, Pin pin, String drainReason, long atMs, Long epoch, Integer partition,
                        Long doneThrough, List<String> sending, Long doneThroughBefore) {
    public RoomState {
        finished = finished == null ? List.of() : List.copyOf(finished);
        epoch = epoch == null ? 0L : epoch;
        partition = partition == null ? -1 : partition;
        doneThrough = doneThrough == null ? -1L : doneThrough;
        sending = sending == null ? List.of() : List.copyOf(sending);
        doneThroughBefore = doneThroughBefore == null ? doneThrough : doneThroughBefore;
    }

    /** This state as if the messages in {@code lost} had never finished: they are answered again. */
    RoomState without(java.util.Collection<String> lost) {
        List<String> kept = finished.stream().filter(id -> !lost.contains(id)).toList();
        return new RoomState(roomId, owner, ownerClusterId, released, snapshot, kept, pin, drainReason, atMs, epoch, partition,
                doneThroughBefore, List.of(), doneThroughBefore);
    }
}
