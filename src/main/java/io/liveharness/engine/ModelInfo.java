package io.liveharness.engine;

/**
 * What a backend runs, for the demo banner and the operator API.
 *
 * @param testModel true for models whose text carries no meaning (tiny or random-weight models)
 */
public record ModelInfo(String name, String architecture, long parameters, long fileBytes,
                        String library, boolean testModel) {
}
