package io.liveharness.router.bench;

import io.liveharness.router.RouteContext;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.router.features.FeatureConfig;
import io.liveharness.router.features.GramSink;
import io.liveharness.router.features.TextFeaturizer;
import io.liveharness.router.train.LabelledMessage;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Classification time per message on a Vert.x event loop, as a room would call it. Each message is
 * timed three ways in the same run: the raw feature extraction alone (the floor: no model can be
 * cheaper than reading its input), the router, and the plain Tribuo path (named features,
 * {@code Model.predict}) the router's compiled scorer replaces. Work runs in slices so the loop is
 * never blocked long enough to trip Vert.x's blocked-thread checker.
 */
public final class RouterBenchmark {
    private static final int SLICE = 500;

    public record Result(Histogram featurize, Histogram router, Histogram tribuo) { }

    private final TribuoIntentClassifier classifier;
    private final List<LabelledMessage> messages;
    private final TextFeaturizer featurizer;
    private final TextFeaturizer.Scratch scratch = new TextFeaturizer.Scratch();
    private final CountingSink sink = new CountingSink();
    private final RouteContext[] contexts;
    private long blackhole;

    public RouterBenchmark(TribuoIntentClassifier classifier, List<LabelledMessage> messages) {
        this.classifier = classifier;
        this.messages = messages;
        FeatureConfig config = classifier.model().header().features();
        this.featurizer = new TextFeaturizer(config);
        this.contexts = messages.stream().map(LabelledMessage::context).toArray(RouteContext[]::new);
    }

    /** Runs {@code warmup} then {@code measured} calls of each path on one event loop; blocks the caller until done. */
    public Result run(int warmup, int measured, PrintStream progress) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Context loop = vertx.getOrCreateContext();
            progress.printf("bench: warm-up %d calls per path%n", warmup);
            slices(loop, warmup, new Histogram(3), new Histogram(3), new Histogram(3), true);
            progress.printf("bench: measuring %d calls per path on %s%n", measured, "a Vert.x event loop");
            Result r = new Result(new Histogram(TimeUnit.SECONDS.toNanos(1), 3),
                    new Histogram(TimeUnit.SECONDS.toNanos(1), 3), new Histogram(TimeUnit.SECONDS.toNanos(1), 3));
            slices(loop, measured, r.featurize(), r.router(), r.tribuo(), true);
            if (blackhole == 42) progress.println();
            return r;
        } finally {
            vertx.close().await();
        }
    }

    private void slices(Context loop, int total, Histogram featurize, Histogram router, Histogram tribuo, boolean withTribuo) {
        Promise<Void> done = Promise.promise();
        loop.runOnContext(v -> slice(loop, 0, total, featurize, router, tribuo, withTribuo, done));
        done.future().await();
    }

    private void slice(Context loop, int from, int total, Histogram featurize, Histogram router, Histogram tribuo,
                       boolean withTribuo, Promise<Void> done) {
        int to = Math.min(total, from + SLICE);
        for (int i = from; i < to; i++) {
            int m = i % messages.size();
            String text = messages.get(m).text();
            RouteContext ctx = contexts[m];

            long t0 = System.nanoTime();
            blackhole += featurizer.featurize(text, ctx, scratch, sink) + sink.grams;
            long t1 = System.nanoTime();
            blackhole += classifier.classify(text, ctx).intent().ordinal();
            long t2 = System.nanoTime();
            if (withTribuo) blackhole += classifier.model().predictWithTribuo(text, ctx).getOutput().getLabel().length();
            long t3 = System.nanoTime();
            sink.grams = 0;
            featurize.recordValue(t1 - t0);
            router.recordValue(t2 - t1);
            if (withTribuo) tribuo.recordValue(t3 - t2);
        }
        if (to < total) loop.runOnContext(v -> slice(loop, to, total, featurize, router, tribuo, withTribuo, done));
        else done.complete();
    }

    /** The cheapest possible consumer of the grams: it only counts them. */
    private static final class CountingSink implements GramSink {
        long grams;

        @Override
        public void gram(long hash, char kind, int[] cps, int from, int to) { grams += hash & 1; }
    }

    public static double us(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }
}
