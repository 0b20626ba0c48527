package io.liveharness.router.model;

import de.bwaldvogel.liblinear.SolverType;
import io.liveharness.router.RouteContext;
import io.liveharness.router.features.FeatureHash;
import io.liveharness.router.features.TextFeaturizer;
import org.tribuo.ImmutableFeatureMap;
import org.tribuo.ImmutableOutputInfo;
import org.tribuo.VariableInfo;
import org.tribuo.classification.Label;
import org.tribuo.classification.liblinear.LibLinearClassificationModel;

/**
 * The trained liblinear logistic regression, compiled for the event loop: feature names become
 * 64-bit hashes in an open-addressing table, weights one flat array, and each thread reuses its
 * own working memory, so classifying allocates nothing. It computes what Tribuo's
 * {@code model.predict} computes (tested against it) without building names, examples or maps.
 */
public final class LinearScorer {
    private final TextFeaturizer featurizer;
    private final LongIntTable vocab;
    private final double[] weights;
    private final int stride;
    private final double[] bias;
    private final int[] contextIds;
    private final String[] labels;
    private final ThreadLocal<Work> work;

    /** One thread's working memory. */
    private final class Work {
        final TextFeaturizer.Scratch scratch = new TextFeaturizer.Scratch();
        final GramCounter counter = new GramCounter();
        final double[] dec = new double[labels.length];
    }

    public LinearScorer(TextFeaturizer featurizer, LibLinearClassificationModel model) {
        this.featurizer = featurizer;
        de.bwaldvogel.liblinear.Model inner = model.getInnerModels().getFirst();
        if (!inner.isProbabilityModel()) {
            throw new IllegalArgumentException("the router needs a probabilistic (logistic regression) liblinear model, got " + inner.getSolverType());
        }
        ImmutableFeatureMap features = model.getFeatureIDMap();
        ImmutableOutputInfo<Label> outputs = model.getOutputIDInfo();
        int nClass = inner.getNrClass();
        int[] ids = inner.getLabels();
        labels = new String[nClass];
        for (int c = 0; c < nClass; c++) labels[c] = outputs.getOutput(ids[c]).getLabel();
        // liblinear keeps a single weight vector for two classes (the second is its complement)
        stride = nClass == 2 && inner.getSolverType() != SolverType.MCSVM_CS ? 1 : nClass;
        double[] w = inner.getFeatureWeights();
        int n = features.size();
        weights = new double[n * stride];
        System.arraycopy(w, 0, weights, 0, n * stride);
        bias = new double[stride];
        for (int c = 0; c < stride; c++) {
            // Tribuo appends a constant-1 feature after the last id; liblinear may add its own bias too
            if (inner.getNrFeature() > n) bias[c] += w[n * stride + c];
            if (inner.getBias() >= 0) bias[c] += w[inner.getNrFeature() * stride + c] * inner.getBias();
        }
        vocab = new LongIntTable(n);
        for (VariableInfo info : features) {
            if (!vocab.put(FeatureHash.of(info.getName()), features.getID(info.getName()))) {
                throw new IllegalStateException("feature hash collision at '" + info.getName() + "'");
            }
        }
        contextIds = new int[TextFeaturizer.CONTEXT_NAMES.length];
        for (int bit = 0; bit < contextIds.length; bit++) contextIds[bit] = features.getID(TextFeaturizer.CONTEXT_NAMES[bit]);
        work = ThreadLocal.withInitial(Work::new);
    }

    public String label(int classIndex) { return labels[classIndex]; }

    public int classCount() { return labels.length; }

    /**
     * Scores one message. Writes class probabilities into {@code probabilities} (length
     * {@link #classCount()}) and returns the index of the most probable class.
     */
    public int score(String text, RouteContext context, double[] probabilities) {
        Work wk = work.get();
        GramCounter counter = wk.counter;
        double[] dec = wk.dec;
        java.util.Arrays.fill(dec, 0, stride, 0.0);
        int flags = featurizer.featurize(text, context, wk.scratch, counter);
        double norm = 0;
        for (int j = 0; j < counter.size; j++) {
            int slot = counter.used[j];
            double tf = TextFeaturizer.termWeight(counter.counts[slot]);
            norm += tf * tf;
            int id = vocab.get(counter.keys[slot], -1);
            if (id >= 0) {
                int base = id * stride;
                for (int c = 0; c < stride; c++) dec[c] += tf * weights[base + c];
            }
        }
        counter.clear();
        double inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
        for (int c = 0; c < stride; c++) dec[c] = dec[c] * inv + bias[c];
        for (int bit = 0; bit < contextIds.length; bit++) {
            int id = contextIds[bit];
            if ((flags & 1 << bit) != 0 && id >= 0) {
                for (int c = 0; c < stride; c++) dec[c] += weights[id * stride + c];
            }
        }
        return probabilities(dec, probabilities);
    }

    /** liblinear's one-vs-rest logistic probabilities: a sigmoid per class, normalised to sum 1. */
    private int probabilities(double[] dec, double[] p) {
        if (stride == 1) {
            p[0] = 1 / (1 + Math.exp(-dec[0]));
            p[1] = 1 - p[0];
            return p[0] >= p[1] ? 0 : 1;
        }
        double sum = 0;
        for (int c = 0; c < stride; c++) sum += p[c] = 1 / (1 + Math.exp(-dec[c]));
        int best = 0;
        for (int c = 0; c < stride; c++) {
            p[c] /= sum;
            if (p[c] > p[best]) best = c;
        }
        return best;
    }
}
