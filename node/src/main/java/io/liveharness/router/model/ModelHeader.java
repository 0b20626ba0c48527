package io.liveharness.router.model;

import io.liveharness.router.features.FeatureConfig;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the model file says about itself besides the Tribuo model: how to make its features, and
 * which data made it.
 *
 * @param features  the featurizer configuration the model was trained with
 * @param trainedOn a description of the training data (file and size)
 * @param data      SHA-256 (hex) of each data file the model was made from, by path: the files its
 *                  data set was generated from and the cue lexicon its features read; empty when
 *                  unknown (a model written before this was recorded, or a data set without a manifest)
 */
public record ModelHeader(FeatureConfig features, String trainedOn, Map<String, String> data) {

    public ModelHeader {
        data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    public ModelHeader(FeatureConfig features, String trainedOn) { this(features, trainedOn, Map.of()); }

    public ModelHeader withData(Map<String, String> data) { return new ModelHeader(features, trainedOn, data); }
}
