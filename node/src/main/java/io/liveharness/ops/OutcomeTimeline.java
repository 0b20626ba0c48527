package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.ingress.RequestJson;
import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.LongSupplier;

/**
 * The node's outcomes over the last {@value #BUCKETS} slots of {@value #SLOT_MS} ms, all rooms
 * together, for the console's charts: time to outcome of answered messages (P50/P95), who answered
 * (the model, the fallback) and question coverage (answered or merged into an answer, of all
 * outcomes). Bounded: an idle node holds nothing, a busy one {@value #BUCKETS} small histograms.
 */
final class OutcomeTimeline {
    static final long SLOT_MS = 10_000;
    static final int BUCKETS = 60;

    private final LongSupplier clock;
    private final Deque<Slot> slots = new ArrayDeque<>();

    private static final class Slot {
        final long startMs;
        final Histogram answeredMs = new Histogram(3);
        long outcomes, model, fallback, merged;

        Slot(long startMs) { this.startMs = startMs; }
    }

    OutcomeTimeline(LongSupplier clock) { this.clock = clock; }

    synchronized void outcome(MessageOutcome o) {
        Slot slot = current();
        slot.outcomes++;
        switch (o.kind()) {
            case ANSWERED -> {
                if (o.fallbackReply()) slot.fallback++; else slot.model++;
                slot.answeredMs.recordValue(Math.max(0, o.endToEndMs()));
            }
            case MERGED -> slot.merged++;
            case DROPPED, FAILED -> { }
        }
    }

    private Slot current() {
        long start = clock.getAsLong() / SLOT_MS * SLOT_MS;
        if (slots.isEmpty() || slots.peekLast().startMs != start) slots.addLast(new Slot(start));
        while (slots.size() > BUCKETS) slots.pollFirst();
        return slots.peekLast();
    }

    /** Column arrays, one entry per slot that had an outcome (time in seconds, as charts take it); null where there is no figure. */
    synchronized ObjectNode json() {
        ObjectNode n = RequestJson.JSON.createObjectNode().put("slotSeconds", SLOT_MS / 1000);
        ArrayNode t = n.putArray("t");
        ArrayNode p50 = n.putArray("answeredP50Ms");
        ArrayNode p95 = n.putArray("answeredP95Ms");
        ArrayNode model = n.putArray("byModel");
        ArrayNode fallback = n.putArray("byFallback");
        ArrayNode coverage = n.putArray("coverage");
        long oldest = clock.getAsLong() / SLOT_MS * SLOT_MS - (BUCKETS - 1) * SLOT_MS;
        for (Slot s : slots) {
            if (s.startMs < oldest) continue;
            t.add(s.startMs / 1000);
            boolean answered = s.answeredMs.getTotalCount() > 0;
            if (answered) {
                p50.add(s.answeredMs.getValueAtPercentile(50));
                p95.add(s.answeredMs.getValueAtPercentile(95));
            } else {
                p50.addNull();
                p95.addNull();
            }
            model.add(s.model);
            fallback.add(s.fallback);
            coverage.add(Math.round(1000.0 * (s.model + s.fallback + s.merged) / s.outcomes) / 1000.0);
        }
        return n;
    }
}
