package io.liveharness.training.rl;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The arm's model with the pipeline's greedy requests turned into sampled ones at a temperature,
 * for expert iteration: the pipeline, prompts, tools and hooks stay exactly as a room runs them;
 * only how the next token is picked changes. Each call gets its own seed, from a counter, so a
 * run is reproducible when its calls come in the same order (cases run one at a time).
 */
public final class SamplingBackend implements ModelBackend {
    private final ModelBackend model;
    private final float temperature;
    private final long seed;
    private long calls;

    public SamplingBackend(ModelBackend model, double temperature, long seed) {
        this.model = model;
        this.temperature = (float) temperature;
        this.seed = seed;
    }

    @Override
    public ModelInfo info() { return model.info(); }

    @Override
    public synchronized CompletableFuture<Completion> complete(CompletionRequest r, TokenSink sink) {
        SamplingParams sampled = new SamplingParams(temperature, 1f, 0, r.sampling().repetition(), seed * 1_000_003L + calls++, r.sampling().toolCalls(),
                r.sampling().opening());
        return model.complete(new CompletionRequest(r.sequenceKey(), r.messages(), r.rawPrompt(), sampled, r.maxTokens(), r.deadlineNanos(),
                r.priority(), r.guest(), r.admitByNanos(), r.sharedPrefix()), sink);
    }

    @Override
    public Optional<String> failure() { return model.failure(); }

    @Override
    public void close() { model.close(); }
}
