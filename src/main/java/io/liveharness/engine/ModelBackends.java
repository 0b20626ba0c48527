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
    /**
     * The shared KV pool holds this many rooms' worth of {@code engine.contextSize} tokens (until
     * conf has a key of its own for it); idle rooms beyond it are evicted, least recently used first.
     */
    public static final int KV_POOL_ROOMS = 4;

    public static ModelBackend open(EngineConfig config) {
        return switch (config.backend()) {
            case LLAMACPP -> BatchingBackend.open(BatchingOptions.of(Path.of(config.model()))
                    .withLibraryDir(config.library().isBlank() ? null : Path.of(config.library()))
                    .withContextSize(config.contextSize() * KV_POOL_ROOMS)
                    .withThreads(config.threads()));
            default -> throw new EngineException("engine.backend '" + config.backend() + "' is not known; use '" + LLAMACPP + "'");
        };
    }

    private ModelBackends() { }
}
