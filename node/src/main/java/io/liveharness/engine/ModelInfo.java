package io.liveharness.engine;

/**
 * What a backend runs, for the demo banner and the operator API.
 *
 * @param testModel       true for models whose text carries no meaning (tiny or random-weight models)
 * @param trainingContext positions the model was trained on; 0 where unknown
 * @param roomContext     positions one room's KV stream holds; 0 where the backend holds none
 */
public record ModelInfo(String name, String architecture, long parameters, long fileBytes,
                        String library, boolean testModel, int trainingContext, int roomContext) {

    /** A backend that holds no KV streams of its own (remote, scripted). */
    public ModelInfo(String name, String architecture, long parameters, long fileBytes, String library, boolean testModel) {
        this(name, architecture, parameters, fileBytes, library, testModel, 0, 0);
    }

    /** Whether a room's stream runs past the positions the model was trained on (engine.contextSize above it). */
    public boolean roomsPastTraining() {
        return trainingContext > 0 && roomContext > trainingContext;
    }
}
