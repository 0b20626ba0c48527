package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.StageTimings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutcomeTimelineTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final OutcomeTimeline timeline = new OutcomeTimeline(now::get);

    private static MessageOutcome outcome(OutcomeKind kind, OutcomeReason reason, long ms) {
        return new MessageOutcome("r", "m", kind, reason, null, "reply", "price", 1.0, "v1", null, StageTimings.NONE,
                0, ms, List.of());
    }

    @Test
    void eachTenSecondsShowsLatencyWhoAnsweredAndCoverage() {
        for (int ms = 100; ms <= 1000; ms += 100) timeline.outcome(outcome(OutcomeKind.ANSWERED, OutcomeReason.MODEL, ms));
        timeline.outcome(outcome(OutcomeKind.ANSWERED, OutcomeReason.FALLBACK, 50));
        timeline.outcome(outcome(OutcomeKind.DROPPED, OutcomeReason.OVERLOAD, 0));
        now.addAndGet(OutcomeTimeline.SLOT_MS);
        timeline.outcome(outcome(OutcomeKind.DROPPED, OutcomeReason.STALE, 0));

        JsonNode j = timeline.json();
        assertEquals(2, j.path("t").size());
        assertEquals(OutcomeTimeline.SLOT_MS / 1000, j.path("t").get(1).asLong() - j.path("t").get(0).asLong());
        assertEquals(10, j.path("byModel").get(0).asInt());
        assertEquals(1, j.path("byFallback").get(0).asInt());
        assertEquals(500, j.path("answeredP50Ms").get(0).asDouble(), 1);
        assertEquals(1000, j.path("answeredP95Ms").get(0).asDouble(), 1);
        assertEquals(11 / 12.0, j.path("coverage").get(0).asDouble(), 0.001, "one dropped of twelve");
        assertTrue(j.path("answeredP50Ms").get(1).isNull(), "a slot with nothing answered has no latency, not a zero");
        assertEquals(0.0, j.path("coverage").get(1).asDouble());
    }

    @Test
    void onlyTheLastTenMinutesAreKept() {
        for (int i = 0; i < OutcomeTimeline.BUCKETS + 5; i++) {
            timeline.outcome(outcome(OutcomeKind.ANSWERED, OutcomeReason.MODEL, 100));
            now.addAndGet(OutcomeTimeline.SLOT_MS);
        }
        assertEquals(OutcomeTimeline.BUCKETS - 1, timeline.json().path("t").size(), "the newest slot has nothing yet");
    }
}
