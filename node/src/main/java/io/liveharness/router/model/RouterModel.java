package io.liveharness.router.model;

import io.liveharness.router.RouteContext;
import io.liveharness.router.RouterModelException;
import io.liveharness.router.features.TextFeaturizer;
import org.tribuo.Model;
import org.tribuo.Prediction;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.liblinear.LibLinearClassificationModel;

import java.io.IOException;
import java.nio.file.Path;

/** A trained text classifier: the Tribuo model, the featurizer it was trained with, and its compiled scorer. */
public final class RouterModel {
    private final ModelHeader header;
    private final Model<Label> tribuo;
    private final NamedFeatures named;
    private final LinearScorer scorer;

    public RouterModel(ModelHeader header, Model<Label> tribuo) {
        if (!(tribuo instanceof LibLinearClassificationModel linear)) {
            throw new IllegalArgumentException("expected a liblinear classification model, got " + tribuo.getClass().getSimpleName());
        }
        this.header = header;
        this.tribuo = tribuo;
        TextFeaturizer featurizer = new TextFeaturizer(header.features());
        this.named = new NamedFeatures(featurizer);
        this.scorer = new LinearScorer(featurizer, linear);
    }

    public static RouterModel load(Path file) {
        RouterModelFile.Contents contents = RouterModelFile.read(file);
        try {
            return new RouterModel(contents.header(), contents.model());
        } catch (RuntimeException e) {
            throw new RouterModelException(file, "holds a model the router cannot use: " + e.getMessage(), e);
        }
    }

    public void save(Path file) throws IOException {
        RouterModelFile.write(file, header, tribuo);
    }

    public ModelHeader header() { return header; }

    /** This model with its header's data checksums set ({@link ModelHeader#data()}). */
    public RouterModel withData(java.util.Map<String, String> data) { return new RouterModel(header.withData(data), tribuo); }

    public Model<Label> tribuo() { return tribuo; }

    public LinearScorer scorer() { return scorer; }

    /** The most probable label, by the compiled scorer. Allocates the probability array: not for the hot path. */
    public String predictLabel(String text, RouteContext context) {
        double[] p = new double[scorer.classCount()];
        return scorer.label(scorer.score(text, context, p));
    }

    /** The same prediction made the plain Tribuo way (named features, {@code Model.predict}): the reference. */
    public Prediction<Label> predictWithTribuo(String text, RouteContext context) {
        return tribuo.predict(named.example(text, context, LabelFactory.UNKNOWN_LABEL));
    }
}
