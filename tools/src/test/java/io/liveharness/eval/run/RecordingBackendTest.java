package io.liveharness.eval.run;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;
import io.liveharness.eval.run.Transcript.ModelCall;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recorder in front of the backend under evaluation changes nothing the pipeline sees: a
 * generation the pipeline cancels (a hook blocked its segment) is cancelled at the engine, and the
 * case's transcript keeps what the model had written by then.
 */
class RecordingBackendTest {

    /** An engine mid-generation: it has streamed two pieces and goes on until it is cancelled. */
    static final class Streaming implements ModelBackend {
        final CompletableFuture<Completion> generation = new CompletableFuture<>();

        public ModelInfo info() { return null; }

        public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
            sink.onPiece("The Kovi S ");
            sink.onPiece("earbuds is ¥299,");
            return generation;
        }

        public void close() { }
    }

    @Test
    void aCancelledGenerationIsCancelledAtTheEngineAndKeptWithWhatItHadWritten() {
        Streaming engine = new Streaming();
        RecordingBackend recorder = new RecordingBackend(engine);
        StringBuilder heard = new StringBuilder();
        CompletionRequest request = CompletionRequest.chat("room-1", List.of(ChatMessage.user("earbuds?")), SamplingParams.GREEDY, 64,
                System.nanoTime() + 60_000_000_000L);
        CompletableFuture<Completion> answer = recorder.complete(request, heard::append);
        assertEquals("The Kovi S earbuds is ¥299,", heard.toString(), "the pipeline hears every piece");

        answer.cancel(false);
        assertTrue(engine.generation.isCancelled(), "the engine stops generating");
        List<ModelCall> calls = recorder.take();
        assertEquals(1, calls.size(), "recorded before the cancel returns, so within its case: " + calls);
        assertEquals("cancelled", calls.getFirst().stopReason());
        assertEquals("The Kovi S earbuds is ¥299,", calls.getFirst().output());
        assertEquals(List.of(), recorder.take(), "and only once");
    }
}
