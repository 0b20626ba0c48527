package io.liveharness.room;

import io.liveharness.api.OutcomeReason;
import io.liveharness.api.ViewerMessage;
import io.liveharness.router.Classification;
import io.liveharness.router.Intent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The burst policy of one room. The avatar speaks one reply at a time, so when messages come
 * faster than that the queue decides: near-duplicates are merged into one answer, spam is dropped,
 * product questions go before chitchat, messages older than the staleness limit are dropped, and a
 * full queue drops its lowest-priority message. Within a priority the viewer served least goes
 * first. One viewer holds at most {@code waitingPerViewer}
 * questions, and only a viewer's first waiting question may push out another viewer's, so one
 * viewer cannot fill the queue. Every message it lets go is reported to {@link Decisions}, so each
 * ends in one outcome. Owned by one room verticle; not thread-safe.
 */
public final class RoomQueue {

    /**
     * Where the queue reports the messages it drops. Merged messages are not reported here: they
     * end when the question they were merged into ends, with its answer.
     */
    public interface Decisions {
        void dropped(ViewerMessage message, Classification classification, OutcomeReason reason);
    }


    private static final int MAX_SERVED_VIEWERS = 4096;

    private final int capacity;
    private final long staleAfterMs;
    private final double mergeSimilarity;
    private final int waitingPerViewer;
    private final Decisions decisions;
    private final List<QueuedQuestion> waiting = new ArrayList<>();
    private QueuedQuestion answering;
    /** Questions each viewer has had answered (or begun) here, the most recently served viewers kept. */
    private final Map<String, Integer> served = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) { return size() > MAX_SERVED_VIEWERS; }
    };

    public RoomQueue(int capacity, long staleAfterMs, double mergeSimilarity, int waitingPerViewer, Decisions decisions) {
        this.capacity = capacity;
        this.staleAfterMs = staleAfterMs;
        this.mergeSimilarity = mergeSimilarity;
        this.waitingPerViewer = waitingPerViewer;
        this.decisions = decisions;
    }

    public void offer(ViewerMessage message, Classification classification) {
        if (classification.intent() == Intent.SPAM) {
            decisions.dropped(message, classification, OutcomeReason.SPAM);
            return;
        }
        QueuedQuestion incoming = new QueuedQuestion(message, classification);
        Optional<QueuedQuestion> twin = nearDuplicateOf(incoming);
        if (twin.isPresent()) {
            twin.get().merge(message);
            return;
        }
        int own = waitingOf(message.userId());
        // Past the viewer's share, or a full queue that only another viewer's question could make room in.
        if (own >= waitingPerViewer || (own > 0 && waiting.size() >= capacity)) {
            decisions.dropped(message, classification, OutcomeReason.VIEWER_LIMIT);
            return;
        }
        if (waiting.size() >= capacity) {
            // A viewer's first question outranks anyone's second: the newest of the viewer holding most goes first.
            Optional<QueuedQuestion> surplus = waiting.stream().filter(q -> waitingOf(q.message().userId()) > 1)
                    .max(Comparator.comparingInt((QueuedQuestion q) -> waitingOf(q.message().userId()))
                            .thenComparingLong(q -> q.message().acceptedAtMs()));
            if (surplus.isPresent()) {
                waiting.remove(surplus.get());
                dropGroup(surplus.get(), OutcomeReason.VIEWER_LIMIT);
            } else {
                QueuedQuestion worst = waiting.stream()
                        .max(Comparator.comparingInt(QueuedQuestion::priority)
                                .thenComparingLong(q -> -q.message().acceptedAtMs()))
                        .orElseThrow();
                if (worst.priority() <= incoming.priority()) {
                    decisions.dropped(message, classification, OutcomeReason.OVERLOAD);
                    return;
                }
                waiting.remove(worst);
                dropGroup(worst, OutcomeReason.OVERLOAD);
            }
        }
        waiting.add(incoming);
    }

    /**
     * The next question to answer, or empty when none is waiting; stale questions found on the way
     * are dropped. The question stays "answering" (and keeps absorbing duplicates) until
     * {@link #finishAnswering()}.
     */
    public Optional<QueuedQuestion> next(long nowMs) {
        waiting.removeIf(q -> {
            boolean stale = nowMs - q.newestAcceptedAtMs() > staleAfterMs;
            if (stale) dropGroup(q, OutcomeReason.STALE);
            return stale;
        });
        // Within a priority the viewer served least goes first (turns already taken plus questions of
        // theirs waiting before this one), then the oldest: one viewer's many questions take turns with
        // the others' instead of going first because they came first.
        Map<QueuedQuestion, Integer> turns = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        waiting.stream().sorted(Comparator.comparingLong(q -> q.message().acceptedAtMs())).forEach(q -> {
            String user = q.message().userId();
            int before = seen.merge(user, 1, Integer::sum) - 1;
            turns.put(q, served.getOrDefault(user, 0) + before);
        });
        Optional<QueuedQuestion> next = waiting.stream()
                .min(Comparator.comparingInt(QueuedQuestion::priority)
                        .thenComparingInt(turns::get)
                        .thenComparingLong(q -> q.message().acceptedAtMs()));
        next.ifPresent(q -> {
            waiting.remove(q);
            answering = q;
            served.merge(q.message().userId(), 1, Integer::sum);
        });
        return next;
    }

    public void finishAnswering() { answering = null; }

    public int waitingCount() { return waiting.size(); }

    public boolean idle() { return waiting.isEmpty() && answering == null; }

    private int waitingOf(String userId) {
        int n = 0;
        for (QueuedQuestion q : waiting) if (q.message().userId().equals(userId)) n++;
        return n;
    }

    private Optional<QueuedQuestion> nearDuplicateOf(QueuedQuestion incoming) {
        List<QueuedQuestion> candidates = new ArrayList<>(waiting);
        if (answering != null) candidates.add(answering);
        return candidates.stream()
                .filter(q -> q.classification().intent() == incoming.classification().intent())
                .filter(q -> TextSimilarity.jaccard(q.normalized(), incoming.normalized()) >= mergeSimilarity)
                .findFirst();
    }

    private void dropGroup(QueuedQuestion q, OutcomeReason reason) {
        decisions.dropped(q.message(), q.classification(), reason);
        for (ViewerMessage m : q.merged()) decisions.dropped(m, q.classification(), reason);
    }
}
