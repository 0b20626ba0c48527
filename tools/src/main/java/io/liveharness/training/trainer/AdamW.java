package io.liveharness.training.trainer;

import java.util.function.Predicate;

/**
 * AdamW with decoupled weight decay on the matrices only (norm weights are left alone), after
 * clipping the gradient's global L2 norm. The moments have the weights' shape and are part of
 * every checkpoint. A tensor that does not train is neither updated nor decayed, and its gradient
 * does not count in the norm.
 */
final class AdamW {
    final double beta1, beta2, eps, weightDecay, clip;
    final Weights m, v;
    private final boolean[] trained; // by tensor, in Weights.all() order

    AdamW(Weights shape, double beta1, double beta2, double weightDecay, double clip, Predicate<String> trains) {
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.eps = 1e-8;
        this.weightDecay = weightDecay;
        this.clip = clip;
        m = shape.zerosLike();
        v = shape.zerosLike();
        trained = new boolean[shape.all().size()];
        for (int i = 0; i < trained.length; i++) trained[i] = trains.test(shape.all().get(i).name());
    }

    /** Global L2 norm of the trained tensors' gradients, summed in tensor order. */
    double norm(Weights g) {
        double sum = 0;
        for (int i = 0; i < trained.length; i++) {
            if (trained[i]) for (float x : g.all().get(i).data()) sum += (double) x * x;
        }
        return Math.sqrt(sum);
    }

    /**
     * Update number {@code step} (0-based) with learning rate {@code lr}.
     *
     * @return the gradient norm before clipping
     */
    double step(Weights w, Weights g, int step, double lr) {
        double norm = norm(g);
        float gScale = (float) (norm > clip ? clip / norm : 1.0);
        int t = step + 1;
        float c1 = (float) (1 / (1 - Math.pow(beta1, t))), c2 = (float) (1 / (1 - Math.pow(beta2, t)));
        float b1 = (float) beta1, b2 = (float) beta2, flr = (float) lr, feps = (float) eps;
        for (int i = 0; i < w.all().size(); i++) {
            if (!trained[i]) continue;
            Tensor wt = w.all().get(i);
            float[] x = wt.data(), gx = g.all().get(i).data(), mx = m.all().get(i).data(), vx = v.all().get(i).data();
            float decay = wt.matrix() ? (float) (1 - lr * weightDecay) : 1f;
            for (int j = 0; j < x.length; j++) {
                float gj = gx[j] * gScale;
                mx[j] = b1 * mx[j] + (1 - b1) * gj;
                vx[j] = b2 * vx[j] + (1 - b2) * gj * gj;
                float update = (mx[j] * c1) / ((float) Math.sqrt(vx[j] * c2) + feps);
                x[j] = x[j] * decay - flr * update;
            }
        }
        return norm;
    }
}
