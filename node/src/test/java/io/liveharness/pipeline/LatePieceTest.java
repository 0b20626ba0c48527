package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An engine decodes a step while the room cancels the generation (a hook blocked its first
 * segment): that step's piece reaches the room after the cancel, by then into the retry's reply.
 * It belongs to the cancelled generation and is never said.
 */
class LatePieceTest {

    /**
     * First call: a price no fact backs, then, once the retry has started, the piece of the step it
     * was decoding when cancelled. Second call: the answer.
     */
    static final class SteppingEngine implements ModelBackend {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch retryStarted = new CountDownLatch(1);

        public ModelInfo info() { return new ModelInfo("stepping", "scripted", 0, 0, "none", true); }

        public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
            CompletableFuture<Completion> done = new CompletableFuture<>();
            if (calls.incrementAndGet() > 1) {
                retryStarted.countDown();
                Thread.ofVirtual().start(() -> {
                    sink.onPiece("这条裙子¥159，M码有货哦。");
                    done.complete(new Completion("这条裙子¥159，M码有货哦。", 0, 1, StopReason.END_OF_TEXT, 0, 0));
                });
                return done;
            }
            Thread.ofVirtual().start(() -> {
                sink.onPiece("这条裙子只要¥66！");
                sink.onPiece("快"); // the segment before it is whole once the next character has come
                try {
                    if (retryStarted.await(20, TimeUnit.SECONDS)) sink.onPiece("来买吧！");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            return done;
        }

        public void close() { }
    }

    @Test
    void aPieceOfTheCancelledGenerationIsNotPartOfTheRetry() {
        SteppingEngine engine = new SteppingEngine();
        try (Node node = TestNodes.start(TestNodes.patient(TestNodes.config()), engine)) {
            new Http(node.port()).post("/v1/rooms/dress-room/messages", Http.JSON.createObjectNode()
                    .put("messageId", "late-1").put("userId", "v").put("text", "这条裙子多少钱?").toString());
            JsonNode o = Http.operator(node.port()).awaitOperatorOutcome("late-1", Duration.ofSeconds(30));
            assertEquals(2, engine.calls.get(), "one retry after the block: " + o);
            assertTrue(o.path("hooks").toString().contains("false-claims: block"), o.toString());
            assertEquals("model", o.path("reason").asText(), o.toString());
            assertEquals("这条裙子¥159，M码有货哦。", o.path("reply").asText(), o.toString());
        }
    }
}
