package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-written backward pass against central finite differences of the forward pass, for
 * every element of every parameter tensor of a tiny model: per tensor,
 * ‖analytic − numeric‖₂ / ‖numeric‖₂ must stay under {@value #TOLERANCE}. With only some blocks
 * training, the others get no gradient and the trained ones exactly the gradient of the full pass.
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

    @Test
    void onlyTheTrainedBlocksGetAGradientAndItIsTheFullPassesBitForBit() {
        for (List<Integer> blocks : List.of(List.of(2), List.of(1, 3), List.of(0))) {
            ModelConfig c = ModelConfig.of(40, 16, 4, 2, 1, 8, 24, 16, true);
            Weights w = TinyModels.spread(c, 5);
            int[] tokens = {1, 5, 9, 2, 33, 7, 7, 12, 39, 0, 4, 21};
            byte[] mask = {0, 1, 3, 0, 1, 1, 2, 0, 1, 1, 1, 1};
            Weights full = w.zerosLike(), frozen = w.zerosLike();
            double fullLoss = new SequenceModel(c).run(tokens, mask, tokens.length, w, Transposes.of(w), full, 1f);
            Predicate<String> trains = name -> blocks.stream().anyMatch(l -> name.startsWith("blk." + l + "."));
            double frozenLoss = new SequenceModel(c, trains).run(tokens, mask, tokens.length, w, Transposes.of(w), frozen, 1f);
            assertEquals(fullLoss, frozenLoss);
            for (Tensor t : frozen.all()) {
                float[] expected = trains.test(t.name()) ? full.get(t.name()).data() : new float[t.size()];
                assertArrayEquals(expected, t.data(), t.name() + " with blocks " + blocks + " training");
                if (trains.test(t.name())) assertTrue(norm(t.data()) > 0, t.name() + " got no gradient");
            }
        }
    }

    private static double norm(float[] x) {
        double s = 0;
        for (float v : x) s += (double) v * v;
        return Math.sqrt(s);
    }
}
