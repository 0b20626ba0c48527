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
        StringBuilder streamed = new StringBuilder();
        CompletableFuture<Completion> generation = model.complete(request, piece -> {
            synchronized (streamed) { streamed.append(piece); }
            sink.onPiece(piece);
        });
        // The pipeline cancels what this returns: the engine must hear it, as it would without the recorder,
        // and the call is written down as the cancel runs, so within its case.
        CompletableFuture<Completion> answer = new CompletableFuture<>();
        generation.whenComplete((c, e) -> {
            long ms = (System.nanoTime() - started) / 1_000_000;
            ModelCall call;
            if (c != null) {
                call = new ModelCall(request.messages(), c.text(), c.stopReason().name().toLowerCase(java.util.Locale.ROOT),
                        c.promptTokens(), c.completionTokens(), ms, null);
            } else if (e instanceof java.util.concurrent.CancellationException) {
                // a blocked segment stopped it: what it had written by then is what the hooks judged
                String text;
                synchronized (streamed) { text = streamed.toString(); }
                call = new ModelCall(request.messages(), text, "cancelled", 0, 0, ms, null);
            } else {
                call = new ModelCall(request.messages(), null, "error", 0, 0, ms, String.valueOf(e.getMessage()));
            }
            synchronized (calls) { calls.add(call); }
            if (e == null) answer.complete(c);
            else answer.completeExceptionally(e);
        });
        answer.whenComplete((c, e) -> {
            if (answer.isCancelled()) generation.cancel(false);
        });
        return answer;
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
