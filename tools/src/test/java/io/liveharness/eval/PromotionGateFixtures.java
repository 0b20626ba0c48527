package io.liveharness.eval;

import io.liveharness.eval.compare.Comparison;

/** Comparisons for tests outside this package. */
public final class PromotionGateFixtures {
    public static Comparison comparison(String stable, String candidate, double accDelta, double effDelta) {
        return PromotionGateTest.comparison(stable, candidate, java.time.Instant.now().toString(), accDelta, effDelta);
    }

    private PromotionGateFixtures() { }
}
