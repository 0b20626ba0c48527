package io.liveharness.engine;

import io.liveharness.config.NodeConfig.EngineConfig;
import io.liveharness.engine.llama.BatchingBackend;
import io.liveharness.engine.llama.BatchingOptions;

import java.nio.file.Path;

/**
 * Opens the backend that {@code engine.backend} in conf names. {@code llamacpp} is the
 * {@link BatchingBackend}: all rooms of a node share one context and decode together.
 */
public final class ModelBackends {
    public static final String LLAMACPP = "llamacpp";

    public static ModelBackend open(EngineConfig config) {
        return switch (config.backend()) {
            case LLAMACPP -> BatchingBackend.open(BatchingOptions.of(Path.of(config.model()))
                    .withLibraryDir(config.library().isBlank() ? null : Path.of(config.library()))
                    .withContextSize(config.kvPoolTokens())
                    .withSequenceTokens(config.contextSize())
                    .withMaxSequences(config.maxSequences())
                    .withStepTokens(config.stepTokens())
                    .withThreads(config.threads()));
            default -> throw new EngineException("engine.backend '" + config.backend() + "' is not known; use '" + LLAMACPP + "'");
        };
    }

    private ModelBackends() { }
}
