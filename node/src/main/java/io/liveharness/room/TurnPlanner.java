package io.liveharness.room;

import io.liveharness.router.Intent;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the room's next spoken turn answers. A streamer in a busy room answers several viewers in
 * one breath ("M码有的; 白色不透; 现在159"), so a turn takes up to {@code maxQuestions} waiting
 * questions, in the queue's order (priority, then the viewer served least, how many viewers asked,
 * age), different attributes first, while their estimated speech fits {@code maxSeconds}; always at
 * least one. Small talk is a turn of its own and only when no question waits: the room is quiet. Pure.
 *
 * @param maxQuestions    questions one turn answers at most
 * @param maxSeconds      the speech one turn may take, as the answers are estimated to take
 * @param answerSeconds   what one answer is estimated to take to say, until the room has said some
 */
record TurnPlanner(int maxQuestions, double maxSeconds, double answerSeconds) {
    /**
     * Three answers of the avatar's usual length (4.8 s of speech at the median on the dev set): a turn
     * said within 15 s, the window a question's coverage is counted in.
     */
    static final TurnPlanner DEFAULT = new TurnPlanner(3, 15.0, 4.0);
    /** One question a turn, as before turns were grouped: the queue's own order. */
    static final TurnPlanner ONE_AT_A_TIME = new TurnPlanner(1, Double.MAX_VALUE, 0.0);

    TurnPlanner {
        if (maxQuestions < 1) throw new IllegalArgumentException("a turn answers at least one question, not " + maxQuestions);
    }

    /** The same planner estimating each answer at {@code seconds} (what this room's answers took lately). */
    TurnPlanner estimating(double seconds) { return new TurnPlanner(maxQuestions, maxSeconds, seconds); }

    /**
     * @param ranked the waiting questions in the queue's order, best first
     * @return the turn's questions in the order they are said; empty only when {@code ranked} is
     */
    List<QueuedQuestion> plan(List<QueuedQuestion> ranked) {
        if (ranked.isEmpty()) return List.of();
        if (smallTalk(ranked.getFirst())) return List.of(ranked.getFirst());
        List<QueuedQuestion> questions = ranked.stream().filter(q -> !smallTalk(q)).toList();
        List<QueuedQuestion> turn = new ArrayList<>();
        Set<Object> attributes = new HashSet<>();
        for (QueuedQuestion q : questions) { // a different attribute each, first
            if (fits(turn) && attributes.add(attribute(q))) turn.add(q);
        }
        for (QueuedQuestion q : questions) { // then whatever room is left
            if (fits(turn) && !turn.contains(q)) turn.add(q);
        }
        return List.copyOf(turn);
    }

    private boolean fits(List<QueuedQuestion> turn) {
        return turn.size() < maxQuestions && (turn.isEmpty() || (turn.size() + 1) * answerSeconds <= maxSeconds);
    }

    private static boolean smallTalk(QueuedQuestion q) { return q.classification().intent() == Intent.CHITCHAT; }

    /** The product and attribute asked (M码 and L码 of one dress are one attribute), or the words when none was read. */
    private static Object attribute(QueuedQuestion q) {
        return q.asked().<Object>map(a -> a.productId() + "/" + a.ask()).orElse(q.normalized());
    }
}
