package io.liveharness.training.trainer;

import jdk.incubator.vector.FloatVector;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VectorMathTest {

    @Test
    void expIsWithinThreeMillionthsRelativeOfMathExpAndTheVectorAndScalarFormsAgreeBitwise() {
        int lanes = FloatVector.SPECIES_PREFERRED.length();
        float[] x = new float[lanes], y = new float[lanes];
        double worst = 0;
        for (float v = -87f; v < 87.8f; v += 0.01f * lanes) { // e^x stays a normal float up to 88
            for (int i = 0; i < lanes; i++) x[i] = v + 0.01f * i;
            VectorMath.exp(FloatVector.fromArray(FloatVector.SPECIES_PREFERRED, x, 0)).intoArray(y, 0);
            for (int i = 0; i < lanes; i++) {
                assertEquals(Float.floatToIntBits(VectorMath.exp(x[i])), Float.floatToIntBits(y[i]), "at " + x[i]);
                worst = Math.max(worst, Math.abs(y[i] / Math.exp(x[i]) - 1));
            }
        }
        assertTrue(worst < 3e-6, "worst relative error " + worst);
        assertEquals(0f, VectorMath.exp(-1000f), 1e-37f);
        assertTrue(Float.isFinite(VectorMath.exp(1000f)));
    }
}
