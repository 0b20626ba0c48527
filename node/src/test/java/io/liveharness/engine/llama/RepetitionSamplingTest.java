package io.liveharness.engine.llama;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.Repetition;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repetition control on the tiny model, on both backends: neutral penalties decode exactly as
 * plain greedy did; a penalty makes a greedy continuation that loops repeat itself less.
 */
class RepetitionSamplingTest {
    private static final String PROMPT = "Once upon a time";
    private static final int TOKENS = 200;
    private static LlamaBackend backend;
    private static BatchingBackend batcher;

    @BeforeAll
    static void open() {
        backend = LlamaBackend.open(LlamaTestSupport.options());
        batcher = BatchingBackend.open(BatchingOptions.of(LlamaTestSupport.model()).withLibraryDir(LlamaTestSupport.libraryDir())
                .withThreads(1).withContextSize(512).withMaxSequences(2));
    }

    @AfterAll
    static void close() {
        if (backend != null) backend.close();
        if (batcher != null) batcher.close();
    }

    private static Completion run(ModelBackend b, SamplingParams p) throws Exception {
        return b.complete(new CompletionRequest("r", List.of(), PROMPT, p, TOKENS, Long.MAX_VALUE), TokenSink.NONE).get(120, TimeUnit.SECONDS);
    }

    @Test
    void neutralPenaltiesDecodeTokenForTokenAsPlainGreedy() throws Exception {
        for (ModelBackend b : List.of(backend, batcher)) {
            assertEquals(plain(b), run(b, SamplingParams.GREEDY.withRepetition(new Repetition(64, 1f, 0f, 0f))).text());
        }
        assertEquals(plain(backend), run(backend, SamplingParams.GREEDY.withRepetition(new Repetition(0, 1.5f, 0.5f, 0.5f))).text(),
                "a window of 0 tokens penalises nothing");
    }

    @Test
    void aRepeatPenaltyMakesALoopingGreedyContinuationRepeatLess() throws Exception {
        for (ModelBackend b : List.of(backend, batcher)) {
            String penalised = run(b, SamplingParams.GREEDY.withRepetition(Repetition.penalty(1.3f))).text();
            int before = repeatedTrigrams(plain(b)), after = repeatedTrigrams(penalised);
            assertTrue(before >= 5, "plain greedy loops: " + before + " repeated word trigrams in " + plain(b));
            assertTrue(after < before / 2, "with the penalty " + after + " (was " + before + "): " + penalised);
        }
    }

    @Test
    void thePenaltyLooksBackOnlyOverItsWindow() throws Exception {
        // a window of one token only stops a token following itself, which this story never does
        assertEquals(plain(backend), run(backend, SamplingParams.GREEDY.withRepetition(new Repetition(1, 1.3f, 0f, 0f))).text());
    }

    private static final Map<ModelBackend, String> PLAIN = new HashMap<>();

    /** Plain greedy on that backend, decoded once. */
    private static String plain(ModelBackend b) throws Exception {
        if (!PLAIN.containsKey(b)) PLAIN.put(b, run(b, SamplingParams.GREEDY).text());
        return PLAIN.get(b);
    }

    /** Word trigrams said again: each occurrence after the first counts. */
    static int repeatedTrigrams(String text) {
        String[] w = text.toLowerCase().replaceAll("[^a-z' ]", " ").trim().split("\\s+");
        Map<String, Integer> seen = new HashMap<>();
        int repeats = 0;
        for (int i = 0; i + 2 < w.length; i++) {
            if (seen.merge(w[i] + " " + w[i + 1] + " " + w[i + 2], 1, Integer::sum) > 1) repeats++;
        }
        return repeats;
    }
}
