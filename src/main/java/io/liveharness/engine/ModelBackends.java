package io.liveharness.engine;

import io.liveharness.config.NodeConfig.EngineConfig;
import io.liveharness.engine.llama.LlamaBackend;
import io.liveharness.engine.llama.LlamaOptions;

import java.nio.file.Path;

/** Opens the backend that {@code engine.backend} in conf names. */
public final class ModelBackends {
    public static final String LLAMACPP = "llamacpp";

    public static ModelBackend open(EngineConfig config) {
        return switch (config.backend()) {
            case LLAMACPP -> LlamaBackend.open(LlamaOptions.of(Path.of(config.model()))
                    .withLibraryDir(config.library().isBlank() ? null : Path.of(config.library()))
                    .withContextSize(config.contextSize())
                    .withThreads(config.threads()));
            default -> throw new EngineException("engine.backend '" + config.backend() + "' is not known; use '" + LLAMACPP + "'");
        };
    }

    private ModelBackends() { }
}
