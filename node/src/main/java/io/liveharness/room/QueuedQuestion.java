package io.liveharness.room;

import io.liveharness.api.ViewerMessage;
import io.liveharness.router.Classification;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A message waiting for the avatar, with the messages merged into it (repeats, and questions asking
 * the same fact): they all get the answer this one gets. Owned by one room verticle.
 */
public final class QueuedQuestion {
    private final ViewerMessage message;
    private final Classification classification;
    private final Optional<AskedFact> asked;
    private final String normalized;
    private final List<ViewerMessage> merged = new ArrayList<>();
    private long newestAcceptedAtMs;
    /** When the room could first have spoken an answer to it; {@link Long#MIN_VALUE} until a turn has started since it came. */
    private long speakableFromMs = Long.MIN_VALUE;

    QueuedQuestion(ViewerMessage message, Classification classification, Optional<AskedFact> asked) {
        this.message = message;
        this.classification = classification;
        this.asked = asked;
        this.normalized = TextSimilarity.normalize(message.text());
        this.newestAcceptedAtMs = message.acceptedAtMs();
    }

    public ViewerMessage message() { return message; }

    public Classification classification() { return classification; }

    public List<ViewerMessage> merged() { return List.copyOf(merged); }

    String normalized() { return normalized; }

    /** The fact it asks for, when the question read found one. */
    Optional<AskedFact> asked() { return asked; }

    /**
     * When the room could first have spoken its answer: the voice's free time at the first turn the
     * room began after it came (or its acceptance, if later). Its reply deadline and staleness count from here.
     */
    long speakableFromMs() { return speakableFromMs == Long.MIN_VALUE ? message.acceptedAtMs() : speakableFromMs; }

    /** A turn began with the voice free at {@code voiceFreeMs}: the first such turn fixes when it could first be spoken. */
    void turnBegan(long voiceFreeMs) {
        if (speakableFromMs == Long.MIN_VALUE) speakableFromMs = Math.max(message.acceptedAtMs(), voiceFreeMs);
    }

    /** A group is as fresh as its newest member: someone asked it that recently. */
    long newestAcceptedAtMs() { return newestAcceptedAtMs; }

    int priority() { return classification.intent().priority(); }

    void merge(ViewerMessage duplicate) {
        merged.add(duplicate);
        newestAcceptedAtMs = Math.max(newestAcceptedAtMs, duplicate.acceptedAtMs());
    }
}
