package io.liveharness.eval;

import io.liveharness.eval.compare.PairedBootstrap;
import io.liveharness.eval.compare.PairedBootstrap.Delta;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The paired bootstrap on score vectors whose answer is known in closed form. */
class PairedBootstrapTest {

    private static double[] ones(int n, int firstOnes) {
        double[] x = new double[n];
        for (int i = 0; i < firstOnes; i++) x[i] = 1;
        return x;
    }

    @Test
    void identicalRunsChangeNothingWithCertainty() {
        double[] a = ones(100, 60);
        Delta d = PairedBootstrap.of(a, a.clone(), 2000, 1, 0.95);
        assertEquals(0, d.delta(), 0);
        assertEquals(0, d.low(), 0);
        assertEquals(0, d.high(), 0);
        assertFalse(d.significant());
    }

    @Test
    void everyCaseFixedIsAChangeOfOneWithNoSpread() {
        Delta d = PairedBootstrap.of(ones(50, 0), ones(50, 50), 2000, 1, 0.95);
        assertEquals(1, d.delta(), 0);
        assertEquals(1, d.low(), 0);
        assertEquals(1, d.high(), 0);
    }

    @Test
    void thirtyOfAHundredFixedGivesTheNormalIntervalOfAProportion() {
        // B fixes 30 of 100 cases and breaks none: the per-case change is 1 with p = 0.3, so the mean
        // change is 0.3 with standard error sqrt(0.3 * 0.7 / 100) = 0.0458; the 95% interval is about
        // 0.3 +- 1.96 * 0.0458 = [0.21, 0.39]. The bootstrap must land within a point of that.
        Delta d = PairedBootstrap.of(ones(100, 0), ones(100, 30), 20_000, 7, 0.95);
        assertEquals(0.30, d.delta(), 1e-12);
        assertEquals(0.21, d.low(), 0.011);
        assertEquals(0.39, d.high(), 0.011);
        assertTrue(d.significant());
    }

    @Test
    void pairingCancelsTheCaseToCaseSpread() {
        // The same 50 cases pass in both runs and B fixes 5 more of 100: unpaired, the two 50%-ish
        // rates would overlap widely; paired, only the 5 flips vary, so the interval stays above zero.
        double[] a = ones(100, 50), b = ones(100, 55);
        Delta d = PairedBootstrap.of(a, b, 20_000, 3, 0.95);
        assertEquals(0.05, d.delta(), 1e-12);
        assertTrue(d.low() > 0, "paired interval " + d.low() + ".." + d.high());
    }

    @Test
    void theSameSeedGivesTheSameIntervalAndAnotherSeedNearlyTheSame() {
        double[] a = ones(80, 40), b = new double[80];
        for (int i = 0; i < 80; i++) b[i] = i % 3 == 0 ? 1 : a[i];
        Delta x = PairedBootstrap.of(a, b, 5000, 42, 0.95), y = PairedBootstrap.of(a, b, 5000, 42, 0.95);
        assertEquals(x, y);
        Delta z = PairedBootstrap.of(a, b, 5000, 43, 0.95);
        assertEquals(x.low(), z.low(), 0.03);
    }
}
