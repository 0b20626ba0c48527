package io.liveharness.kafka;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committable offset never passes a message whose outcome is not out, whatever order they finish in. */
class PartitionOffsetsTest {

    @Test
    void theCommitStopsAtTheOldestUnfinishedMessage() {
        PartitionOffsets p = new PartitionOffsets();
        assertEquals(-1, p.committable(), "nothing taken, nothing to commit");
        p.taken(10);
        p.taken(11);
        p.taken(12);
        assertEquals(10, p.committable(), "10 is open: a crash must redeliver it");
        p.finished(11);
        p.finished(12);
        assertEquals(10, p.committable(), "later ones finishing first do not move the commit past 10");
        p.committed(10);
        assertEquals(-1, p.committable(), "already committed");
        p.finished(10);
        assertEquals(13, p.committable(), "all finished: commit past the last one taken");
        p.committed(13);
        p.taken(13);
        assertEquals(-1, p.committable());
        p.finished(13);
        assertEquals(14, p.committable());
    }

    @Test
    void aRecordHandedOutTwiceIsRecognisedUntilItsOffsetIsCommitted() {
        PartitionOffsets p = new PartitionOffsets();
        p.taken(5);
        p.taken(6);
        assertTrue(p.seen(5), "open: taken already");
        p.finished(5);
        assertTrue(p.seen(5), "finished but not committed: a second copy (fetched before a seek) is skipped");
        assertFalse(p.seen(7), "never taken");
        p.committed(6);
        assertFalse(p.seen(5), "below the commit: forgotten, it is not read again while the partition stays here");
        assertTrue(p.seen(6), "still open");
    }
}
