package io.liveharness.ingress;

import io.liveharness.api.MessageOutcome;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every message this node has accepted, pending or with its outcome: the source of
 * {@code GET /v1/rooms/{roomId}/messages/{id}} and of duplicate detection, so a retried POST never
 * produces a second reply. A message id is its room's own: the same id in another room is another
 * message, so no viewer can claim or read another room's message by its id. Bounded: past the
 * capacity the oldest finished entries are forgotten first.
 */
public final class MessageLedger {
    public static final int DEFAULT_CAPACITY = 200_000;

    /** One accepted message; outcome is null while it is pending. */
    public record Entry(String roomId, String messageId, long acceptedAtMs, MessageOutcome outcome) { }

    private final int capacity;
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();
    // Kept as entries change, so that /health reads them without the lock or a scan of 200,000 entries.
    private volatile long pending;
    private volatile long size;

    public MessageLedger(int capacity) { this.capacity = capacity; }

    /** Records a new message; false when the id was seen before (a duplicate). */
    public synchronized boolean accept(String roomId, String messageId, long acceptedAtMs) {
        String key = key(roomId, messageId);
        if (entries.containsKey(key)) return false;
        entries.put(key, new Entry(roomId, messageId, acceptedAtMs, null));
        pending++;
        if (entries.size() > capacity) evictOne();
        size = entries.size();
        return true;
    }

    /** Forgets a message that was never handed to its room, so its sender may retry it. */
    public synchronized void retract(String roomId, String messageId) {
        Entry e = entries.get(key(roomId, messageId));
        if (e != null && e.outcome() == null) {
            entries.remove(key(roomId, messageId));
            pending--;
            size = entries.size();
        }
    }

    /** Records an outcome; a second outcome for the same message is a bug and is refused. */
    public synchronized boolean complete(MessageOutcome outcome) {
        String key = key(outcome.roomId(), outcome.messageId());
        Entry e = entries.get(key);
        if (e == null || e.outcome() != null) return false;
        entries.put(key, new Entry(e.roomId(), e.messageId(), e.acceptedAtMs(), outcome));
        pending--;
        return true;
    }

    /**
     * Records an outcome heard from elsewhere (another node, over Kafka): completes the message if
     * it is pending here, remembers it finished if this node never saw it; a known outcome stays.
     */
    public synchronized void remember(MessageOutcome outcome) {
        String key = key(outcome.roomId(), outcome.messageId());
        Entry e = entries.get(key);
        if (e != null && e.outcome() != null) return;
        long acceptedAt = e == null ? outcome.acceptedAtMs() : e.acceptedAtMs();
        entries.put(key, new Entry(outcome.roomId(), outcome.messageId(), acceptedAt, outcome));
        if (e != null) pending--;
        if (entries.size() > capacity) evictOne();
        size = entries.size();
    }

    public synchronized Entry find(String roomId, String messageId) { return entries.get(key(roomId, messageId)); }

    /** Room and message id as one key: '/' is in neither (both are letters, digits and . _ : -). */
    private static String key(String roomId, String messageId) { return roomId + "/" + messageId; }

    /** Pending and finished counts: two reads, no lock, so a busy ledger never holds up {@code /health}. */
    public Map<String, Long> counts() {
        long p = pending;
        return Map.of("pending", p, "finished", Math.max(0, size - p));
    }

    public long pendingCount() { return pending; }

    /** The messages still waiting for an outcome (a scan: for shutdown, not for every request). */
    public synchronized List<Entry> pending() {
        return entries.values().stream().filter(e -> e.outcome() == null).toList();
    }

    private void evictOne() {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            if (it.next().outcome() != null) {
                it.remove();
                return;
            }
        }
        // All pending: the oldest goes, it has been waiting longest.
        Iterator<Entry> it = entries.values().iterator();
        it.next();
        it.remove();
        pending--;
    }
}
