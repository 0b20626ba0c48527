package io.liveharness.training.trainer;

/** Weights for tests that are large enough to give every tensor a gradient well above rounding. */
final class TinyModels {
    private TinyModels() { }

    /** Matrices uniform in ±0.5, norm weights 1 ± 0.3. */
    static Weights spread(ModelConfig c, long seed) {
        Weights w = Weights.zeros(c);
        Rng rng = new Rng(seed);
        for (Tensor t : w.all()) {
            float[] x = t.data();
            for (int i = 0; i < x.length; i++) x[i] = t.matrix() ? 0.5f * rng.uniform() : 1f + 0.3f * rng.uniform();
        }
        return w;
    }
}
