package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineBusyException;
import io.liveharness.engine.ShedReason;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.gguf.RandomModel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shedding at once: a request the batcher's backlog would finish past its deadline is refused when
 * it arrives, as {@code overload}, not ended at its deadline. Each decode step is slowed on purpose
 * (a fixed 50 ms on top of the tiny model's own few milliseconds), so the measured step time, and
 * with it every estimate, is known to within a few milliseconds.
 */
class SheddingTest {
    @TempDir
    static Path dir;
    static Path model;

    static final long STEP_MS = 50;

    @BeforeAll
    static void writeModel() {
        model = RandomModel.cached(RandomModel.Spec.tiny(), Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir);
    }

    /** A batcher whose steps take at least {@link #STEP_MS}, with its step time already measured. */
    static BatchingBackend slowBatcher(int sequences) {
        BatchingBackend b = BatchingBackend.open(BatchingOptions.of(model).withLibraryDir(LlamaTestSupport.libraryDir())
                .withThreads(1).withContextSize(1024).withMaxSequences(sequences).withStepTokens(64));
        b.slowEachStep(TimeUnit.MILLISECONDS.toNanos(STEP_MS));
        b.complete(ask("warm-up", 4, Long.MAX_VALUE), TokenSink.NONE).join(); // a few measured steps
        return b;
    }

    static CompletionRequest ask(String room, int maxTokens, long deadlineNanos) {
        return CompletionRequest.chat(room, List.of(ChatMessage.system("You are Mia, selling sneakers live."),
                ChatMessage.user("how much are the red ones?")), SamplingParams.GREEDY, maxTokens, deadlineNanos);
    }

    static long inMs(long ms) { return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms); }

    static EngineBusyException overload(CompletableFuture<Completion> f, long withinMs) {
        var e = assertThrows(ExecutionException.class, () -> f.get(withinMs, TimeUnit.MILLISECONDS),
                "refused within " + withinMs + " ms, not ended at its deadline");
        assertTrue(e.getCause() instanceof EngineBusyException, "refused as busy: " + e.getCause());
        EngineBusyException busy = (EngineBusyException) e.getCause();
        assertEquals(ShedReason.OVERLOAD, busy.reason(), busy.getMessage());
        return busy;
    }

    @Test
    void aRequestTheBacklogWouldFinishPastItsDeadlineIsRefusedAtOnceAsOverload() {
        try (BatchingBackend b = slowBatcher(4)) {
            long asked = System.nanoTime();
            // 100 reply tokens at >= 50 ms a step is 5 s at the least: it cannot make a deadline 2 s away
            CompletableFuture<Completion> f = b.complete(ask("room", 100, inMs(2_000)), TokenSink.NONE);
            EngineBusyException busy = overload(f, 1_000);
            assertTrue(System.nanoTime() - asked < 1_000_000_000L, "refused within a second of its arrival");
            assertTrue(busy.getMessage().contains("deadline"), busy.getMessage());
            assertEquals(0, b.snapshot().running(), "nothing was decoded for it");
            assertEquals(1, b.shed().getOrDefault(ShedReason.OVERLOAD, 0L), "counted as shed for overload");
        }
    }

    @Test
    void aRequestThatFitsItsDeadlineIsNotShed() {
        try (BatchingBackend b = slowBatcher(4)) {
            // 8 tokens and a prefill step at ~50 ms a step: about half a second, against a deadline 5 s away
            Completion c = b.complete(ask("room", 8, inMs(5_000)), TokenSink.NONE).join();
            assertNotEquals(StopReason.DEADLINE, c.stopReason());
            assertTrue(c.completionTokens() > 0, "the model answered: " + c);
            assertEquals(0L, b.shed().getOrDefault(ShedReason.OVERLOAD, 0L));
        }
    }

    @Test
    void aLowPriorityRequestIsShedBeforeAHighPriorityOneWhenOnlyOneCanFinishInTime() throws Exception {
        try (BatchingBackend b = slowBatcher(1)) { // one sequence: the two replies run one after the other
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<Boolean> busy = b.onDecodeThread(x -> {
                try { return release.await(30, TimeUnit.SECONDS); } catch (InterruptedException e) { return false; }
            });
            // Each needs a prefill step and 20 reply steps, ~1.05 s at 50 ms a step: one fits in 1.6 s, both in turn
            // (~2.1 s) do not. The chitchat arrives first; priority, not arrival, decides which is shed.
            CompletableFuture<Completion> chitchat = b.complete(ask("chat-room", 20, inMs(1_900))
                    .withPriority(CompletionRequest.PRIORITY_CHITCHAT), TokenSink.NONE);
            CompletableFuture<Completion> product = b.complete(ask("product-room", 20, inMs(1_900))
                    .withPriority(CompletionRequest.PRIORITY_PRODUCT), TokenSink.NONE);
            Thread.sleep(300); // both are tokenized and queued while the decode thread is held
            release.countDown();
            busy.get(30, TimeUnit.SECONDS);

            overload(chitchat, 1_000);
            Completion answered = product.get(10, TimeUnit.SECONDS);
            assertNotEquals(StopReason.DEADLINE, answered.stopReason(), "the product question was answered in time: " + answered);
            assertTrue(answered.completionTokens() > 0, answered.toString());
        }
    }

    @Test
    void aWaitingChitchatThatFitsIsShedWhenAProductQuestionArrivesAheadOfIt() throws Exception {
        try (BatchingBackend b = slowBatcher(1)) { // one sequence: every request waits for the one before it
            CountDownLatch replying = new CountDownLatch(1);
            CompletableFuture<Completion> first = b.complete(ask("first-room", 10, Long.MAX_VALUE), p -> replying.countDown());
            replying.await();
            // After the running reply (~0.5 s), 12 tokens take ~0.65 s: the chitchat fits its 1.6 s, and waits
            CompletableFuture<Completion> chitchat = b.complete(ask("chat-room", 12, inMs(1_600))
                    .withPriority(CompletionRequest.PRIORITY_CHITCHAT), TokenSink.NONE);
            Thread.sleep(100);
            assertTrue(!chitchat.isDone(), "the chitchat fits and waits: " + chitchat);
            // A product question goes first: the chitchat would now finish ~1.8 s after it arrived, past its deadline
            CompletableFuture<Completion> product = b.complete(ask("product-room", 12, inMs(5_000))
                    .withPriority(CompletionRequest.PRIORITY_PRODUCT), TokenSink.NONE);
            overload(chitchat, 500);
            assertNotEquals(StopReason.DEADLINE, product.get(10, TimeUnit.SECONDS).stopReason());
            first.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theBacklogEstimateCountsQueuedPrefillAndRunningSequences() throws Exception {
        try (BatchingBackend b = slowBatcher(2)) {
            CountDownLatch replying = new CountDownLatch(1);
            CompletableFuture<Completion> running = b.complete(ask("a", 60, Long.MAX_VALUE), p -> replying.countDown());
            replying.await();
            long deadline = System.nanoTime() + 10_000_000_000L;
            BatchingBackend.Backlog backlog;
            while ((backlog = b.backlog()).running() < 1) {
                assertTrue(System.nanoTime() < deadline, "the backlog never showed the running sequence: " + backlog);
                Thread.sleep(10);
            }
            assertTrue(backlog.stepNanos() >= TimeUnit.MILLISECONDS.toNanos(STEP_MS), "measured step time: " + backlog);
            assertTrue(backlog.clearNanos() >= TimeUnit.MILLISECONDS.toNanos(STEP_MS) * 10,
                    "the running reply's remaining ~50 steps are in the estimate: " + backlog);
            running.cancel(true);
        }
    }
}
