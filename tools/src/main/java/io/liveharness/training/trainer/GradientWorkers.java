package io.liveharness.training.trainer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Worker threads that each take the next sequence of a batch, compute its gradient into a buffer
 * of their own, and add it to the batch's sum strictly in batch order. Every sum is therefore
 * formed in the same order whatever the timing and whatever the number of threads: a run is
 * bitwise reproducible from its seed, and may resume with a different --threads. Only the tensors
 * that train get a gradient; the others' stay zero.
 */
final class GradientWorkers implements AutoCloseable {
    private final ExecutorService pool;
    private final SequenceModel[] models;
    private final Weights[] grads;
    private final Predicate<String> trains;
    private final Object turnLock = new Object();
    private int turn;
    private boolean failed; // a worker threw: the others stop waiting for its turn

    GradientWorkers(ModelConfig c, int threads, Predicate<String> trains) {
        this.trains = trains;
        pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "trainer-worker");
            t.setDaemon(true);
            return t;
        });
        models = new SequenceModel[threads];
        grads = new Weights[threads];
        for (int i = 0; i < threads; i++) {
            models[i] = new SequenceModel(c, trains);
            grads[i] = Weights.zeros(c);
        }
    }

    /** Sets {@code sum} to Σ scale·∇loss over {@code batch}; returns the batch's summed loss (nats). */
    double gradients(List<TrainingData.Sequence> batch, Weights w, Transposes wt, Weights sum, float scale) {
        sum.clear(trains);
        double[] losses = new double[batch.size()];
        AtomicInteger next = new AtomicInteger();
        turn = 0;
        failed = false;
        runAll(worker -> {
            for (int i; (i = next.getAndIncrement()) < batch.size(); ) {
                TrainingData.Sequence s = batch.get(i);
                Weights g = grads[worker];
                g.clear(trains);
                losses[i] = models[worker].run(s.tokens(), s.mask(), s.length(), w, wt, g, scale);
                synchronized (turnLock) {
                    while (turn != i && !failed) turnLock.wait();
                    if (failed) return;
                    sum.add(g, trains);
                    turn++;
                    turnLock.notifyAll();
                }
            }
        });
        return sumInOrder(losses);
    }

    /** The summed loss (nats) of {@code sequences}, forward only. */
    double loss(List<TrainingData.Sequence> sequences, Weights w, Transposes wt) {
        double[] losses = new double[sequences.size()];
        AtomicInteger next = new AtomicInteger();
        runAll(worker -> {
            for (int i; (i = next.getAndIncrement()) < sequences.size(); ) {
                TrainingData.Sequence s = sequences.get(i);
                losses[i] = models[worker].run(s.tokens(), s.mask(), s.length(), w, wt, null, 1f);
            }
        });
        return sumInOrder(losses);
    }

    private static double sumInOrder(double[] x) {
        double s = 0;
        for (double v : x) s += v;
        return s;
    }

    private interface Job {
        void run(int worker) throws Exception;
    }

    private void runAll(Job job) {
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < models.length; i++) {
            int worker = i;
            futures.add(pool.submit(() -> {
                try {
                    job.run(worker);
                } catch (Throwable t) {
                    synchronized (turnLock) {
                        failed = true;
                        turnLock.notifyAll();
                    }
                    throw t;
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : futures) f.get();
        } catch (ExecutionException e) {
            for (Future<?> f : futures) f.cancel(true);
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException("a trainer worker failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() { pool.shutdownNow(); }
}
