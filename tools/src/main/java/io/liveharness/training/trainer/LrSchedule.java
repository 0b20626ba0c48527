package io.liveharness.training.trainer;

/** Linear warmup to {@code peak} over {@code warmup} steps, then a cosine down to {@code min} at {@code total}. */
public record LrSchedule(double peak, double min, int warmup, int total) {
    public double at(int step) {
        if (step < warmup) return peak * (step + 1) / warmup;
        if (total <= warmup) return peak;
        double progress = Math.min(1.0, (double) (step - warmup) / (total - warmup));
        return min + 0.5 * (peak - min) * (1 + Math.cos(Math.PI * progress));
    }
}
