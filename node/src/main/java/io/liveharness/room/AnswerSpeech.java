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
 * One answer's turn to speak. The room may start the next answer's model call while the avatar is
 * still saying the previous one, but that answer's segments wait here until the previous speech is
 * estimated to end ({@code notBeforeMs}), then go in order; the room's {@link SpeechClock} counts
 * each as it goes. A state change that takes away the answer's grounds withdraws it: what waits
 * here is never said. On the room's context only.
 */
final class AnswerSpeech implements SpeechGate {
    private record Waiting(ReplySegment segment, Promise<ReplySegment> turn) { }

    private final Vertx vertx;
    private final SpeechClock clock;
    private final long notBeforeMs;
    private final Deque<Waiting> waiting = new ArrayDeque<>();
    private final List<ReplySegment> released = new ArrayList<>();
    private final Promise<String> withdrawn = Promise.promise();
    private long timer = -1;

    AnswerSpeech(Vertx vertx, SpeechClock clock, long notBeforeMs) {
        this.vertx = vertx;
        this.clock = clock;
        this.notBeforeMs = notBeforeMs;
    }

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
