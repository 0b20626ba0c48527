package io.liveharness.ops;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.TokenSink;

import java.util.concurrent.CompletableFuture;

/**
 * A model backend that reports each generation to {@link NodeMetrics} (time to first token,
 * tokens per second, errors) and otherwise does exactly what the backend it wraps does. It does
 * not own the backend: closing it closes nothing.
 */
public final class MeteredModelBackend implements ModelBackend {
    private final ModelBackend backend;
    private final NodeMetrics metrics;

    public MeteredModelBackend(ModelBackend backend, NodeMetrics metrics) {
        this.backend = backend;
        this.metrics = metrics;
    }

    @Override
    public ModelInfo info() { return backend.info(); }

    @Override
    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        CompletableFuture<Completion> f = backend.complete(request, sink);
        f.whenComplete((c, e) -> {
            if (e != null) metrics.modelError(e instanceof java.util.concurrent.CompletionException ce ? ce.getCause() : e);
            else metrics.completion(c);
        });
        return f;
    }

    @Override
    public java.util.Optional<String> failure() { return backend.failure(); }

    @Override
    public void close() { }
}
