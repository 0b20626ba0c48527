package io.liveharness.training.trainer;

import io.liveharness.engine.llama.LlamaContext;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The trainer's forward pass against llama.cpp v0.5.0's on the GGUF the trainer writes: every
 * logit of every position of one sequence, and the same argmax everywhere. llama.cpp runs with an
 * F32 KV cache. The bound is on max |difference| / max(1, max |logit|): {@value #EXACT} where
 * llama.cpp runs attention without flash attention (heads under 32 wide, as LlamaContext picks),
 * {@value #FLASH} where it uses its flash-attention kernel (wider heads, every real model), whose
 * half-precision steps leave errors of F16's size (about 5e-4 relative). Matrices stored in F16
 * are compared with the trainer's forward on the same weights rounded to F16: llama.cpp then also
 * rounds the activations it multiplies them by (F16's step is 2^-11, about 5e-4 relative), once per
 * matrix product, and the roundings of the seven products of each block add up: the bound is {@value #HALF}.
 */
class LlamaCppDifferentialTest {
    static final double EXACT = 1e-4, FLASH = 1e-3, HALF = 3e-3;
    static final Path GPT2 = Path.of("models/vocab/ggml-vocab-gpt-2.gguf");

    @TempDir
    static Path dir;
    static Path vocab;

    @BeforeAll
    static void smallVocabulary() {
        vocab = dir.resolve("vocab-300.gguf");
        VocabSubset.write(GPT2, 300, vocab);
    }

    static int vocabSize() { return TokenizerMetadata.of(vocab).vocabSize(); }

    @Test
    void aRandomModelWithNarrowHeadsGivesLlamaCppsLogits() {
        ModelConfig c = ModelConfig.of(vocabSize(), 32, 2, 4, 2, 16, 64, 256, false);
        assertSameLogits(TinyModels.spread(c, 5), 0.3f, sequence(c.vocab(), 61), EXACT);
    }

    @Test
    void aRandomModelWithWideHeadsAndTiedEmbeddingsGivesLlamaCppsLogits() {
        ModelConfig c = ModelConfig.of(vocabSize(), 64, 2, 2, 1, 64, 96, 256, true);
        assertSameLogits(TinyModels.spread(c, 6), 0.3f, sequence(c.vocab(), 200), FLASH);
    }

    @Test
    void aBrieflyTrainedModelGivesLlamaCppsLogits() throws Exception {
        Path data = ToyData.echo(dir.resolve("echo.jsonl"), 500, 8, 7);
        Trainer.Result r = new Trainer(ToyData.tiny(data, null, vocab, dir.resolve("run"), 60), true).run();
        int[] tokens = TrainingData.read(data, r.weights().config.vocab(), 32).sequences().get(0).tokens();
        assertSameLogits(r.weights(), tokens, EXACT);
    }

    @Test
    void halfPrecisionMatricesGiveLlamaCppsLogits() {
        ModelConfig c = ModelConfig.of(vocabSize(), 64, 2, 2, 1, 64, 96, 256, true);
        Weights w = TinyModels.spread(c, 7);
        for (Tensor t : w.all()) {
            if (!t.matrix()) continue;
            for (int i = 0; i < t.size(); i++) t.data()[i] = Float.float16ToFloat(Float.floatToFloat16(0.3f * t.data()[i]));
        }
        assertSameLogits(w, sequence(c.vocab(), 120), HALF, GgufExport.Precision.F16);
    }

    static int[] sequence(int vocab, int n) {
        Rng rng = new Rng(n);
        int[] tokens = new int[n];
        for (int i = 0; i < n; i++) tokens[i] = rng.below(vocab);
        return tokens;
    }

    /** Scales the matrices by {@code scale} (1 keeps them) so the logits spread over a few units, then compares. */
    static void assertSameLogits(Weights w, float scale, int[] tokens, double tolerance) {
        for (Tensor t : w.all()) if (t.matrix()) for (int i = 0; i < t.size(); i++) t.data()[i] *= scale;
        assertSameLogits(w, tokens, tolerance);
    }

    static void assertSameLogits(Weights w, int[] tokens, double tolerance) { assertSameLogits(w, tokens, tolerance, GgufExport.Precision.F32); }

    static void assertSameLogits(Weights w, int[] tokens, double tolerance, GgufExport.Precision precision) {
        ModelConfig c = w.config;
        Path file = dir.resolve("model-" + System.nanoTime() + ".gguf");
        GgufExport.write(w, TokenizerMetadata.of(vocab), "differential test", null, precision, file);
        float[][] ours = new SequenceModel(c).logits(tokens, tokens.length, w, Transposes.of(w));
        LlamaLibrary lib = LlamaLibrary.load(null);
        double maxDiff = 0, maxLogit = 0;
        int argmaxMismatches = 0;
        try (LlamaModel model = LlamaModel.load(lib, file);
             LlamaContext ctx = new LlamaContext(lib, model, 512, tokens.length, 2, 1, false, true)) {
            assertEquals(c.vocab(), model.vocabSize());
            assertEquals(c.parameters(), model.parameterCount());
            for (int i = 0; i < tokens.length; i++) ctx.batchAdd(tokens[i], i, 0, true);
            ctx.decodeBatch();
            for (int i = 0; i < tokens.length; i++) {
                float[] theirs = ctx.logits(i);
                for (int j = 0; j < c.vocab(); j++) {
                    maxDiff = Math.max(maxDiff, Math.abs(theirs[j] - ours[i][j]));
                    maxLogit = Math.max(maxLogit, Math.abs(theirs[j]));
                }
                if (argmax(theirs) != argmax(ours[i])) argmaxMismatches++;
            }
        }
        System.out.printf("%d positions: max |logit| %.3f, max |diff| %.2e%n", tokens.length, maxLogit, maxDiff);
        assertTrue(maxLogit > 1, "the logits spread enough to mean something: " + maxLogit);
        assertTrue(maxDiff <= tolerance * Math.max(1, maxLogit), "max |llama.cpp − trainer| = " + maxDiff + " at max |logit| " + maxLogit);
        assertEquals(0, argmaxMismatches, "positions whose argmax differs");
    }

    static int argmax(float[] x) {
        int best = 0;
        for (int i = 1; i < x.length; i++) if (x[i] > x[best]) best = i;
        return best;
    }
}
