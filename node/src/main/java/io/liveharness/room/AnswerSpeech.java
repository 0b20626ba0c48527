package io.liveharness.room;

import io.liveharness.api.ReplySegment;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * One answer's place in a spoken turn. The room starts a turn's answers while the avatar is still
 * saying the previous turn, all at once (the batcher decodes them together), but an answer's
 * segments wait here until the previous speech is estimated to end ({@code notBeforeMs}) and the
 * answer before it in the turn has ended ({@code after}), then go in order; the room's
 * {@link SpeechClock} counts each as it goes. In a turn of several answers each begins with the
 * words addressing its viewer. A state change that takes away the answer's grounds withdraws it:
 * what waits here is never said. On the room's context only.
 */
final class AnswerSpeech implements SpeechGate {
    private record Waiting(ReplySegment segment, Promise<ReplySegment> turn) { }

    private final Vertx vertx;
    private final SpeechClock clock;
    private final long notBeforeMs;
    private final Future<?> after;
    private final String address;
    private final Deque<Waiting> waiting = new ArrayDeque<>();
    private final List<ReplySegment> released = new ArrayList<>();
    private final Promise<String> withdrawn = Promise.promise();
    private long timer = -1;
    private boolean awaitingAfter;

    /**
     * @param after   completes (either way) when the answer before this one in the turn has ended
     * @param address what the turn says before this answer to name the viewer it answers; empty when it is the turn alone
     */
    AnswerSpeech(Vertx vertx, SpeechClock clock, long notBeforeMs, Future<?> after, String address) {
        this.vertx = vertx;
        this.clock = clock;
        this.notBeforeMs = notBeforeMs;
        this.after = after;
        this.address = address;
    }

    @Override
    public String address() { return address; }

    @Override
    public Future<ReplySegment> turn(ReplySegment segment) {
        if (withdrawn.future().isComplete()) return Future.failedFuture(new Withdrawn(withdrawn.future().result()));
        Promise<ReplySegment> turn = Promise.promise();
        waiting.addLast(new Waiting(segment, turn));
        releaseDue();
        return turn.future();
    }

    @Override
    public Future<String> withdrawn() { return withdrawn.future(); }

    /** Takes the answer back: nothing waiting here is said. False if it was already withdrawn. */
    boolean withdraw(String reason) {
        if (!withdrawn.tryComplete(reason)) return false;
        if (timer >= 0) vertx.cancelTimer(timer);
        timer = -1;
        while (!waiting.isEmpty()) waiting.pollFirst().turn().fail(new Withdrawn(reason));
        return true;
    }

    /** The segments this answer has released so far. */
    List<ReplySegment> released() { return List.copyOf(released); }

    private void releaseDue() {
        if (withdrawn.future().isComplete()) return;
        if (!after.isComplete()) {
            if (!awaitingAfter) after.onComplete(ar -> releaseDue());
            awaitingAfter = true;
            return;
        }
        long now = System.currentTimeMillis();
        if (now < notBeforeMs) {
            if (timer < 0) timer = vertx.setTimer(notBeforeMs - now, id -> {
                timer = -1;
                releaseDue();
            });
            return;
        }
        while (!waiting.isEmpty()) {
            Waiting w = waiting.pollFirst();
            ReplySegment out = w.segment().released(now, clock.release(w.segment().speechSeconds(), now));
            released.add(out);
            w.turn().complete(out);
        }
    }
}
