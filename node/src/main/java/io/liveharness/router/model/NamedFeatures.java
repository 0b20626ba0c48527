package io.liveharness.router.model;

import io.liveharness.router.RouteContext;
import io.liveharness.router.features.GramSink;
import io.liveharness.router.features.TextFeaturizer;
import org.tribuo.Example;
import org.tribuo.classification.Label;
import org.tribuo.impl.ArrayExample;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The message as Tribuo sees it: named features, n-grams sub-linearly weighted and L2-normalised
 * together, context flags at 1. Used to train, and as the reference the fast scorer is tested against.
 */
public final class NamedFeatures {
    private final TextFeaturizer featurizer;

    public NamedFeatures(TextFeaturizer featurizer) { this.featurizer = featurizer; }

    public Example<Label> example(String text, RouteContext context, Label label) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        GramSink sink = (hash, kind, cps, from, to) ->
                counts.computeIfAbsent(kind + ":" + new String(cps, from, to - from), k -> new int[1])[0]++;
        int flags = featurizer.featurize(text, context, new TextFeaturizer.Scratch(), sink);
        double norm = 0;
        for (int[] c : counts.values()) norm += sq(TextFeaturizer.termWeight(c[0]));
        norm = Math.sqrt(norm);
        int n = counts.size() + Integer.bitCount(flags);
        String[] names = new String[n];
        double[] values = new double[n];
        int i = 0;
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            names[i] = e.getKey();
            values[i++] = TextFeaturizer.termWeight(e.getValue()[0]) / norm;
        }
        for (int bit = 0; bit < TextFeaturizer.CONTEXT_NAMES.length; bit++) {
            if ((flags & 1 << bit) != 0) {
                names[i] = TextFeaturizer.CONTEXT_NAMES[bit];
                values[i++] = 1.0;
            }
        }
        ArrayExample<Label> example = new ArrayExample<>(label, names, values);
        return example;
    }

    private static double sq(double x) { return x * x; }
}
