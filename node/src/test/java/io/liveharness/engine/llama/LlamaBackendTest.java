package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlamaBackendTest {
    private static final String PROMPT = "Once upon a time";
    private static final String LLAMA_CPP_CONTINUATION =
            ", there was a little girl named Lily. She loved to play outside in the park.";

    private static LlamaBackend backend;

    @BeforeAll
    static void open() {
        backend = LlamaBackend.open(LlamaTestSupport.options());
    }

    @AfterAll
    static void close() {
        if (backend != null) backend.close();
    }

    private static Completion run(LlamaBackend b, CompletionRequest request, TokenSink sink) throws Exception {
        return b.complete(request, sink).get(60, TimeUnit.SECONDS);
    }

    @Test
    void greedyContinuesOnceUponATimeAsLlamaCppDoes() throws Exception {
        Completion c = run(backend, CompletionRequest.raw(PROMPT, 40), TokenSink.NONE);
        assertTrue(c.text().startsWith(LLAMA_CPP_CONTINUATION), () -> "got: " + c.text());
        assertTrue(c.promptTokens() >= 5, "BOS plus the four words: " + c.promptTokens());
    }

    @Test
    void aSecondLoadGivesTheSameTokens() throws Exception {
        Completion first = run(backend, CompletionRequest.raw(PROMPT, 30), TokenSink.NONE);
        try (LlamaBackend second = LlamaBackend.open(LlamaTestSupport.options())) {
            Completion again = run(second, CompletionRequest.raw(PROMPT, 30), TokenSink.NONE);
            assertEquals(first.text(), again.text());
            assertEquals(first.completionTokens(), again.completionTokens());
        }
    }

    @Test
    void theSameBackendGivesTheSameTextTwiceBecauseMemoryIsCleared() throws Exception {
        Completion a = run(backend, CompletionRequest.raw(PROMPT, 25), TokenSink.NONE);
        Completion b = run(backend, CompletionRequest.raw(PROMPT, 25), TokenSink.NONE);
        assertEquals(a.text(), b.text());
    }

    @Test
    void streamedPiecesConcatenateToTheCompletionText() throws Exception {
        List<String> pieces = new CopyOnWriteArrayList<>();
        Completion c = run(backend, CompletionRequest.raw(PROMPT, 40), pieces::add);
        assertTrue(pieces.size() > 5, "streamed in pieces: " + pieces);
        assertEquals(c.text(), String.join("", pieces));
    }

    @Test
    void maxTokensStopsGenerationWithMaxTokens() throws Exception {
        Completion c = run(backend, CompletionRequest.raw(PROMPT, 5), TokenSink.NONE);
        assertEquals(StopReason.MAX_TOKENS, c.stopReason());
        assertEquals(5, c.completionTokens());
        assertTrue(LLAMA_CPP_CONTINUATION.startsWith(c.text()), () -> "got: " + c.text());
    }

    @Test
    void aPassedDeadlineStopsGenerationWithDeadline() throws Exception {
        var request = new CompletionRequest("room", List.of(), PROMPT, SamplingParams.GREEDY, 100, System.nanoTime());
        Completion c = run(backend, request, TokenSink.NONE);
        assertEquals(StopReason.DEADLINE, c.stopReason());
        assertEquals(0, c.completionTokens());
    }

    @Test
    void aDeadlineDuringGenerationStopsItPartWay() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        var request = new CompletionRequest("room", List.of(), PROMPT, SamplingParams.GREEDY, 100, deadline);
        // A sink that takes 100 ms per piece makes the deadline land mid-generation.
        Completion c = run(backend, request, piece -> sleep(100));
        assertEquals(StopReason.DEADLINE, c.stopReason());
        assertTrue(c.completionTokens() > 0 && c.completionTokens() < 100, "tokens: " + c.completionTokens());
    }

    @Test
    void aPromptLongerThanTheBatchIsFedInChunksAndGivesTheSameText() throws Exception {
        String prompt = "Lily and Tom went to the park. They saw a big tree. ".repeat(20) + PROMPT;
        Completion whole = run(backend, CompletionRequest.raw(prompt, 20), TokenSink.NONE);
        assertTrue(whole.promptTokens() > 200, "prompt tokens: " + whole.promptTokens());
        try (LlamaBackend small = LlamaBackend.open(LlamaTestSupport.options().withBatchSize(16))) {
            Completion chunked = run(small, CompletionRequest.raw(prompt, 20), TokenSink.NONE);
            assertEquals(whole.text(), chunked.text());
            assertEquals(whole.promptTokens(), chunked.promptTokens());
        }
    }

    @Test
    void infoDescribesTheTinyLlamaModelAsATestModel() {
        ModelInfo info = backend.info();
        assertEquals("llama", info.architecture());
        assertTrue(info.parameters() > 100_000 && info.parameters() < 1_000_000, "parameters: " + info.parameters());
        assertTrue(info.testModel());
        assertEquals(LlamaTestSupport.MODEL.toFile().length(), info.fileBytes());
        assertEquals("llama.cpp v0.5.0 (node-llama-cpp 3.22.1)", info.library());
        assertFalse(info.name().isBlank());
    }

    @Test
    void aChatRequestOnAModelWithoutTemplateUsesTheFallbackPrompt() throws Exception {
        var request = CompletionRequest.chat("room-1", List.of(ChatMessage.user("Tell me a story.")),
                SamplingParams.GREEDY, 10, Long.MAX_VALUE);
        Completion c = run(backend, request, TokenSink.NONE);
        assertEquals(10, c.completionTokens());
        // BOS + "User: Tell me a story.\nAssistant:" is well over five tokens; the raw message alone is not.
        assertTrue(c.promptTokens() > 8, "prompt tokens: " + c.promptTokens());
    }

    @Test
    void sampledGenerationRepeatsWithTheSameSeedAndDiffersWithAnother() throws Exception {
        var p1 = new SamplingParams(0.9f, 0.95f, 40, 1.1f, 42L);
        var p2 = new SamplingParams(0.9f, 0.95f, 40, 1.1f, 43L);
        String a = run(backend, new CompletionRequest("r", List.of(), PROMPT, p1, 60, Long.MAX_VALUE), TokenSink.NONE).text();
        String b = run(backend, new CompletionRequest("r", List.of(), PROMPT, p1, 60, Long.MAX_VALUE), TokenSink.NONE).text();
        String c = run(backend, new CompletionRequest("r", List.of(), PROMPT, p2, 60, Long.MAX_VALUE), TokenSink.NONE).text();
        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @Test
    void aPromptLongerThanTheContextFailsWithAClearMessage() {
        String longPrompt = "Once upon a time ".repeat(backend.contextSize() / 2);
        var e = assertThrows(ExecutionException.class,
                () -> run(backend, CompletionRequest.raw(longPrompt, 5), TokenSink.NONE));
        var cause = assertInstanceOf(EngineException.class, e.getCause());
        assertTrue(cause.getMessage().contains("the context holds " + backend.contextSize()), cause.getMessage());
    }

    @Test
    void completeNeverRunsOnTheCallersThread() throws Exception {
        Thread caller = Thread.currentThread();
        List<Thread> seen = new CopyOnWriteArrayList<>();
        run(backend, CompletionRequest.raw(PROMPT, 3), piece -> seen.add(Thread.currentThread()));
        assertFalse(seen.isEmpty());
        assertTrue(seen.stream().noneMatch(t -> t == caller));
        assertTrue(seen.getFirst().getName().startsWith("llama-decode-"), seen.getFirst().getName());
    }

    @Test
    void requestsFromManyThreadsAreQueuedAndEachGetsTheWholeAnswer() throws Exception {
        var futures = java.util.stream.IntStream.range(0, 4).parallel()
                .mapToObj(i -> backend.complete(CompletionRequest.raw(PROMPT, 20), TokenSink.NONE)).toList();
        Completion first = futures.getFirst().get(60, TimeUnit.SECONDS);
        assertTrue(LLAMA_CPP_CONTINUATION.startsWith(first.text()) || first.text().startsWith(LLAMA_CPP_CONTINUATION), first.text());
        for (var f : futures) assertEquals(first.text(), f.get(60, TimeUnit.SECONDS).text());
    }

    @Test
    void cancellingARequestStopsItAndTheNextRequestIsUnaffected() throws Exception {
        var started = new java.util.concurrent.CountDownLatch(1);
        var pieces = new java.util.concurrent.atomic.AtomicInteger();
        var future = backend.complete(CompletionRequest.raw(PROMPT, 400), piece -> {
            pieces.incrementAndGet();
            started.countDown();
            sleep(20);
        });
        assertTrue(started.await(30, TimeUnit.SECONDS));
        future.cancel(false);
        Completion next = run(backend, CompletionRequest.raw(PROMPT, 40), TokenSink.NONE);
        assertTrue(next.text().startsWith(LLAMA_CPP_CONTINUATION), next.text());
        // The next request ran only after the cancelled one stopped, a few pieces in, not 400.
        assertTrue(pieces.get() < 20, "pieces streamed after cancel: " + pieces.get());
    }

    @Test
    void aClosedBackendFailsRequestsClearly() {
        LlamaBackend b = LlamaBackend.open(LlamaTestSupport.options());
        b.close();
        var e = assertThrows(ExecutionException.class, () -> run(b, CompletionRequest.raw(PROMPT, 3), TokenSink.NONE));
        assertInstanceOf(EngineException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("closed"));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
