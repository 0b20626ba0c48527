package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-written backward pass against central finite differences of the forward pass, for
 * every element of every parameter tensor of a tiny model: per tensor,
 * ‖analytic − numeric‖₂ / ‖numeric‖₂ must stay under {@value #TOLERANCE}.
 */
class GradientCheckTest {
    static final double TOLERANCE = 1e-2;

    @Test
    void everyTensorsGradientMatchesFiniteDifferencesUntied() { check(false); }

    @Test
    void everyTensorsGradientMatchesFiniteDifferencesWithTiedEmbeddings() { check(true); }

    private static void check(boolean tied) {
        ModelConfig c = ModelConfig.of(40, 16, 2, 2, 1, 8, 24, 16, tied);
        Weights w = TinyModels.spread(c, 3);
        int[] tokens = {1, 5, 9, 2, 33, 7, 7, 12, 39, 0, 4, 21};
        byte[] mask = {0, 1, 3, 0, 1, 1, 2, 0, 1, 1, 1, 1}; // weights too: a copied fact counts more
        SequenceModel m = new SequenceModel(c);
        Weights grads = w.zerosLike();
        m.run(tokens, mask, tokens.length, w, Transposes.of(w), grads, 1f);
        StringBuilder report = new StringBuilder();
        boolean ok = true;
        for (Tensor t : w.all()) {
            float[] x = t.data(), ga = grads.get(t.name()).data();
            double diff = 0, norm = 0;
            for (int i = 0; i < x.length; i++) {
                float keep = x[i], step = 1e-2f * Math.max(1f, Math.abs(keep));
                x[i] = keep + step;
                double up = m.run(tokens, mask, tokens.length, w, Transposes.of(w), null, 1f);
                x[i] = keep - step;
                double down = m.run(tokens, mask, tokens.length, w, Transposes.of(w), null, 1f);
                x[i] = keep;
                double numeric = (up - down) / (2.0 * step);
                diff += (ga[i] - numeric) * (ga[i] - numeric);
                norm += numeric * numeric;
            }
            double rel = Math.sqrt(diff) / Math.max(Math.sqrt(norm), 1e-9);
            report.append(String.format("%s %.2e (|g| %.2e)%n", t.name(), rel, Math.sqrt(norm)));
            ok &= rel <= TOLERANCE && norm > 0;
        }
        System.out.print(report);
        assertTrue(ok, "relative gradient error per tensor over " + TOLERANCE + " (or zero):\n" + report);
    }
}
