package io.liveharness.api;

import java.util.List;

/**
 * The one outcome of an accepted viewer message.
 *
 * @param reason     why it ended this way
 * @param detail     a human-readable explanation of the reason (which deadline, which error, which
 *                   hook stopped the reply at which segment)
 * @param replyText  what the avatar said (for {@code merged}: the answering message's reply); for an
 *                   answer cancelled part-way, what it had said by then
 * @param mergedInto for {@code merged}: the message whose answer covers this one
 * @param hooks      the hook decisions that changed something (blocks, rewrites, failures), as
 *                   {@code point/type: decision (reason)}
 * @param segments   the segments released to viewers, in order: the model's, then the fallback's
 *                   where it finished the reply (each says which)
 * @param tools      the tool calls the answer made, in order, each with what came back
 * @param falseClaims what the claim reader found false in the reply spoken, after the output hooks (why each
 *                   is false): the live evidence of a version's quality, counted per experiment arm
 */
public record MessageOutcome(String roomId, String messageId, OutcomeKind kind, OutcomeReason reason, String detail,
                             String replyText, String intent, double confidence, String harnessVersion,
                             String mergedInto, StageTimings timings, long acceptedAtMs, long finishedAtMs,
                             List<String> hooks, List<ReplySegment> segments, List<ToolExchange> tools,
                             List<String> falseClaims) {

    public MessageOutcome {
        hooks = hooks == null ? List.of() : List.copyOf(hooks);
        segments = segments == null ? List.of() : List.copyOf(segments);
        tools = tools == null ? List.of() : List.copyOf(tools);
        falseClaims = falseClaims == null ? List.of() : List.copyOf(falseClaims);
    }

    /** An outcome whose reply was not judged (nothing spoken, or from before the live claim check). */
    public MessageOutcome(String roomId, String messageId, OutcomeKind kind, OutcomeReason reason, String detail,
                          String replyText, String intent, double confidence, String harnessVersion,
                          String mergedInto, StageTimings timings, long acceptedAtMs, long finishedAtMs,
                          List<String> hooks, List<ReplySegment> segments, List<ToolExchange> tools) {
        this(roomId, messageId, kind, reason, detail, replyText, intent, confidence, harnessVersion, mergedInto, timings,
                acceptedAtMs, finishedAtMs, hooks, segments, tools, List.of());
    }

    /** An outcome with nothing spoken in segments and no tool called (dropped, failed, or from before segments). */
    public MessageOutcome(String roomId, String messageId, OutcomeKind kind, OutcomeReason reason, String detail,
                          String replyText, String intent, double confidence, String harnessVersion,
                          String mergedInto, StageTimings timings, long acceptedAtMs, long finishedAtMs, List<String> hooks) {
        this(roomId, messageId, kind, reason, detail, replyText, intent, confidence, harnessVersion, mergedInto, timings,
                acceptedAtMs, finishedAtMs, hooks, List.of(), List.of());
    }

    public long endToEndMs() { return finishedAtMs - acceptedAtMs; }

    /** An answer the skill's grounded fallback gave instead of the model: after a failure, or at once when the engine shed it. */
    public boolean fallbackReply() {
        return kind == OutcomeKind.ANSWERED && (reason == OutcomeReason.FALLBACK || reason == OutcomeReason.OVERLOAD);
    }
}
