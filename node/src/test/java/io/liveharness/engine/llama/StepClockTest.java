package io.liveharness.engine.llama;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The step-time fit the batcher's shedding estimates from. */
class StepClockTest {

    @Test
    void stepsOfTwoSizesGiveTheFixedAndPerTokenCost() {
        StepClock clock = new StepClock();
        // 2 ms a step plus 0.1 ms a token: a 16-token decode step and a 512-token prompt chunk, alternating
        for (int i = 0; i < 200; i++) {
            clock.record(16, 2_000_000 + 16 * 100_000);
            clock.record(512, 2_000_000 + 512 * 100_000);
        }
        assertEquals(2_000_000 + 100_000, clock.nanos(1), 10_000);
        assertEquals(2_000_000 + 256 * 100_000, clock.nanos(256), 10_000);
    }

    @Test
    void withNoSpreadInStepSizesASmallerStepIsNoDearerThanTheAverageAndProportionallyCheaper() {
        StepClock clock = new StepClock();
        for (int i = 0; i < 5; i++) clock.record(512, 300_000_000);
        assertEquals(300_000_000, clock.nanos(512));
        assertEquals(300_000_000, clock.nanos(1024), "not dearer than what was seen");
        assertEquals(300_000_000 / 512, clock.nanos(1), 1);
    }

    @Test
    void nothingIsKnownBeforeTheFirstStep() {
        assertFalse(new StepClock().measured());
    }
}
