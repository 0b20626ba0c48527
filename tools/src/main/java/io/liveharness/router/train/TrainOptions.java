package io.liveharness.router.train;

import io.liveharness.router.features.FeatureConfig;

/**
 * How to train: features, the liblinear L2 logistic regression's cost C and stopping tolerance,
 * the rarest feature kept (features seen in fewer training templates are dropped; a message without
 * a template counts as a template of its own), and whether
 * classes are weighted inversely to their frequency (so after_sales at 7 % is not drowned by
 * product_qa at 46 %).
 */
public record TrainOptions(FeatureConfig features, double cost, double epsilon, int minFeatureCount, boolean balanced) {
    public static final double DEFAULT_COST = 8.0;
    public static final double DEFAULT_EPSILON = 0.01;
    public static final int DEFAULT_MIN_FEATURE_COUNT = 2;
    public static final TrainOptions DEFAULT =
            new TrainOptions(FeatureConfig.DEFAULT, DEFAULT_COST, DEFAULT_EPSILON, DEFAULT_MIN_FEATURE_COUNT, true);

    public TrainOptions withCost(double c) { return new TrainOptions(features, c, epsilon, minFeatureCount, balanced); }

    public TrainOptions withFeatures(FeatureConfig f) { return new TrainOptions(f, cost, epsilon, minFeatureCount, balanced); }

    public TrainOptions withBalanced(boolean b) { return new TrainOptions(features, cost, epsilon, minFeatureCount, b); }

    public String describe() {
        return "liblinear L2 logistic regression, C=" + cost + (balanced ? ", balanced class weights" : "") + ", features " + features.format();
    }
}
