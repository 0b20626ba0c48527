package io.liveharness.training.trainer;

import io.liveharness.engine.llama.GgufHeader;
import io.liveharness.engine.llama.LlamaContext;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A model made deeper computes what it did (llama.cpp's logits), and training its new blocks alone leaves the rest as it was. */
class ModelGrowTest {
    @TempDir Path dir;

    @Test
    void aGrownModelGivesLlamaCppTheSameLogitsAsBefore() {
        Path vocab = ToyData.vocab(dir);
        ModelConfig c = ModelConfig.of(TokenizerMetadata.of(vocab).vocabSize(), 32, 3, 4, 2, 16, 64, 32, true);
        Weights w = TinyModels.spread(c, 11);
        for (Tensor t : w.all()) if (t.matrix()) for (int i = 0; i < t.size(); i++) t.data()[i] *= 0.3f;
        Path small = dir.resolve("small.gguf"), grown = dir.resolve("grown.gguf");
        GgufExport.write(w, TokenizerMetadata.of(vocab), "grow test", "liveharness-avatar", small);

        ModelGrow.Result r = ModelGrow.write(small, 5, grown);

        assertEquals(5, r.config().layers());
        assertEquals(List.of(1, 3), r.newLayers(), "spread among the old blocks, the last old block still last");
        Weights g = GgufImport.read(grown, r.config(), TokenizerMetadata.of(vocab));
        assertArrayEquals(w.layers[0].wq().data(), g.layers[0].wq().data());
        assertArrayEquals(w.layers[0].wq().data(), g.layers[1].wq().data(), "a new block starts as a copy of the one before it");
        assertArrayEquals(w.layers[2].down().data(), g.layers[4].down().data());
        assertArrayEquals(new float[g.layers[3].wo().size()], g.layers[3].wo().data(), "it writes nothing into the residual stream yet");

        int[] tokens = LlamaCppDifferentialTest.sequence(c.vocab(), 40);
        float[][] before = logits(small, tokens), after = logits(grown, tokens);
        double maxLogit = 0;
        for (int i = 0; i < tokens.length; i++) {
            for (int j = 0; j < c.vocab(); j++) {
                maxLogit = Math.max(maxLogit, Math.abs(before[i][j]));
                assertEquals(before[i][j], after[i][j], 1e-4 * Math.max(1, Math.abs(before[i][j])), "position " + i + ", token " + j);
            }
        }
        assertTrue(maxLogit > 1, "the logits spread enough to mean something: " + maxLogit);
        assertThrows(IllegalArgumentException.class, () -> ModelGrow.write(small, 3, dir.resolve("same.gguf")));
    }

    @Test
    void aHalfPrecisionModelReadsBackAsWrittenAndGrowsInHalfPrecision() throws Exception {
        Path vocab = ToyData.vocab(dir);
        ModelConfig c = ModelConfig.of(TokenizerMetadata.of(vocab).vocabSize(), 32, 2, 4, 2, 16, 64, 32, true);
        Weights w = TinyModels.spread(c, 12);
        Path full = dir.resolve("f32.gguf"), half = dir.resolve("f16.gguf"), grown = dir.resolve("grown-f16.gguf");
        GgufExport.write(w, TokenizerMetadata.of(vocab), "grow test", "liveharness-avatar", full);
        GgufExport.write(w, TokenizerMetadata.of(vocab), "grow test", "liveharness-avatar", GgufExport.Precision.F16, half);

        Weights back = GgufImport.read(half, c, TokenizerMetadata.of(vocab));
        for (int i = 0; i < w.all().size(); i++) {
            Tensor t = w.all().get(i), r = back.all().get(i);
            for (int j = 0; j < t.size(); j++) {
                float expected = t.matrix() ? Float.float16ToFloat(Float.floatToFloat16(t.data()[j])) : t.data()[j];
                assertEquals(expected, r.data()[j], t.name() + "[" + j + "]: matrices in half precision, norms as they were");
            }
        }
        long matrixValues = w.all().stream().filter(Tensor::matrix).mapToLong(Tensor::size).sum();
        assertTrue(java.nio.file.Files.size(full) - java.nio.file.Files.size(half) >= 2 * matrixValues, "two bytes saved per matrix value");

        ModelGrow.Result r = ModelGrow.write(half, 3, grown);
        assertEquals(1L, ((Number) GgufHeader.read(grown).metadata().get("general.file_type")).longValue(), "MOSTLY_F16, as the model it grew from");
        Weights g = GgufImport.read(grown, r.config(), TokenizerMetadata.of(vocab));
        assertArrayEquals(back.layers[1].wq().data(), g.layers[2].wq().data());
        Path halved = dir.resolve("grown-from-f32.gguf");
        ModelGrow.write(full, 3, GgufExport.Precision.F16, halved);
        assertArrayEquals(g.layers[2].wq().data(), GgufImport.read(halved, r.config(), TokenizerMetadata.of(vocab)).layers[2].wq().data(),
                "an F32 model grown into F16: its matrices rounded as an F16 export rounds them");
    }

    @Test
    void trainingOnlyTheNewBlocksLeavesEveryOtherTensorAsItWas() throws Exception {
        Path vocab = ToyData.vocab(dir);
        Path data = ToyData.echo(dir.resolve("echo.jsonl"), 200, 6, 3);
        Trainer.Result base = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("base"), 20), true).run();
        Path small = dir.resolve("base.gguf"), grown = dir.resolve("grown.gguf");
        GgufExport.write(base.weights(), TokenizerMetadata.of(vocab), "grow test", "liveharness-avatar", small);
        ModelGrow.Result r = ModelGrow.write(small, 3, grown);
        Weights start = GgufImport.read(grown, r.config(), TokenizerMetadata.of(vocab));

        TrainSettings s = ToyData.tiny(data, null, vocab, dir.resolve("grown-run"), 20)
                .withShape(32, 3, 4, 2, 16, 64, 32, true).withInitFrom(grown).withTrainedLayers(r.newLayers());
        Weights trained = new Trainer(s, true).run().weights();

        assertEquals(List.of(1), r.newLayers());
        for (int i = 0; i < start.all().size(); i++) {
            Tensor before = start.all().get(i), after = trained.all().get(i);
            if (before.name().startsWith("blk.1.")) continue;
            assertArrayEquals(before.data(), after.data(), before.name() + " does not train");
        }
        assertFalse(java.util.Arrays.equals(start.layers[1].wo().data(), trained.layers[1].wo().data()), "the new block trains");
        assertFalse(java.util.Arrays.equals(start.layers[1].wq().data(), trained.layers[1].wq().data()));
    }

    private static float[][] logits(Path model, int[] tokens) {
        LlamaLibrary lib = LlamaLibrary.load(null);
        try (LlamaModel m = LlamaModel.load(lib, model);
             LlamaContext ctx = new LlamaContext(lib, m, 512, tokens.length, 2, 1, false, true)) {
            for (int i = 0; i < tokens.length; i++) ctx.batchAdd(tokens[i], i, 0, true);
            ctx.decodeBatch();
            float[][] out = new float[tokens.length][];
            for (int i = 0; i < tokens.length; i++) out[i] = ctx.logits(i);
            return out;
        }
    }
}
