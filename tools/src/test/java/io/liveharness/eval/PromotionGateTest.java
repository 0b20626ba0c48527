package io.liveharness.eval;

import io.liveharness.eval.compare.Comparison;
import io.liveharness.eval.compare.PairedBootstrap.Delta;
import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.PromotionGate.Margins;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gate refuses a version whose latest comparison with stable shows either metric falling beyond its margin. */
class PromotionGateTest {
    private static final Margins ONE_POINT = new Margins(0.01, 0.01);

    static Comparison comparison(String stable, String candidate, String at, double accDelta, double effDelta) {
        return new Comparison("run-" + stable, "run-" + candidate + at, stable, candidate, at, 1, 1000, 100, List.of(),
                Map.of("accuracy", new Delta(0.8, 0.8 + accDelta, accDelta, accDelta - 0.05, accDelta + 0.05, 100),
                        "effectiveness", new Delta(0.8, 0.8 + effDelta, effDelta, effDelta - 0.05, effDelta + 0.05, 100)),
                List.of(), Map.of(), Map.of());
    }

    @Test
    void aVersionThatRaisesAccuracyByRefusingMoreIsRefusedOnEffectiveness() {
        // evolution 1 of the report: +9.7 accuracy, -3.0 effectiveness
        var d = PromotionGate.check("v2", "v1", List.of(comparison("v1", "v2", "2026-01-01T00:00:00Z", 0.097, -0.030)), ONE_POINT);
        assertFalse(d.allowed());
        assertTrue(d.reason().contains("effectiveness"), d.reason());
    }

    @Test
    void aFallWithinTheMarginPasses() {
        var d = PromotionGate.check("v2", "v1", List.of(comparison("v1", "v2", "2026-01-01T00:00:00Z", 0.004, -0.009)), ONE_POINT);
        assertTrue(d.allowed(), d.reason());
    }

    @Test
    void onlyTheLatestComparisonWithTheCurrentStableCounts() {
        var old = comparison("v1", "v2", "2026-01-01T00:00:00Z", -0.2, -0.2);
        var latest = comparison("v1", "v2", "2026-02-01T00:00:00Z", 0.02, 0.0);
        var otherStable = comparison("v0", "v2", "2026-03-01T00:00:00Z", -0.5, -0.5);
        assertTrue(PromotionGate.check("v2", "v1", List.of(latest, old, otherStable), ONE_POINT).allowed());
        var regressed = comparison("v1", "v2", "2026-04-01T00:00:00Z", -0.02, 0.0);
        assertFalse(PromotionGate.check("v2", "v1", List.of(latest, old, regressed), ONE_POINT).allowed());
    }

    @Test
    void noComparisonWithStableIsRefused() {
        var d = PromotionGate.check("v2", "v1", List.of(comparison("v0", "v2", "2026-01-01T00:00:00Z", 0.1, 0.1)), ONE_POINT);
        assertFalse(d.allowed());
        assertTrue(d.reason().contains("no comparison"), d.reason());
    }
}
