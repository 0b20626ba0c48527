package io.liveharness.router.train;

import io.liveharness.router.model.RouterModel;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Picks the cost C on a validation split carved from the training data; the test split is never
 * looked at. Messages with a template id are split by template, as train and test are, so the
 * validation score predicts the test score instead of flattering it.
 */
public final class Tuner {
    public static final double[] COSTS = {2, 8, 32, 128};
    public static final double VALIDATION_SHARE = 0.2;

    public record Split(List<LabelledMessage> fit, List<LabelledMessage> validation) { }

    private final PrintStream progress;

    public Tuner(PrintStream progress) { this.progress = progress; }

    public TrainOptions tune(List<LabelledMessage> train, TrainOptions base) {
        Split split = split(train, 7);
        progress.printf("tuning: %d fit / %d validation messages%n", split.fit().size(), split.validation().size());
        double bestScore = -1;
        TrainOptions best = base;
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        for (boolean balanced : new boolean[] {false, true}) {
            for (double c : COSTS) {
                TrainOptions o = base.withCost(c).withBalanced(balanced);
                RouterModel model = new RouterTrainer(o, quiet).train(split.fit(), "validation fit");
                Evaluation e = evaluate(model, split.validation());
                progress.printf("tuning: C=%-5s balanced=%-5s validation %s%n", c, balanced, e.summaryLine());
                if (e.macroF1() > bestScore) {
                    bestScore = e.macroF1();
                    best = o;
                }
            }
        }
        progress.printf("tuning: chose C=%s balanced=%s%n", best.cost(), best.balanced());
        return best;
    }

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
