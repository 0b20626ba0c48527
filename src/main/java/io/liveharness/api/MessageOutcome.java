package io.liveharness.api;

/**
 * The one outcome of an accepted viewer message.
 *
 * @param reason     why it ended this way: {@code model}, {@code fallback}, {@code stale},
 *                   {@code overload}, {@code spam}, {@code duplicate}, or an error description
 * @param detail     a human-readable explanation of the reason (which deadline, which error)
 * @param replyText  what the avatar said (for {@code merged}: the answering message's reply)
 * @param mergedInto for {@code merged}: the message whose answer covers this one
 * @param hooks      the hook decisions that changed something (blocks, rewrites, failures), as
 *                   {@code point/type: decision (reason)}
 */
public record MessageOutcome(String roomId, String messageId, OutcomeKind kind, String reason, String detail,
                             String replyText, String intent, double confidence, String harnessVersion,
                             String mergedInto, StageTimings timings, long acceptedAtMs, long finishedAtMs,
                             java.util.List<String> hooks) {

    public MessageOutcome {
        hooks = hooks == null ? java.util.List.of() : java.util.List.copyOf(hooks);
    }

    public long endToEndMs() { return finishedAtMs - acceptedAtMs; }

    /** An answer the skill's grounded fallback gave instead of the model: after a failure, or at once when the engine shed it. */
    public boolean fallbackReply() {
        return kind == OutcomeKind.ANSWERED && ("fallback".equals(reason) || "overload".equals(reason));
    }
}
