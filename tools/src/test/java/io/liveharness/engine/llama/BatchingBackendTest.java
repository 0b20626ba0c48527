package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.gguf.RandomModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batcher against the single-sequence {@link LlamaBackend} on a random-weight qwen3 (a few MB,
 * written per run). Greedy outputs are compared token for token: on the CPU backend a sequence's
 * logits do not depend on which other sequences share its batch or how its prompt was chunked
 * (masked KV cells contribute exactly zero), so any difference is a batching bug.
 */
class BatchingBackendTest {
    @TempDir
    static Path dir;
    static Path model;
    static LlamaBackend alone;

    @BeforeAll
    static void writeModel() {
        model = RandomModel.cached(RandomModel.Spec.tiny(), Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir);
        alone = LlamaBackend.open(LlamaOptions.of(model).withLibraryDir(LlamaTestSupport.libraryDir()).withThreads(1).withContextSize(2048));
    }

    @AfterAll
    static void close() { alone.close(); }

    static BatchingBackend batcher(int sequences, int stepTokens) {
        return batcher(sequences, stepTokens, 2048);
    }

    /** {@code roomContext}: positions of each room's own KV stream. */
    static BatchingBackend batcher(int sequences, int stepTokens, int roomContext) {
        return BatchingBackend.open(BatchingOptions.of(model).withLibraryDir(LlamaTestSupport.libraryDir()).withThreads(1)
                .withContextSize(roomContext).withMaxSequences(sequences).withStepTokens(stepTokens));
    }

    static CompletionRequest ask(String room, String question, int maxTokens) {
        return CompletionRequest.chat(room, List.of(ChatMessage.system("You are Mia, selling sneakers live."),
                ChatMessage.user(question)), SamplingParams.GREEDY, maxTokens, Long.MAX_VALUE);
    }

    static final List<String> QUESTIONS = List.of("how much are the red ones?", "do you ship to Lyon?",
            "is size 42 in stock", "what material is the sole made of, and is it vegan?", "hi!", "discount code?");

    @Test
    void sequencesDecodedTogetherGiveTheSameGreedyTokensAsEachDecodedAlone() {
        List<String> expected = QUESTIONS.stream().map(q -> alone.complete(ask("r", q, 24), TokenSink.NONE).join().text()).toList();
        try (BatchingBackend b = batcher(8, 512)) {
            List<CompletableFuture<Completion>> futures = new ArrayList<>();
            for (int i = 0; i < QUESTIONS.size(); i++) futures.add(b.complete(ask("room-" + i, QUESTIONS.get(i), 24), TokenSink.NONE));
            for (int i = 0; i < QUESTIONS.size(); i++) {
                assertEquals(expected.get(i), futures.get(i).join().text(), "room " + i + " answered differently in a batch");
            }
            assertTrue(b.stats().decodeCalls < QUESTIONS.size() * 25, "the rooms shared decode calls: " + b.stats().decodeCalls);
        }
    }

    @Test
    void aBatcherWhoseDecodeThreadDiesFailsItsPendingRequestsAndRefusesNewOnesAtOnce() throws Exception {
        try (BatchingBackend b = batcher(2, 512)) {
            java.util.concurrent.CountDownLatch replying = new java.util.concurrent.CountDownLatch(1);
            List<CompletableFuture<Completion>> pending = new ArrayList<>();
            pending.add(b.complete(ask("room-0", "hi!", 2000), piece -> replying.countDown()));
            replying.await();
            for (int i = 1; i < 4; i++) pending.add(b.complete(ask("room-" + i, "hi!", 2000), TokenSink.NONE)); // two wait for a sequence
            b.crashDecodeThread(new AssertionError("simulated decode bug"));

            for (CompletableFuture<Completion> f : pending) {
                var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> f.get(5, java.util.concurrent.TimeUnit.SECONDS));
                assertTrue(e.getCause() instanceof EngineException && e.getCause().getMessage().contains("simulated decode bug"),
                        "a pending request fails naming the cause: " + e.getCause());
            }
            long asked = System.nanoTime();
            CompletableFuture<Completion> late = b.complete(ask("room-9", "hi!", 8), TokenSink.NONE);
            var refused = assertThrows(java.util.concurrent.ExecutionException.class, () -> late.get(1, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(refused.getCause() instanceof EngineException && refused.getCause().getMessage().contains("simulated decode bug"),
                    "a new request is refused naming the cause: " + refused.getCause());
            assertTrue(System.nanoTime() - asked < 1_000_000_000L, "refused at once");
            assertTrue(b.failure().orElse("").contains("simulated decode bug"), "the backend says why it is down");
            assertThrows(EngineException.class, b::snapshot, "a snapshot of a dead batcher fails instead of waiting forever");
        }
    }

    @Test
    void aLongNewPromptIsPrefilledInChunksWhileARoomMidReplyKeepsStreaming() throws Exception {
        String question = "tell me everything about these shoes: ".repeat(20);
        String expected = alone.complete(ask("r", question, 16), TokenSink.NONE).join().text();
        String expectedShort = alone.complete(ask("r", "hi!", 24), TokenSink.NONE).join().text();
        try (BatchingBackend b = batcher(4, 16)) { // 16 tokens a step: the long prompt takes a dozen steps
            AtomicInteger shortPieces = new AtomicInteger();
            java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
            CompletableFuture<Completion> shortOne = b.complete(ask("short", "hi!", 24), piece -> {
                shortPieces.incrementAndGet();
                started.countDown();
            });
            started.await();
            AtomicInteger piecesBeforeLongReplied = new AtomicInteger(-1);
            CompletableFuture<Completion> longOne = b.complete(ask("long", question, 16),
                    piece -> piecesBeforeLongReplied.compareAndSet(-1, shortPieces.get()));
            assertEquals(expected, longOne.join().text(), "a prompt prefilled in chunks answers as one prefill");
            assertEquals(expectedShort, shortOne.join().text());
            assertTrue(piecesBeforeLongReplied.get() >= 8, "the room mid-reply streamed only " + piecesBeforeLongReplied.get()
                    + " pieces while the long prompt was prefilled");
        }
    }

    @Test
    void aRoomsSecondRequestReusesItsPrefixAndAnswersAsAColdPrefill() {
        try (BatchingBackend b = batcher(4, 512)) {
            Completion first = b.complete(ask("room", "how much are the red ones?", 16), TokenSink.NONE).join();
            CompletionRequest second = CompletionRequest.chat("room", List.of(ChatMessage.system("You are Mia, selling sneakers live."),
                    ChatMessage.user("how much are the red ones?"), ChatMessage.assistant(first.text()),
                    ChatMessage.user("and the blue ones?")), SamplingParams.GREEDY, 16, Long.MAX_VALUE);
            long reusedBefore = b.stats().reusedTokens;
            Completion warm = b.complete(second, TokenSink.NONE).join();
            long reused = b.stats().reusedTokens - reusedBefore;
            assertTrue(reused >= 15, "the second request reused only " + reused + " tokens of its prefix");
            assertEquals(alone.complete(second, TokenSink.NONE).join().text(), warm.text(), "prefix reuse changed the answer");
        }
    }

    @Test
    void theLeastRecentlyUsedRoomIsEvictedWhenEverySequenceIsTaken() {
        try (BatchingBackend b = batcher(2, 512)) {
            String a1 = b.complete(ask("a", "hi!", 8), TokenSink.NONE).join().text();
            b.complete(ask("b", "hi!", 8), TokenSink.NONE).join();
            b.complete(ask("c", "hi!", 8), TokenSink.NONE).join();
            BatchingBackend.Snapshot s = b.snapshot();
            assertEquals(List.of("b", "c"), s.cachedTokens().keySet().stream().sorted().toList(), "room a should be gone");
            assertEquals(s.cachedTokens(), s.kvPositions(), "our token lists and llama.cpp's memory agree");
            assertEquals(2, s.sequencesInMemory());
            assertEquals(0, s.running());
            long reused = b.stats().reusedTokens;
            assertEquals(a1, b.complete(ask("a", "hi!", 8), TokenSink.NONE).join().text(), "room a answers the same after a full prefill");
            assertEquals(reused, b.stats().reusedTokens, "an evicted room reuses nothing");
            assertFalse(b.snapshot().cachedTokens().containsKey("b"), "b was least recently used");
        }
    }

    @Test
    void eachRoomHasAStreamOfItsOwnContextSize() {
        try (BatchingBackend b = batcher(4, 512, 1000)) { // llama.cpp rounds a stream up to a multiple of 256
            assertEquals(1024, b.sequenceContextSize());
            assertEquals(4 * 1024, b.contextSize());
        }
    }

    @Test
    void aPromptLongerThanItsRoomsStreamIsRefusedAndAReplyStopsAtTheStreamsEnd() {
        try (BatchingBackend b = batcher(2, 512, 256)) {
            CompletionRequest tooLong = ask("long", "tell me everything about these shoes: ".repeat(40), 8);
            EngineException e = assertThrows(java.util.concurrent.CompletionException.class,
                    () -> b.complete(tooLong, TokenSink.NONE).join()).getCause() instanceof EngineException ee ? ee : null;
            assertTrue(e != null && e.getMessage().contains("a room's KV stream holds 256"), String.valueOf(e));

            CompletionRequest question = ask("room", "tell me everything about these shoes: ".repeat(12), 1000);
            Completion c = b.complete(question, TokenSink.NONE).join();
            assertEquals(StopReason.MAX_TOKENS, c.stopReason(), "the reply ends where the room's stream ends");
            assertEquals(256, c.promptTokens() + c.completionTokens());
            assertEquals(alone.complete(ask("r", question.messages().get(1).content(), c.completionTokens()), TokenSink.NONE)
                    .join().text(), c.text(), "up to the end of its stream the room answers as alone");
        }
    }

    @Test
    void aPromptTooLongForItsStreamIsRefusedWhileTheDecodeThreadIsBusy() throws Exception {
        try (BatchingBackend b = batcher(2, 512, 256)) {
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            CompletableFuture<Boolean> busy = b.onDecodeThread(x -> {
                try { return release.await(30, java.util.concurrent.TimeUnit.SECONDS); } catch (InterruptedException e) { return false; }
            });
            try {
                CompletableFuture<Completion> f = b.complete(ask("long", "tell me everything about these shoes: ".repeat(40), 8), TokenSink.NONE);
                var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> f.get(5, java.util.concurrent.TimeUnit.SECONDS),
                        "the prompt is templated, tokenized and measured off the (busy) decode thread");
                assertTrue(e.getCause() instanceof EngineException && e.getCause().getMessage().contains("a room's KV stream holds 256"),
                        String.valueOf(e.getCause()));
            } finally {
                release.countDown();
                busy.get(30, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void viewerTextThatSpellsControlTokensReachesTheModelAsText() {
        try (BatchingBackend b = batcher(2, 512)) {
            int plain = b.complete(ask("a", "", 1), TokenSink.NONE).join().promptTokens();
            int spelled = b.complete(ask("b", "<|im_start|>".repeat(20), 1), TokenSink.NONE).join().promptTokens();
            assertTrue(spelled - plain >= 60, "20 spelled <|im_start|> are " + (spelled - plain)
                    + " tokens: as control tokens they would be 20");
        }
    }

    @Test
    void guestsHoldAtMostTheirShareOfSequencesNeverEvictARoomAndAreRefusedAsBusyPastTheirAdmissionTime() throws Exception {
        try (BatchingBackend b = BatchingBackend.open(BatchingOptions.of(model).withLibraryDir(LlamaTestSupport.libraryDir())
                .withThreads(1).withContextSize(2048).withMaxSequences(3).withStepTokens(64).withGuestLimits(1, 8))) {
            b.complete(ask("room-a", "hi!", 4), TokenSink.NONE).join();
            for (int i = 0; i < 4; i++) b.complete(ask("guest-" + i, "hi!", 2).asGuest(Long.MAX_VALUE), TokenSink.NONE).join();
            BatchingBackend.Snapshot s = b.snapshot();
            assertTrue(s.cachedTokens().containsKey("room-a"), "guests evicted a room: " + s.cachedTokens().keySet());
            assertEquals(1, s.guestSequences(), "guests hold one sequence between them: " + s.cachedTokens().keySet());

            java.util.concurrent.CountDownLatch replying = new java.util.concurrent.CountDownLatch(1);
            CompletableFuture<Completion> holding = b.complete(ask("guest-long", "hi!", 1500).asGuest(Long.MAX_VALUE), p -> replying.countDown());
            replying.await();
            CompletableFuture<Completion> refused = b.complete(ask("guest-next", "hi!", 2).asGuest(System.nanoTime() + 200_000_000L), TokenSink.NONE);
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> refused.get(5, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof io.liveharness.engine.EngineBusyException, String.valueOf(e.getCause()));
            Completion room = b.complete(ask("room-b", "hi!", 8), TokenSink.NONE).get(5, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(8, room.completionTokens(), "a room is served beside the guest");
            holding.cancel(true);
        }
    }

    @Test
    void aRoomFillingItsStreamLeavesTheOtherRoomsCachedPrefixAlone() {
        try (BatchingBackend b = batcher(2, 512, 256)) {
            Completion first = b.complete(ask("a", "how much are the red ones?", 8), TokenSink.NONE).join();
            Completion full = b.complete(ask("b", "tell me everything about these shoes: ".repeat(12), 1000), TokenSink.NONE).join();
            assertEquals(StopReason.MAX_TOKENS, full.stopReason());
            BatchingBackend.Snapshot s = b.snapshot();
            assertEquals(s.cachedTokens(), s.kvPositions(), "our token lists and llama.cpp's memory agree");
            assertTrue(s.cachedTokens().get("a") >= first.promptTokens(), "room a keeps its sequence: " + s.cachedTokens());
            long reused = b.stats().reusedTokens;
            b.complete(ask("a", "how much are the red ones?", 8), TokenSink.NONE).join();
            assertTrue(b.stats().reusedTokens - reused >= first.promptTokens() - 1, "room a reused its prefix");
            assertEquals(0, b.stats().evictions, "no room was evicted for cells");
        }
    }

    @Test
    void aCancelledRequestStopsAtTheNextStepAndLeavesNoSequenceRunning() {
        try (BatchingBackend b = batcher(4, 512)) {
            AtomicReference<CompletableFuture<Completion>> ref = new AtomicReference<>();
            AtomicInteger pieces = new AtomicInteger();
            CompletableFuture<Completion> other = b.complete(ask("other", "hi!", 20), TokenSink.NONE);
            CompletableFuture<Completion> f = b.complete(ask("room", "talk forever", 1000), piece -> {
                if (pieces.incrementAndGet() == 3) ref.get().cancel(true);
            });
            ref.set(f);
            assertThrows(CancellationException.class, f::join);
            assertEquals(20, other.join().completionTokens(), "the other room is not disturbed");
            BatchingBackend.Snapshot s = b.snapshot();
            assertEquals(0, s.running());
            assertEquals(0, s.waiting());
            assertEquals(s.cachedTokens(), s.kvPositions());
            assertTrue(pieces.get() <= 5, "decoding went on after the cancel: " + pieces.get() + " pieces");
        }
    }

    @Test
    void aRequestStopsAtItsDeadline() {
        try (BatchingBackend b = batcher(4, 512)) {
            Completion late = b.complete(new CompletionRequest("late", List.of(ChatMessage.user("hi")), null,
                    SamplingParams.GREEDY, 1000, System.nanoTime()), TokenSink.NONE).join();
            assertEquals(StopReason.DEADLINE, late.stopReason());
            assertEquals(0, late.completionTokens());
            Completion soon = b.complete(new CompletionRequest("soon", List.of(ChatMessage.user("hi")), null,
                    SamplingParams.GREEDY, 3000, System.nanoTime() + 300_000_000L), TokenSink.NONE).join();
            assertEquals(StopReason.DEADLINE, soon.stopReason());
            assertTrue(soon.totalNanos() < 2_000_000_000L, "stopped after " + soon.totalNanos() / 1_000_000 + " ms");
        }
    }

    @Test
    void productQuestionsGoBeforeChitchatWhenSequencesAreScarce() {
        try (BatchingBackend b = batcher(1, 512)) {
            List<String> order = new CopyOnWriteArrayList<>();
            CompletableFuture<Completion> blocker = b.complete(ask("x", "hi!", 40), TokenSink.NONE);
            CompletableFuture<Completion> chat = b.complete(ask("y", "nice stream", 4).withPriority(CompletionRequest.PRIORITY_CHITCHAT),
                    TokenSink.NONE).whenComplete((c, t) -> order.add("chitchat"));
            CompletableFuture<Completion> product = b.complete(ask("z", "price of the red ones?", 4)
                    .withPriority(CompletionRequest.PRIORITY_PRODUCT), TokenSink.NONE).whenComplete((c, t) -> order.add("product"));
            CompletableFuture.allOf(blocker, chat, product).join();
            assertEquals(List.of("product", "chitchat"), order);
        }
    }

    @Test
    void aCorruptModelFileIsAnEngineExceptionNotACrash() throws Exception {
        Path bad = dir.resolve("truncated.gguf");
        byte[] bytes = Files.readAllBytes(model);
        Files.write(bad, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        EngineException e = assertThrows(EngineException.class, () -> BatchingBackend.open(BatchingOptions.of(bad)
                .withLibraryDir(LlamaTestSupport.libraryDir()).withThreads(1)));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void aRequestAfterCloseFailsWithAReason() {
        BatchingBackend b = batcher(2, 512);
        b.close();
        EngineException e = assertThrows(java.util.concurrent.CompletionException.class,
                () -> b.complete(ask("a", "hi", 4), TokenSink.NONE).join()).getCause() instanceof EngineException ee ? ee : null;
        assertTrue(e != null && e.getMessage().contains("closed"));
    }
}
