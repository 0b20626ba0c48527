package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.gguf.RandomModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch API's error paths come back as EngineExceptions with a reason, and the KV operations do what llama.h says. */
class LlamaBatchApiTest {
    @TempDir
    static Path dir;
    static LlamaLibrary lib;
    static LlamaModel model;

    @BeforeAll
    static void load() {
        lib = LlamaLibrary.load(LlamaTestSupport.libraryDir());
        model = LlamaModel.load(lib, RandomModel.cached(RandomModel.Spec.tiny(), Path.of("models/vocab/ggml-vocab-gpt-2.gguf"), dir));
    }

    @AfterAll
    static void free() { model.close(); }

    @Test
    void perSequenceStreamsSplitNCtxAsLlamaCppRoundsIt() {
        // n_ctx padded to 256, n_ctx_seq = pad256(n_ctx / n_seq_max), n_ctx = n_ctx_seq * n_seq_max
        try (LlamaContext ctx = new LlamaContext(lib, model, 1000, 64, 1, 4, false)) {
            assertEquals(256, ctx.sequenceContextSize());
            assertEquals(1024, ctx.contextSize());
            assertFalse(ctx.unifiedKv());
        }
        try (LlamaContext ctx = new LlamaContext(lib, model, 600, 64, 1, 2, false)) {
            assertEquals(512, ctx.sequenceContextSize());
            assertEquals(1024, ctx.contextSize());
        }
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 64, 1, 2, true)) {
            assertEquals(512, ctx.sequenceContextSize(), "a unified pool is every sequence's");
        }
    }

    @Test
    void aFullStreamIsANoKvSlotExceptionAndTheOtherStreamsStayUsable() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 256, 1, 2, false)) {
            int[] tokens = new int[ctx.sequenceContextSize()];
            for (int i = 0; i < tokens.length; i++) tokens[i] = 100 + i;
            for (int from = 0; from < tokens.length; from += ctx.batchSize()) {
                ctx.decode(tokens, from, Math.min(ctx.batchSize(), tokens.length - from), from, 0);
            }
            EngineException e = assertThrows(EngineException.class, () -> ctx.decode(new int[]{5}, 0, 1, tokens.length, 0));
            assertTrue(e.getMessage().contains("no KV slot"), e.getMessage());
            assertEquals(tokens.length - 1, ctx.seqPosMax(0), "a refused batch leaves the memory as it was");
            ctx.decode(new int[]{5}, 0, 1, 0, 1); // sequence 1's stream is its own
            assertEquals(0, ctx.seqPosMax(1));
            ctx.seqRemove(0, 128, -1);
            ctx.decode(new int[]{5}, 0, 1, 128, 0); // room again after the removal
            assertEquals(128, ctx.seqPosMax(0));
        }
    }

    @Test
    void aPartialCopyBetweenStreamsIsRefusedBeforeLlamaCppAborts() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 64, 1, 2, false)) {
            ctx.decode(new int[]{5, 6, 7}, 0, 3, 0, 0);
            EngineException e = assertThrows(EngineException.class, () -> ctx.seqCopy(0, 1, 0, 2));
            assertTrue(e.getMessage().contains("whole sequences"), e.getMessage());
        }
    }

    @Test
    void aSequenceIdAtNSeqMaxIsRefusedBeforeLlamaCppSeesIt() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 1024, 64, 1, 4, false)) {
            ctx.batchClear();
            EngineException e = assertThrows(EngineException.class, () -> ctx.batchAdd(5, 0, 4, true));
            assertTrue(e.getMessage().contains("not below n_seq_max 4"), e.getMessage());
            assertThrows(EngineException.class, () -> ctx.seqPosMax(-1));
        }
    }

    @Test
    void aBatchLargerThanNBatchIsRefused() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 256, 8, 1, 1, false)) {
            ctx.batchClear();
            for (int i = 0; i < 8; i++) ctx.batchAdd(5, i, 0, false);
            EngineException e = assertThrows(EngineException.class, () -> ctx.batchAdd(5, 8, 0, true));
            assertTrue(e.getMessage().contains("n_batch"), e.getMessage());
        }
    }

    @Test
    void aBadBatchIsAnEngineExceptionWithLlamaCppsReason() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 64, 1, 2, false)) {
            ctx.decode(new int[]{5, 6, 7}, 0, 3, 0, 0);
            // positions must follow on from what the sequence holds: 10 after 2 is refused
            EngineException e = assertThrows(EngineException.class, () -> ctx.decode(new int[]{8}, 0, 1, 10, 0));
            assertTrue(e.getMessage().contains("llama_decode returned -1"), e.getMessage());
            assertEquals(2, ctx.seqPosMax(0), "a refused batch leaves the memory as it was");
        }
    }

    @Test
    void twoSequencesInOneBatchGetTheLogitsEachGetsAlone() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 64, 1, 2, false)) {
            // interleaved sequences over per-sequence streams: llama.cpp splits the batch into ubatches
            ctx.decode(new int[]{11, 12, 13}, 0, 3, 0, 0);
            float[] a = ctx.logits(2);
            ctx.clearMemory();
            ctx.decode(new int[]{21, 22}, 0, 2, 0, 1);
            float[] b = ctx.logits(1);
            ctx.clearMemory();
            ctx.batchClear();
            ctx.batchAdd(11, 0, 0, false);
            ctx.batchAdd(21, 0, 1, false);
            ctx.batchAdd(12, 1, 0, false);
            int ib = ctx.batchAdd(22, 1, 1, true);
            int ia = ctx.batchAdd(13, 2, 0, true);
            ctx.decodeBatch();
            assertArrayEquals(a, ctx.logits(ia), 1e-4f);
            assertArrayEquals(b, ctx.logits(ib), 1e-4f);
            ctx.seqCopy(0, 1, -1, -1);
            ctx.seqKeep(1);
            assertEquals(2, ctx.seqPosMax(1));
        }
    }

    @Test
    void plainGreedyTakesTheArgmaxInPlaceAndPicksWhatLlamaCppsGreedySamplerPicks() {
        try (LlamaContext ctx = new LlamaContext(lib, model, 512, 64, 1, 1, false);
             LlamaSampler inPlace = new LlamaSampler(lib, model, SamplingParams.GREEDY);
             LlamaSampler chain = new LlamaSampler(lib, model, SamplingParams.GREEDY, true)) {
            assertTrue(inPlace.argmaxOnly());
            assertFalse(chain.argmaxOnly());
            int index = ctx.decode(new int[]{464, 2068, 7586, 21831}, 0, 4, 0, 0);
            for (int pos = 4; pos < 28; pos++) {
                float[] logits = ctx.logits(index);
                int expected = 0;
                for (int i = 1; i < logits.length; i++) if (logits[i] > logits[expected]) expected = i;
                assertEquals(expected, ctx.sample(inPlace, index), "at position " + pos);
                assertEquals(expected, ctx.sample(chain, index), "llama.cpp's greedy chain at position " + pos);
                index = ctx.decode(new int[]{expected}, 0, 1, pos, 0);
            }
        }
    }
}
