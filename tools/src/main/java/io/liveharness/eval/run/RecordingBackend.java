package io.liveharness.eval.run;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.TokenSink;
import io.liveharness.eval.run.Transcript.ModelCall;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The backend under evaluation, unchanged, with every call it serves written down: the messages
 * as the pipeline sent them and the text as the model returned it. The runner takes the calls of
 * one case when the case ends (cases run one at a time).
 */
final class RecordingBackend implements ModelBackend {
    private final ModelBackend model;
    private final List<ModelCall> calls = new ArrayList<>();

    RecordingBackend(ModelBackend model) { this.model = model; }

    public ModelInfo info() { return model.info(); }

    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        long started = System.nanoTime();
        return model.complete(request, sink).whenComplete((c, e) -> {
            long ms = (System.nanoTime() - started) / 1_000_000;
            ModelCall call = c != null
                    ? new ModelCall(request.messages(), c.text(), c.stopReason().name().toLowerCase(java.util.Locale.ROOT),
                    c.promptTokens(), c.completionTokens(), ms, null)
                    : new ModelCall(request.messages(), null, "error", 0, 0, ms, String.valueOf(e.getMessage()));
            synchronized (calls) { calls.add(call); }
        });
    }

    /** The calls since the last take. */
    List<ModelCall> take() {
        synchronized (calls) {
            List<ModelCall> out = List.copyOf(calls);
            calls.clear();
            return out;
        }
    }

    public void close() { model.close(); }
}
