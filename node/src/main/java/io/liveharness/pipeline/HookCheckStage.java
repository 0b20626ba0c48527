package io.liveharness.pipeline;

import io.liveharness.room.RoomRequest;
import io.liveharness.room.RequestTrace;
import io.liveharness.room.SpeechTime;
import io.liveharness.hooks.HookChain;
import io.liveharness.hooks.HookContext;
import io.liveharness.hooks.HookOutcome;
import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 4: the harness's output hooks over the text a viewer would hear, with the facts this turn
 * backs. A reply is checked segment by segment before each is spoken: the hooks see the reply as it
 * would be heard with the new segment (what was said, then it), so a hook that limits the whole
 * reply (tts-length) still can, and one that looks for a claim sees it in its sentence.
 */
public final class HookCheckStage {

    /** What may be said of one segment. */
    public sealed interface SegmentVerdict {
        /** Say {@code text} (the segment, or what a hook rewrote it to). */
        record Release(String text) implements SegmentVerdict { }

        /** A hook's rewrite ends the reply within what was already said: nothing more is said. */
        record End(String hook) implements SegmentVerdict { }

        /** Not this, and nothing after it. */
        record Block(String hook, String reason) implements SegmentVerdict { }
    }

    /** The hooks over a whole reply (the empty one, when the model said nothing speakable). */
    public Future<HookOutcome> check(HookChain hooks, RoomRequest request, String reply, RequestTrace trace) {
        return hooks.run(context(request, reply, trace)).map(trace::record);
    }

    /**
     * The hooks over {@code said} followed by {@code segment}. A rewrite that keeps what was said
     * releases its new part; one that changes what was said cannot be honoured (it is spoken) and blocks.
     */
    public Future<SegmentVerdict> checkSegment(HookChain hooks, RoomRequest request, List<String> said, String segment,
                                               RequestTrace trace) {
        String heard = SpeechTime.join(said);
        List<String> withSegment = new ArrayList<>(said);
        withSegment.add(segment);
        String candidate = SpeechTime.join(withSegment);
        return check(hooks, request, candidate, trace).map(outcome -> {
            if (outcome.blocked()) return new SegmentVerdict.Block(outcome.verdict().hook(), outcome.reason());
            String text = outcome.text().strip();
            if (text.equals(candidate)) return new SegmentVerdict.Release(segment);
            if (text.startsWith(heard)) {
                String rest = text.substring(heard.length()).strip();
                return rest.isEmpty() ? new SegmentVerdict.End(outcome.verdict().hook()) : new SegmentVerdict.Release(rest);
            }
            if (heard.startsWith(text)) return new SegmentVerdict.End(outcome.verdict().hook());
            return new SegmentVerdict.Block(outcome.verdict().hook(),
                    "hook " + outcome.verdict().hook() + " rewrote what had already been said");
        });
    }

    private static HookContext context(RoomRequest request, String reply, RequestTrace trace) {
        return HookContext.output(request.room().id(), request.classification().intent(),
                request.message().text(), reply, trace.backedFacts(), trace.toolsCalled()).withOnStage(request.state().onStageProductId());
    }
}
