package io.liveharness.room;

import io.liveharness.api.ViewerMessage;
import io.liveharness.router.Classification;

import java.util.ArrayList;
import java.util.List;

/**
 * A message waiting for the avatar, with the near-duplicates merged into it: they all get the
 * answer this one gets. Owned by one room verticle.
 */
public final class QueuedQuestion {
    private final ViewerMessage message;
    private final Classification classification;
    private final String normalized;
    private final List<ViewerMessage> merged = new ArrayList<>();
    private long newestAcceptedAtMs;

    QueuedQuestion(ViewerMessage message, Classification classification) {
        this.message = message;
        this.classification = classification;
        this.normalized = TextSimilarity.normalize(message.text());
        this.newestAcceptedAtMs = message.acceptedAtMs();
    }

    public ViewerMessage message() { return message; }

    public Classification classification() { return classification; }

    public List<ViewerMessage> merged() { return List.copyOf(merged); }

    String normalized() { return normalized; }

    /** A group is as fresh as its newest member: someone asked it that recently. */
    long newestAcceptedAtMs() { return newestAcceptedAtMs; }

    int priority() { return classification.intent().priority(); }

    void merge(ViewerMessage duplicate) {
        merged.add(duplicate);
        newestAcceptedAtMs = Math.max(newestAcceptedAtMs, duplicate.acceptedAtMs());
    }
}
