package io.liveharness.room;

import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ToolExchange;
import io.liveharness.api.ViewerMessage;
import io.liveharness.claims.ClaimJudge;
import io.liveharness.claims.Finding;
import io.liveharness.claims.TurnFacts;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.router.Classification;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outcomes of one answered question and the duplicates merged into it: one per message, so
 * every accepted message ends exactly once.
 */
final class QuestionOutcomes {
    private final String roomId;
    private final QueuedQuestion question;
    private final String harnessVersion;
    private final long queueWaitMicros;
    private final String onStage;

    QuestionOutcomes(String roomId, QueuedQuestion question, String harnessVersion, long queueWaitMicros, String onStage) {
        this.roomId = roomId;
        this.question = question;
        this.harnessVersion = harnessVersion;
        this.queueWaitMicros = queueWaitMicros;
        this.onStage = onStage;
    }

    /** The question answered (by the model or the fallback); its duplicates merged into that answer. */
    List<MessageOutcome> answered(PipelineResult r, long now) {
        ViewerMessage m = question.message();
        StageTimings timings = withQueueWait(r.timings());
        List<String> hooks = hookLog(r);
        List<String> falseClaims = falseClaims(r);
        List<MessageOutcome> out = new ArrayList<>();
        out.add(outcome(m, OutcomeKind.ANSWERED, reason(r), r.detail(), r.reply().text(), null,
                timings, now, hooks, r.segments(), r.trace().tools(), falseClaims));
        for (ViewerMessage dup : question.merged()) {
            out.add(outcome(dup, OutcomeKind.MERGED, OutcomeReason.DUPLICATE, "answered together with " + m.messageId(),
                    r.reply().text(), m.messageId(), timings, now, hooks, r.segments(), r.trace().tools(), falseClaims));
        }
        return out;
    }

    /**
     * The reply as spoken, after the output hooks, read by the claim reader the hooks and the eval
     * share: what a version still says wrong on air, which the hooks' blocks alone do not show.
     */
    private List<String> falseClaims(PipelineResult r) {
        TurnFacts facts = TurnFacts.of(r.trace().backedFacts(), null, onStage);
        return ClaimJudge.DEFAULT.judge(r.reply().text(), question.message().text(), facts, null).falseOnes().stream()
                .map(Finding::reason).toList();
    }

    /** {@code model}, {@code fallback}, or {@code overload} for a fallback given at once because the engine shed the request. */
    private static OutcomeReason reason(PipelineResult r) {
        if (!r.fallback()) return OutcomeReason.MODEL;
        return r.overload() ? OutcomeReason.OVERLOAD : OutcomeReason.FALLBACK;
    }

    /**
     * The room withdrew the answer under way because its state changed: the question and its
     * duplicates are dropped, reason {@code state_changed}; what had been said stays in the outcome.
     */
    List<MessageOutcome> withdrawn(PipelineResult r, long now) {
        String said = r.segments().isEmpty() ? null
                : SpeechTime.join(r.segments().stream().map(ReplySegment::text).toList());
        String detail = r.withdrawn() + (r.segments().isEmpty() ? "; nothing had been said"
                : "; " + r.segments().size() + " segment(s) had been said, the rest was not");
        ViewerMessage m = question.message();
        List<MessageOutcome> out = new ArrayList<>();
        out.add(outcome(m, OutcomeKind.DROPPED, OutcomeReason.STATE_CHANGED, detail, said, null, withQueueWait(r.timings()),
                now, hookLog(r), r.segments(), r.trace().tools()));
        for (ViewerMessage dup : question.merged()) {
            out.add(outcome(dup, OutcomeKind.DROPPED, OutcomeReason.STATE_CHANGED, "merged into " + m.messageId() + ": " + detail,
                    said, m.messageId(), withQueueWait(r.timings()), now, hookLog(r), r.segments(), r.trace().tools()));
        }
        return out;
    }

    /** An input hook refused the question: it and its duplicates are dropped, nothing said. */
    List<MessageOutcome> refused(PipelineResult r, long now) {
        List<MessageOutcome> out = new ArrayList<>();
        for (ViewerMessage each : all()) {
            out.add(outcome(each, OutcomeKind.DROPPED, OutcomeReason.REFUSED, r.detail(), null, null, withQueueWait(r.timings()), now,
                    hookLog(r), List.of(), List.of()));
        }
        return out;
    }

    /** The pipeline itself failed (a bug, not a model failure: that one has its fallback). */
    List<MessageOutcome> failed(Throwable cause, long now) {
        String detail = String.valueOf(cause.getMessage());
        ViewerMessage m = question.message();
        List<MessageOutcome> out = new ArrayList<>();
        out.add(outcome(m, OutcomeKind.FAILED, OutcomeReason.ERROR, detail, null, null, StageTimings.NONE, now, List.of(), List.of(), List.of()));
        for (ViewerMessage dup : question.merged()) {
            out.add(outcome(dup, OutcomeKind.FAILED, OutcomeReason.ERROR, "merged into " + m.messageId() + ", which failed: " + detail,
                    null, m.messageId(), StageTimings.NONE, now, List.of(), List.of(), List.of()));
        }
        return out;
    }

    /** A message the burst policy let go without an answer ({@code c} null: let go before the router saw it). */
    static MessageOutcome dropped(String roomId, ViewerMessage m, Classification c, OutcomeReason reason, String detail) {
        return new MessageOutcome(roomId, m.messageId(), OutcomeKind.DROPPED, reason, detail, null,
                c == null ? null : c.intent().label(), c == null ? 0 : c.confidence(), null, null, StageTimings.NONE,
                m.acceptedAtMs(), System.currentTimeMillis(), List.of());
    }

    private MessageOutcome outcome(ViewerMessage m, OutcomeKind kind, OutcomeReason reason, String detail, String reply,
                                   String mergedInto, StageTimings timings, long now, List<String> hooks,
                                   List<ReplySegment> segments, List<ToolExchange> tools) {
        return outcome(m, kind, reason, detail, reply, mergedInto, timings, now, hooks, segments, tools, List.of());
    }

    private MessageOutcome outcome(ViewerMessage m, OutcomeKind kind, OutcomeReason reason, String detail, String reply,
                                   String mergedInto, StageTimings timings, long now, List<String> hooks,
                                   List<ReplySegment> segments, List<ToolExchange> tools, List<String> falseClaims) {
        Classification c = question.classification();
        return new MessageOutcome(roomId, m.messageId(), kind, reason, detail, reply, c.intent().label(), c.confidence(),
                harnessVersion, mergedInto, timings, m.acceptedAtMs(), now, hooks, segments, tools, falseClaims);
    }

    private List<ViewerMessage> all() {
        List<ViewerMessage> all = new ArrayList<>();
        all.add(question.message());
        all.addAll(question.merged());
        return all;
    }

    private StageTimings withQueueWait(StageTimings stages) {
        Map<String, Long> all = new LinkedHashMap<>();
        all.put("queue_wait", queueWaitMicros);
        all.putAll(stages.micros());
        return new StageTimings(all);
    }

    /** The hook decisions worth an operator's eye: anything but a plain allow. */
    private static List<String> hookLog(PipelineResult r) {
        return r.trace().hooks().stream()
                .filter(h -> h.failed() || h.decision() != HookVerdict.Decision.ALLOW)
                .map(h -> h.point().yamlName() + "/" + h.type() + ": "
                        + (h.failed() ? "failed" : h.decision().name().toLowerCase(Locale.ROOT))
                        + (h.reason() == null ? "" : " (" + h.reason() + ")"))
                .toList();
    }
}
