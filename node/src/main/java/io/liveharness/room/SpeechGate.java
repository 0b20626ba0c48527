package io.liveharness.room;

import io.liveharness.api.ReplySegment;
import io.vertx.core.Future;
import io.vertx.core.Promise;

/**
 * Where one answer's checked segments wait for their turn to be spoken. The room gives each answer
 * its own gate: while the avatar is still saying the previous answer, the next one's segments wait
 * here, and a room state change can withdraw an answer whose grounds it took away.
 */
public interface SpeechGate {

    /**
     * Completes, on the room's context and in the order asked, with the segment stamped with its
     * release time once the avatar may say it; fails with {@link Withdrawn} if the answer was withdrawn first.
     */
    Future<ReplySegment> turn(ReplySegment segment);

    /**
     * What the answer says first, before its own words, in a turn that answers several viewers: the
     * words naming the viewer it answers ("@u7 "). They pass the output hooks with the answer's first
     * segment. Empty for an answer said alone.
     */
    default String address() { return ""; }

    /** Completes with the reason when the room withdraws the answer; never fails. */
    Future<String> withdrawn();

    /** Why an answer's segment was not released: the room withdrew the answer. */
    final class Withdrawn extends RuntimeException {
        public Withdrawn(String reason) { super(reason, null, false, false); }
    }

    /** Every segment at once, never withdrawn: for a pipeline run outside a room (eval, training data). */
    SpeechGate IMMEDIATE = new SpeechGate() {
        private final Future<String> never = Promise.<String>promise().future();

        public Future<ReplySegment> turn(ReplySegment segment) {
            long now = System.currentTimeMillis();
            return Future.succeededFuture(segment.released(now, now));
        }

        public Future<String> withdrawn() { return never; }
    };
}
