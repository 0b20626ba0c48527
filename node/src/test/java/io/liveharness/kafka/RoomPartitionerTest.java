package io.liveharness.kafka;

import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A room's partition is the one Kafka's own producer picks for the room id as key. */
class RoomPartitionerTest {

    @Test
    void aRoomLandsWhereTheDefaultPartitionerPutsItsKey() {
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            String roomId = "room-" + i;
            for (int partitions : new int[] {1, 6, 12, 64}) {
                int expected = BuiltInPartitioner.partitionForKey(roomId.getBytes(StandardCharsets.UTF_8), partitions);
                assertEquals(expected, RoomPartitioner.partition(roomId, partitions), roomId + " over " + partitions);
            }
            used.add(RoomPartitioner.partition(roomId, 12));
        }
        assertEquals(12, used.size(), "rooms spread over every partition");
        assertTrue(RoomPartitioner.partition("直播间-一", 12) >= 0, "non-ASCII ids are keyed by their UTF-8 bytes");
    }
}
