package io.liveharness.room;

import io.liveharness.node.Node;
import io.liveharness.bench.rooms.RoomsBenchmark;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One JVM holds thousands of rooms, each a verticle of its own, and every one answers. */
class ThousandsOfRoomsTest {

    @Test
    void twoThousandRoomVerticlesEachAnswerOneMessage() throws Exception {
        try (Node node = TestNodes.start()) {
            RoomsBenchmark.Result r = new RoomsBenchmark(node).run(2_000, System.out);
            assertEquals(2_000, r.answered(), "every room answered its message");
            assertEquals(2_003, node.rooms().roomIds().size());
            // A room is its queue, context window and a consumer: it must stay far below a
            // megabyte, or thousands of rooms would not fit a node.
            assertTrue(r.idleKbPerRoom() < 256, "an idle room costs " + r.idleKbPerRoom() + " KB of heap");
        }
    }
}
