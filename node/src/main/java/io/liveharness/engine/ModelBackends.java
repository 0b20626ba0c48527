package io.liveharness.engine;

import io.liveharness.config.NodeConfig.EngineConfig;
import io.liveharness.engine.llama.BatchingBackend;
import io.liveharness.engine.llama.BatchingOptions;
import io.liveharness.engine.remote.RemoteBackend;
import io.liveharness.engine.remote.RemoteOptions;

import java.nio.file.Path;

/**
 * Opens the backend that {@code engine.backend} in conf names. {@code llamacpp} is the
 * {@link BatchingBackend}: all rooms of a node share one context and decode together, each room
 * in a KV stream of {@code engine.contextSize} positions, {@code engine.maxSequences} of them
 * ({@code engine.kvPoolTokens} is not used).
 */
public final class ModelBackends {
    public static final String LLAMACPP = "llamacpp";
    public static final String REMOTE = "remote";

    public static ModelBackend open(EngineConfig config) {
        return switch (config.backend()) {
            case LLAMACPP -> BatchingBackend.open(BatchingOptions.of(Path.of(config.model()))
                    .withLibraryDir(config.library().isBlank() ? null : Path.of(config.library()))
                    .withContextSize(config.contextSize()) // per room: each room's sequence has a KV stream of its own
                    .withMaxSequences(config.maxSequences())
                    .withStepTokens(config.stepTokens())
                    .withThreads(config.threads())
                    // what the OpenAI-compatible API's requests may take together; the rest is the rooms'
                    .withGuestLimits(config.apiSequences(), config.apiStepTokens())
                    // evicted rooms restored from host memory; version-wide prompt prefixes computed once
                    .withKvReuse(config.kvHostCacheMb() * 1024L * 1024L, config.sharedPrefixes()));
            case REMOTE -> RemoteBackend.open(remoteOptions(config));
            default -> throw new EngineException("engine.backend '" + config.backend() + "' is not known; use '"
                    + LLAMACPP + "' or '" + REMOTE + "'");
        };
    }

    private static RemoteOptions remoteOptions(EngineConfig c) {
        try {
            return new RemoteOptions(c.remoteUrl(), c.remoteApiKey(), c.remoteModel(), c.remoteTimeoutMs(), false);
        } catch (IllegalArgumentException e) {
            throw new EngineException("engine.remoteUrl / engine.remoteModel / engine.remoteTimeoutMs: " + e.getMessage(), e);
        }
    }

    private ModelBackends() { }
}
