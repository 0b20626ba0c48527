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
 * faster than that the queue decides: questions asking the same fact (same product, attribute, and
 * size or colour named), whatever their words, are merged into one answer, as are repeats of the
 * same words; spam is dropped, product questions go before chitchat, a full queue drops its
 * lowest-priority message. Time is measured from the voice: a question is stale only when the room
 * has been able to speak it for longer than the staleness limit (from the voice's free time at the
 * first turn begun after it came), not merely because it waited behind the voice. Within a priority
 * the viewer served least goes first. One viewer holds at most {@code waitingPerViewer}
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
    /** The questions of the turn under way: they keep absorbing duplicates until each is finished. */
    private final List<QueuedQuestion> answering = new ArrayList<>();
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

    /** A message whose asked fact was not read: it merges only with a repeat of its words. */
    public void offer(ViewerMessage message, Classification classification) {
        offer(message, classification, Optional.empty());
    }

    /** A message and the fact it asks for, as the question read found it (empty: none read). */
    public void offer(ViewerMessage message, Classification classification, Optional<AskedFact> asked) {
        if (classification.intent() == Intent.SPAM) {
            decisions.dropped(message, classification, OutcomeReason.SPAM);
            return;
        }
        QueuedQuestion incoming = new QueuedQuestion(message, classification, asked);
        Optional<QueuedQuestion> twin = sameQuestionAs(incoming);
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

    /** As {@link #next(long, long)} in a room whose voice has been silent all along. */
    public Optional<QueuedQuestion> next(long nowMs) { return next(nowMs, Long.MIN_VALUE); }

    /** A turn of one question: the first in the queue's order (as {@link #nextTurn}). */
    public Optional<QueuedQuestion> next(long nowMs, long voiceFreeMs) {
        return nextTurn(nowMs, voiceFreeMs, TurnPlanner.ONE_AT_A_TIME).stream().findFirst();
    }

    /**
     * The questions of the next spoken turn, as the room plans it at {@code nowMs} with the voice
     * free at {@code voiceFreeMs}; empty when none is waiting. Stale questions found on the way are
     * dropped: those the room could have spoken more than the staleness limit ago. Each stays
     * "answering" (and keeps absorbing duplicates) until {@link #finishAnswering(QueuedQuestion)}.
     */
    List<QueuedQuestion> nextTurn(long nowMs, long voiceFreeMs, TurnPlanner planner) {
        waiting.forEach(q -> q.turnBegan(voiceFreeMs));
        waiting.removeIf(q -> {
            boolean stale = nowMs - Math.max(q.speakableFromMs(), q.newestAcceptedAtMs()) > staleAfterMs;
            if (stale) dropGroup(q, OutcomeReason.STALE);
            return stale;
        });
        // Within a priority the viewer served least goes first (turns already taken plus questions of
        // theirs waiting before this one), then the question more viewers asked, then the oldest: one
        // viewer's many questions take turns with the others' instead of going first because they came first.
        Map<QueuedQuestion, Integer> turns = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        waiting.stream().sorted(Comparator.comparingLong(q -> q.message().acceptedAtMs())).forEach(q -> {
            String user = q.message().userId();
            int before = seen.merge(user, 1, Integer::sum) - 1;
            turns.put(q, served.getOrDefault(user, 0) + before);
        });
        List<QueuedQuestion> ranked = waiting.stream()
                .sorted(Comparator.comparingInt(QueuedQuestion::priority)
                        .thenComparingInt(turns::get)
                        .thenComparingInt((QueuedQuestion q) -> -q.merged().size())
                        .thenComparingLong(q -> q.message().acceptedAtMs()))
                .toList();
        List<QueuedQuestion> turn = planner.plan(ranked);
        for (QueuedQuestion q : turn) {
            waiting.remove(q);
            answering.add(q);
            served.merge(q.message().userId(), 1, Integer::sum);
        }
        return turn;
    }

    /** Every question under way has ended. */
    public void finishAnswering() { answering.clear(); }

    /** {@code q}'s answer has ended: a later duplicate is a question of its own. */
    void finishAnswering(QueuedQuestion q) { answering.remove(q); }

    public int waitingCount() { return waiting.size(); }

    public boolean idle() { return waiting.isEmpty() && answering.isEmpty(); }

    private int waitingOf(String userId) {
        int n = 0;
        for (QueuedQuestion q : waiting) if (q.message().userId().equals(userId)) n++;
        return n;
    }

    private Optional<QueuedQuestion> sameQuestionAs(QueuedQuestion incoming) {
        List<QueuedQuestion> candidates = new ArrayList<>(waiting);
        candidates.addAll(answering);
        return candidates.stream().filter(q -> sameQuestion(q, incoming)).findFirst();
    }

    /**
     * Two questions whose facts were both read are the same when they ask the same fact, whatever
     * their words ("有没有M码", "碎花裙有M码吗"), and never otherwise: "白色的有M码吗" and
     * "黑色的有M码吗" share most bigrams. Else only a repeat of the same words is the same question.
     */
    private boolean sameQuestion(QueuedQuestion a, QueuedQuestion b) {
        if (a.asked().isPresent() && b.asked().isPresent()) return a.asked().equals(b.asked());
        return a.classification().intent() == b.classification().intent()
                && TextSimilarity.jaccard(a.normalized(), b.normalized()) >= mergeSimilarity;
    }

    private void dropGroup(QueuedQuestion q, OutcomeReason reason) {
        decisions.dropped(q.message(), q.classification(), reason);
        for (ViewerMessage m : q.merged()) decisions.dropped(m, q.classification(), reason);
    }
}
