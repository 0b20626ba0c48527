package io.liveharness.router.model;

import io.liveharness.router.features.FeatureConfig;

/**
 * What the model file says about itself besides the Tribuo model: how to make its features.
 *
 * @param features  the featurizer configuration the model was trained with
 * @param trainedOn a description of the training data (file and size)
 */
public record ModelHeader(FeatureConfig features, String trainedOn) {
}
