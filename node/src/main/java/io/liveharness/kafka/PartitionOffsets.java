package io.liveharness.kafka;

import java.util.TreeSet;

/**
 * The offsets of one partition that a node has taken but not finished. Messages of different
 * rooms finish out of order; the offset that may be committed is the lowest one still open (or
 * the one after the last taken), so a crash redelivers every message without an outcome yet.
 * Not thread-safe: used on the ingress's context.
 */
final class PartitionOffsets {
    private final TreeSet<Long> open = new TreeSet<>();
    private final TreeSet<Long> done = new TreeSet<>(); // finished since the last commit
    private long next = -1;       // one past the highest offset taken
    private long committed = -1;  // the last offset committed

    void taken(long offset) {
        open.add(offset);
        next = Math.max(next, offset + 1);
    }

    void finished(long offset) {
        if (open.remove(offset)) done.add(offset);
    }

    /**
     * Whether the record at {@code offset} was taken already while this node holds the partition:
     * the consumer can hand out a record twice (fetched before the seek of a take-over, then again
     * from the sought offset), and a record with no room (a poison one) has no other way to be
     * recognised.
     */
    boolean seen(long offset) { return open.contains(offset) || done.contains(offset); }

    boolean idle() { return open.isEmpty(); }

    int openCount() { return open.size(); }

    /** The offset to commit now, or -1 when nothing new may be committed. */
    long committable() {
        long c = open.isEmpty() ? next : open.first();
        return c > committed ? c : -1;
    }

    void committed(long offset) {
        committed = Math.max(committed, offset);
        done.headSet(committed).clear(); // below the commit nothing is read again while this node holds the partition
    }
}
