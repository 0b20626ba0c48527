package io.liveharness.engine.llama;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ReplyScript;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reply's opening held to a script, on llama.cpp (stories260K, which writes English: held to
 * Han its first word cannot be a Latin one, held to Latin nothing changes), on the backend a
 * request runs alone and on the rooms' batcher, greedy and sampled.
 */
class ReplyScriptSamplingTest {
    private static final String PROMPT = "Once upon a time, there";
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
        return b.complete(new CompletionRequest("r", List.of(), PROMPT, p, 24, Long.MAX_VALUE), TokenSink.NONE).get(60, TimeUnit.SECONDS);
    }

    @Test
    void heldToHanTheFirstWordIsNoLatinWordAndTheRestIsFree() throws Exception {
        var sampled = new SamplingParams(0.9f, 0.95f, 40, 1.1f, 42L);
        for (SamplingParams p : List.of(SamplingParams.GREEDY, sampled)) {
            String free = run(backend, p).text();
            String held = run(backend, p.withOpening(ReplyScript.HAN)).text();
            assertTrue(free.stripLeading().matches("(?s)[A-Za-z]{2,}.*"), "unheld, it opens with a word: " + free);
            assertNotEquals(free, held);
            assertTrue(!held.stripLeading().matches("(?s)[A-Za-z]{2,}.*"), "held, it does not open with a word: " + held);
            assertTrue(held.matches("(?s).+[A-Za-z]{2,}.*"), "only the opening is held: " + held);
            assertEquals(held, run(batcher, p.withOpening(ReplyScript.HAN)).text(), "the rooms' batcher holds it the same");
            assertEquals(free, run(backend, p.withOpening(ReplyScript.LATIN)).text(), "an English model already opens in Latin");
        }
    }
}
