package io.liveharness.router.train;

import io.liveharness.router.features.FeatureConfig;
import io.liveharness.router.model.RouterModel;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Picks the features (CJK 4-grams, cue lexicon), the cost C and the class weighting on a validation split carved from the training data; the test split is never
 * looked at. Messages with a template id are split by template, as train and test are, so the
 * validation score predicts the test score instead of flattering it.
 */
public final class Tuner {
    public static final double[] COSTS = {2, 8, 32, 128};
    public static final double VALIDATION_SHARE = 0.2;

    /** The feature variants tried: the first model's, each addition alone, and both. */
    public static final List<FeatureConfig> FEATURES = List.of(FeatureConfig.BASELINE, FeatureConfig.BASELINE.withCjkMax(4),
            FeatureConfig.BASELINE.withLexicon(true), FeatureConfig.BASELINE.withCjkMax(4).withLexicon(true));

    public record Split(List<LabelledMessage> fit, List<LabelledMessage> validation) { }

    private final PrintStream progress;
    private final List<FeatureConfig> features;
    private Evaluation bestValidation;
    private int fitSize;
    private int validationSize;

    public Tuner(PrintStream progress) { this(progress, FEATURES); }

    public Tuner(PrintStream progress, List<FeatureConfig> features) {
        this.progress = progress;
        this.features = List.copyOf(features);
    }

    /** Tries every feature variant, C and class weighting; keeps the best validation macro-F1 (ties: the first tried). */
    public TrainOptions tune(List<LabelledMessage> train, TrainOptions base) {
        Split split = split(train, 7);
        fitSize = split.fit().size();
        validationSize = split.validation().size();
        progress.printf("tuning: %d fit / %d validation messages%n", fitSize, validationSize);
        double bestScore = -1;
        TrainOptions best = base;
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        for (FeatureConfig f : features) {
            for (boolean balanced : new boolean[] {false, true}) {
                for (double c : COSTS) {
                    TrainOptions o = base.withFeatures(f).withCost(c).withBalanced(balanced);
                    RouterModel model = new RouterTrainer(o, quiet).train(split.fit(), "validation fit");
                    Evaluation e = evaluate(model, split.validation());
                    progress.printf("tuning: features %-22s C=%-5s balanced=%-5s validation %s%n", f.format(), c, balanced, e.summaryLine());
                    if (e.macroF1() > bestScore) {
                        bestScore = e.macroF1();
                        best = o;
                        bestValidation = e;
                    }
                }
            }
        }
        progress.printf("tuning: chose features %s C=%s balanced=%s%n", best.features().format(), best.cost(), best.balanced());
        return best;
    }

    /** The validation evaluation of the chosen options, after {@link #tune}; null before. */
    public Evaluation bestValidation() { return bestValidation; }

    public int fitSize() { return fitSize; }

    public int validationSize() { return validationSize; }

    public static Evaluation evaluate(RouterModel model, List<LabelledMessage> data) {
        List<String> gold = new ArrayList<>(data.size());
        List<String> predicted = new ArrayList<>(data.size());
        for (LabelledMessage m : data) {
            gold.add(m.label());
            predicted.add(model.predictLabel(m.text(), m.context()));
        }
        return Evaluation.of(gold, predicted);
    }

    /** Per label, a share of templates (or, without templates, of messages) goes to validation. */
    public static Split split(List<LabelledMessage> data, long seed) {
        Random rnd = new Random(seed);
        Map<String, List<String>> groupsByLabel = new HashMap<>();
        Map<String, List<LabelledMessage>> byGroup = new HashMap<>();
        for (int i = 0; i < data.size(); i++) {
            LabelledMessage m = data.get(i);
            String group = m.template().isEmpty() ? "#" + i : m.template();
            byGroup.computeIfAbsent(group, g -> {
                groupsByLabel.computeIfAbsent(m.label(), l -> new ArrayList<>()).add(g);
                return new ArrayList<>();
            }).add(m);
        }
        List<LabelledMessage> fit = new ArrayList<>();
        List<LabelledMessage> validation = new ArrayList<>();
        groupsByLabel.keySet().stream().sorted().forEach(label -> {
            List<String> groups = groupsByLabel.get(label);
            Collections.shuffle(groups, rnd);
            int n = groups.size() < 3 ? 0 : Math.max(1, (int) Math.round(groups.size() * VALIDATION_SHARE));
            for (int i = 0; i < groups.size(); i++) (i < n ? validation : fit).addAll(byGroup.get(groups.get(i)));
        });
        return new Split(fit, validation);
    }
}
