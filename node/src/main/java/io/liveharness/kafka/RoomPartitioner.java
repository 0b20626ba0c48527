package io.liveharness.kafka;

import org.apache.kafka.common.utils.Utils;

import java.nio.charset.StandardCharsets;

/**
 * The partition of a room: the Kafka default partitioner's murmur2 of the room id, the key of every
 * record about the room, so the node that reads a room's messages also reads its state.
 */
public final class RoomPartitioner {
    public static int partition(String roomId, int partitions) {
        return Utils.toPositive(Utils.murmur2(roomId.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    private RoomPartitioner() { }
}
