package io.liveharness.room;

import io.liveharness.harness.TokenEstimate;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The room's recent past that goes into every prompt: the streamer's utterances and the last
 * turns, newest kept, bounded by a token budget. Owned by one room verticle; not thread-safe.
 */
public final class ContextWindow {
    private final int tokenBudget;
    private final int maxTurns;
    private final Deque<Utterance> utterances = new ArrayDeque<>();
    private final Deque<Turn> turns = new ArrayDeque<>();

    public ContextWindow(int tokenBudget, int maxTurns, List<Utterance> utterances, List<Turn> turns) {
        this.tokenBudget = tokenBudget;
        this.maxTurns = maxTurns;
        this.utterances.addAll(utterances);
        this.turns.addAll(turns);
        trim();
    }

    public void addUtterance(Utterance u) {
        utterances.addLast(u);
        trim();
    }

    public void addTurn(Turn t) {
        turns.addLast(t);
        while (turns.size() > maxTurns) turns.removeFirst();
        trim();
    }

    public List<Utterance> utterances() { return List.copyOf(utterances); }

    public List<Turn> turns() { return List.copyOf(turns); }

    public int estimatedTokens() {
        int total = 0;
        for (Utterance u : utterances) total += TokenEstimate.of(u.text());
        for (Turn t : turns) total += TokenEstimate.of(t.question()) + TokenEstimate.of(t.reply());
        return total;
    }

    /** Over budget, the oldest entry goes first, utterance or turn, whichever is older. */
    private void trim() {
        while (estimatedTokens() > tokenBudget && !(utterances.isEmpty() && turns.isEmpty())) {
            boolean dropUtterance = turns.isEmpty()
                    || (!utterances.isEmpty() && utterances.peekFirst().atMs() <= turns.peekFirst().atMs());
            if (dropUtterance) utterances.removeFirst(); else turns.removeFirst();
        }
    }
}
