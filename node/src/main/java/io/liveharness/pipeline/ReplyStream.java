package io.liveharness.pipeline;

import io.liveharness.room.RoomRequest;
import io.liveharness.room.RequestTrace;
import io.liveharness.room.SpeechGate;
import io.liveharness.room.SpeechTime;
import io.liveharness.api.ReplySegment;
import io.liveharness.config.NodeConfig.SpeechConfig;
import io.liveharness.engine.StopReason;
import io.liveharness.hooks.HookChain;
import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.List;

/**
 * One request's reply as it is spoken: the model's text, cut into segments as it streams, each
 * checked by the output hooks (over the reply as heard so far) before it waits for its turn at the
 * room's {@link SpeechGate} and is published. A blocked segment stops the reply there: the model's
 * generation is cancelled and nothing after it is said. What was released stays released. Owned by
 * one request, on its room's context.
 */
final class ReplyStream implements GenerationListener {

    /** Why the reply stopped before the model finished, or null while it goes on. */
    sealed interface Stop permits Blocked, Ended, Withdrawn { }

    /** A hook blocked segment {@code index}. */
    record Blocked(String hook, String reason, int index, String segment) implements Stop { }

    /** A hook's rewrite ended the reply within what was already said (it is long enough). */
    record Ended(String hook) implements Stop { }

    /** The room withdrew the answer. */
    record Withdrawn(String reason) implements Stop { }

    private final RoomRequest request;
    private final HookChain hooks;
    private final HookCheckStage hookCheck;
    private final RequestTrace trace;
    private final SpeechGate gate;
    private final EmitStage emit;
    private final SpeechConfig speech;

    /** The segments that passed the hooks, as said: what the hooks judge the next one with. */
    private final List<String> accepted = new ArrayList<>();
    private final List<ReplySegment> released = new ArrayList<>();
    private final StringBuilder raw = new StringBuilder();
    private Future<Void> tail = Future.succeededFuture();
    private Segmenter segmenter;
    private Runnable cancel = () -> { };
    private Stop stop;
    private long hookNanos;
    /** Each wait of a segment at the gate for the voice, as {start, end} nanos, since the last {@link #takeSpeechWaitMicros}. */
    private final List<long[]> voiceWaits = new ArrayList<>();

    ReplyStream(RoomRequest request, HookChain hooks, HookCheckStage hookCheck, RequestTrace trace, SpeechGate gate,
                EmitStage emit, SpeechConfig speech) {
        this.request = request;
        this.hooks = hooks;
        this.hookCheck = hookCheck;
        this.trace = trace;
        this.gate = gate;
        this.emit = emit;
        this.speech = speech;
        gate.withdrawn().onSuccess(reason -> {
            if (!(stop instanceof Withdrawn)) stop = new Withdrawn(reason);
            cancel.run();
        });
    }

    @Override
    public void started(Runnable cancel) {
        this.cancel = cancel;
        segmenter = new Segmenter(speech.minSegmentChars(), speech.maxSegmentChars());
        raw.setLength(0);
        if (stop != null) cancel.run();
    }

    @Override
    public void piece(String text) {
        if (stop != null || segmenter == null) return;
        raw.append(text);
        segmenter.push(text).forEach(this::check);
    }

    @Override
    public void ended(StopReason reason) {
        // A generation cut by its deadline or a cancel ends mid-clause: its unfinished last clause is not said.
        boolean whole = reason == StopReason.END_OF_TEXT || reason == StopReason.MAX_TOKENS;
        if (stop == null && segmenter != null && whole) segmenter.finish().forEach(this::check);
        segmenter = null;
    }

    @Override
    public boolean stopped() { return stop != null; }

    /** Completes when every segment so far has been checked and released (or let go). */
    Future<Void> settled() { return tail; }

    Stop stop() { return stop; }

    /** Nothing has passed the hooks yet: a retry would not contradict anything said. */
    boolean nothingSaid() { return accepted.isEmpty(); }

    /** Goes on after a block that came before anything was said, for the model's one retry. */
    void resume() {
        if (stop instanceof Blocked) stop = null;
    }

    /** The text of the current (or last) generation as the model wrote it, markup and all. */
    String rawText() { return raw.toString(); }

    /** The segments released to viewers so far. */
    List<ReplySegment> released() { return List.copyOf(released); }

    /** The reply as heard so far (the released segments). */
    String heard() { return SpeechTime.join(released.stream().map(ReplySegment::text).toList()); }

    /** The skill's fallback finishes the reply: grounded by construction, so it is released without the hooks. */
    Future<Void> finishWith(String fallbackText) {
        Segmenter s = new Segmenter(speech.minSegmentChars(), speech.maxSegmentChars());
        List<String> parts = new ArrayList<>(s.push(released.isEmpty() ? gate.address() + fallbackText : fallbackText));
        parts.addAll(s.finish());
        for (String part : parts) tail = tail.compose(v -> release(part, ReplySegment.Source.FALLBACK));
        return tail;
    }

    private void check(String clause) {
        tail = tail.compose(v -> {
            if (stop != null) return Future.succeededFuture();
            // in a turn answering several viewers, the first words name the viewer; the hooks judge them with the answer
            String segment = accepted.isEmpty() && released.isEmpty() ? gate.address() + clause : clause;
            long started = System.nanoTime();
            return hookCheck.checkSegment(hooks, request, accepted, segment, trace).compose(verdict -> switch (tookHooks(started, verdict)) {
                case HookCheckStage.SegmentVerdict.Release r -> {
                    accepted.add(r.text());
                    yield release(r.text(), ReplySegment.Source.MODEL);
                }
                case HookCheckStage.SegmentVerdict.End e -> {
                    stopWith(new Ended(e.hook()));
                    yield Future.succeededFuture();
                }
                case HookCheckStage.SegmentVerdict.Block b -> {
                    stopWith(new Blocked(b.hook(), b.reason(), accepted.size(), segment));
                    yield Future.succeededFuture();
                }
            });
        });
    }

    private <T> T tookHooks(long startedNanos, T verdict) {
        hookNanos += System.nanoTime() - startedNanos;
        return verdict;
    }

    /** Microseconds the output hooks took over segments since the last call (they run while the model streams). */
    long takeHookMicros() {
        long micros = hookNanos / 1_000;
        hookNanos = 0;
        return micros;
    }

    /**
     * Microseconds segments waited for the voice since the last call. The waits follow one another
     * (segments go in order), so they add up to wall time; some of it may pass while the model still streams.
     */
    long takeSpeechWaitMicros() {
        long nanos = 0;
        for (long[] w : voiceWaits) nanos += w[1] - w[0];
        voiceWaits.clear();
        return nanos / 1_000;
    }

    /** Microseconds of those waits that fell after {@code sinceNanos} (a stage's start): the part of the stage that was the voice's. */
    long speechWaitMicrosSince(long sinceNanos) {
        long nanos = 0;
        for (long[] w : voiceWaits) nanos += Math.max(0, w[1] - Math.max(w[0], sinceNanos));
        return nanos / 1_000;
    }

    private void stopWith(Stop why) {
        if (stop == null) stop = why;
        cancel.run();
    }

    private Future<Void> release(String text, ReplySegment.Source source) {
        if (stop instanceof Withdrawn) return Future.succeededFuture();
        // released one at a time along the tail, so the next index is the count so far
        ReplySegment segment = new ReplySegment(request.room().id(), request.message().messageId(), released.size(),
                text, source, SpeechTime.seconds(text, speech), 0, 0);
        long asked = System.nanoTime();
        return gate.turn(segment).map(out -> {
            voiceWaits.add(new long[]{asked, System.nanoTime()});
            released.add(out);
            emit.publish(out);
            return (Void) null;
        }).recover(e -> {
            if (!(e instanceof SpeechGate.Withdrawn w)) return Future.failedFuture(e);
            if (stop == null) stop = new Withdrawn(w.getMessage());
            return Future.succeededFuture();
        });
    }
}
