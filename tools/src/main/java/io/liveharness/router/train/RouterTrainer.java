package io.liveharness.router.train;

import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Parameter;
import io.liveharness.router.features.TextFeaturizer;
import io.liveharness.router.model.ModelHeader;
import io.liveharness.router.model.NamedFeatures;
import io.liveharness.router.model.RouterModel;
import org.tribuo.Dataset;
import org.tribuo.Example;
import org.tribuo.Feature;
import org.tribuo.Model;
import org.tribuo.MutableDataset;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.liblinear.LibLinearClassificationTrainer;
import org.tribuo.classification.liblinear.LinearClassificationType;
import org.tribuo.provenance.SimpleDataSourceProvenance;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Trains the router's Tribuo pipeline: named n-gram features into a liblinear L2 logistic regression. */
public final class RouterTrainer {
    private final TrainOptions options;
    private final PrintStream progress;

    public RouterTrainer(TrainOptions options, PrintStream progress) {
        this.options = options;
        this.progress = progress;
    }

    public RouterModel train(List<LabelledMessage> messages, String description) {
        long t0 = System.nanoTime();
        NamedFeatures named = new NamedFeatures(new TextFeaturizer(options.features()));
        LabelFactory labels = new LabelFactory();
        List<Example<Label>> examples = new ArrayList<>(messages.size());
        // feature -> how many templates it occurs in (a message without a template counts as its own)
        Map<String, Set<String>> groups = new HashMap<>();
        int step = Math.max(1, messages.size() / 10);
        for (int i = 0; i < messages.size(); i++) {
            LabelledMessage m = messages.get(i);
            Example<Label> example = named.example(m.text(), m.context(), labels.generateOutput(m.label()));
            String group = m.template().isEmpty() ? "#" + i : m.template();
            for (Feature f : example) groups.computeIfAbsent(f.getName(), k -> new HashSet<>(2)).add(group);
            examples.add(example);
            if ((i + 1) % step == 0 || i + 1 == messages.size()) {
                progress.printf("features: %d/%d messages%n", i + 1, messages.size());
            }
        }
        MutableDataset<Label> kept = new MutableDataset<>(new SimpleDataSourceProvenance(description, labels), labels);
        for (Example<Label> example : examples) {
            // dropped after normalising, as the scorer ignores unknown grams after normalising over all of them
            List<Feature> rare = new ArrayList<>();
            for (Feature f : example) if (groups.get(f.getName()).size() < options.minFeatureCount()) rare.add(f);
            example.removeFeatures(rare);
            if (example.size() > 0) kept.add(example);
        }
        progress.printf("features: %d distinct (%d kept: in at least %d templates), %d labels%n",
                groups.size(), kept.getFeatureMap().size(), options.minFeatureCount(), kept.getOutputInfo().size());
        progress.printf("training: %s, eps=%s%n", options.describe(), options.epsilon());
        ProgressTrainer trainer = new ProgressTrainer(options, progress, kept.getOutputInfo().size());
        if (options.balanced()) trainer.setLabelWeights(balancedWeights(kept));
        Model<Label> model = trainer.train(kept);
        progress.printf("training: done in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        return new RouterModel(new ModelHeader(options.features(), description), model);
    }

    /** Weight n / (k * n_c) per class: every class carries the same total weight. */
    private static Map<Label, Float> balancedWeights(Dataset<Label> data) {
        Map<Label, Float> weights = new HashMap<>();
        int k = data.getOutputInfo().size();
        for (var e : data.getOutputInfo().outputCountsIterable()) {
            weights.put(new Label(e.getA()), (float) (data.size() / (k * (double) e.getB())));
        }
        return weights;
    }

    /** Shows liblinear's solver iterations, which Tribuo switches off, as a per-class progress line. */
    private static final class ProgressTrainer extends LibLinearClassificationTrainer {
        private final transient PrintStream progress;
        private final transient int classes;

        ProgressTrainer(TrainOptions o, PrintStream progress, int classes) {
            super(new LinearClassificationType(LinearClassificationType.LinearType.L2R_LR), o.cost(), 1000, o.epsilon());
            this.progress = progress;
            this.classes = classes;
        }

        @Override
        protected List<de.bwaldvogel.liblinear.Model> trainModels(Parameter p, int numFeatures, FeatureNode[][] x, double[][] y) {
            PrintStream solver = new PrintStream(new SolverLines(progress, classes), true, StandardCharsets.UTF_8);
            Linear.setDebugOutput(solver);
            try {
                return super.trainModels(p, numFeatures, x, y);
            } finally {
                Linear.disableDebugOutput();
                solver.close();
            }
        }
    }

    /** Counts the solver's one-vs-rest passes from its "iter" lines and prints one line per class. */
    private static final class SolverLines extends OutputStream {
        private final PrintStream out;
        private final int classes;
        private final StringBuilder line = new StringBuilder();
        private int iterations;
        private int done;
        private long lastIter = Long.MAX_VALUE;

        SolverLines(PrintStream out, int classes) {
            this.out = out;
            this.classes = classes == 2 ? 1 : classes;
        }

        @Override
        public void write(int b) {
            if (b != '\n') { line.append((char) b); return; }
            String s = line.toString().trim();
            line.setLength(0);
            if (!s.startsWith("iter")) return;
            String[] parts = s.replace("=", " ").split("\\s+");
            long iter;
            try {
                iter = Long.parseLong(parts[1]);
            } catch (RuntimeException e) {
                return;
            }
            if (iter <= lastIter && iterations > 0) report();
            iterations++;
            lastIter = iter;
        }

        private void report() {
            done++;
            out.printf("training: class %d/%d converged after %d Newton steps%n", done, classes, iterations);
            iterations = 0;
        }

        @Override
        public void close() {
            if (iterations > 0) report();
        }
    }
}
