package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.StageTimings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Per-arm live figures and their intervals, against values worked out by hand. */
class ArmQualityTest {

    @Test
    void wilsonsIntervalIsHonestAtZeroAndSymmetricAtAHalf() {
        Interval none = Interval.wilson(0, 20);
        assertEquals(0, none.value());
        assertEquals(0, none.low());
        assertEquals(0.1611, none.high(), 1e-4, "0 of 20 does not mean never: up to 16 % stays possible");
        Interval half = Interval.wilson(5, 10);
        assertEquals(0.2366, half.low(), 1e-4);
        assertEquals(0.7634, half.high(), 1e-4);
        Interval nothing = Interval.wilson(0, 0);
        assertTrue(Double.isNaN(nothing.value()) && nothing.low() == 0 && nothing.high() == 1, "no trials: nothing known");
    }

    @Test
    void aQuantilesIntervalLiesBetweenOrderStatisticsAroundIt() {
        long[] xs = new long[100];
        for (int i = 0; i < 100; i++) xs[i] = 100 - i; // 1..100, unsorted
        Interval median = Interval.quantile(xs, 0.5);
        assertEquals(50, median.value());
        assertEquals(40, median.low()); // 100·0.5 − 1.96·5 = 40.2
        assertEquals(60, median.high()); // 100·0.5 + 1.96·5 = 59.8, up
        assertTrue(Interval.quantile(xs, 0.95).high() <= 100);
    }

    @Test
    void disjointIntervalsAreAboveOneAnotherAndOverlappingOnesAreNot() {
        assertTrue(Interval.wilson(30, 100).above(Interval.wilson(2, 100)));
        assertFalse(Interval.wilson(5, 100).above(Interval.wilson(2, 100)));
    }

    @Test
    void anArmCountsQuestionsCoveredRepliesFalseClaimsAndFallbacksAcrossItsRoomGroups() {
        ArmQuality q = new ArmQuality();
        ArmLabels fashion = new ArmLabels("fashion", "v2", "hooks-ab", "treatment");
        ArmLabels food = new ArmLabels("food", "v2", "hooks-ab", "treatment");
        q.outcome(fashion, outcome("m1", OutcomeKind.ANSWERED, OutcomeReason.MODEL, List.of("says ¥99 of dress-101, whose price is ¥159"), 800));
        q.outcome(food, outcome("m2", OutcomeKind.ANSWERED, OutcomeReason.FALLBACK, List.of(), 1200));
        q.outcome(food, outcome("m3", OutcomeKind.MERGED, OutcomeReason.DUPLICATE, List.of("says ¥99 of dress-101, whose price is ¥159"), 1200));
        q.outcome(fashion, outcome("m4", OutcomeKind.DROPPED, OutcomeReason.OVERLOAD, List.of(), 50));
        q.outcome(new ArmLabels("fashion", "v1", "hooks-ab", "control"), outcome("m5", OutcomeKind.ANSWERED, OutcomeReason.MODEL, List.of(), 700));

        JsonNode arms = q.json().path("arms");
        assertEquals(2, arms.size(), arms.toString());
        JsonNode control = arms.get(0);
        JsonNode treatment = arms.get(1);
        assertEquals("control", control.path("arm").asText());
        assertEquals("v2", treatment.path("version").asText());
        assertEquals(4, treatment.path("questions").asLong(), "one arm across its room groups");
        assertEquals(3, treatment.path("covered").asLong(), "answered and merged are covered; dropped is not");
        assertEquals(2, treatment.path("replies").asLong(), "a merged question spoke no reply of its own");
        assertEquals(1, treatment.path("falseClaimReplies").asLong());
        assertEquals(1, treatment.path("fallbacks").asLong());
        assertEquals(0.75, treatment.path("coverage").path("value").asDouble());
        assertEquals(0.5, treatment.path("falseClaimRate").path("value").asDouble());
        assertEquals(3, treatment.path("latencyMs").path("samples").asLong(), "latency of covered questions only");
        assertEquals(1200, treatment.path("latencyMs").path("p50").path("value").asDouble());
    }

    private static MessageOutcome outcome(String id, OutcomeKind kind, OutcomeReason reason, List<String> falseClaims, long ms) {
        return new MessageOutcome("dress-room", id, kind, reason, null, kind == OutcomeKind.DROPPED ? null : "好的", "product_qa", 0.9,
                "v2", null, StageTimings.NONE, 1_000, 1_000 + ms, List.of(), List.of(), List.of(), falseClaims);
    }
}
