package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A blend is each weight the given share of the way from one model to the other; models of two shapes are refused. */
class ModelBlendTest {
    @TempDir Path dir;

    @Test
    void eachWeightIsTheGivenShareOfTheWayFromOneModelToTheOther() {
        Path vocab = ToyData.vocab(dir);
        TokenizerMetadata tokenizer = TokenizerMetadata.of(vocab);
        ModelConfig c = ModelConfig.of(tokenizer.vocabSize(), 32, 2, 4, 2, 16, 64, 32, true);
        Weights a = TinyModels.spread(c, 21), b = TinyModels.spread(c, 22);
        Path from = dir.resolve("from.gguf"), to = dir.resolve("to.gguf"), out = dir.resolve("blend.gguf");
        GgufExport.write(a, tokenizer, "blend test", "liveharness-avatar", from);
        GgufExport.write(b, tokenizer, "blend test", "liveharness-avatar", to);

        assertEquals(c, ModelBlend.write(from, to, 0.25, out));

        Weights m = GgufImport.read(out, c, tokenizer);
        int differing = 0;
        for (int i = 0; i < m.all().size(); i++) {
            float[] x = a.all().get(i).data(), y = b.all().get(i).data(), z = m.all().get(i).data();
            for (int j = 0; j < z.length; j++) {
                assertEquals(0.75f * x[j] + 0.25f * y[j], z[j], 1e-6f, m.all().get(i).name() + "[" + j + "]");
                if (x[j] != y[j]) differing++;
            }
        }
        assertTrue(differing > 1000, "the two models differ, so the blend says something: " + differing);
        assertEquals("blend test blended 0.25", io.liveharness.engine.llama.GgufHeader.read(out).name(), "a node names it as a blend");
    }

    @Test
    void modelsOfTwoShapesOrAWeightOutsideZeroToOneAreRefused() {
        Path vocab = ToyData.vocab(dir);
        TokenizerMetadata tokenizer = TokenizerMetadata.of(vocab);
        ModelConfig two = ModelConfig.of(tokenizer.vocabSize(), 32, 2, 4, 2, 16, 64, 32, true);
        ModelConfig three = ModelConfig.of(tokenizer.vocabSize(), 32, 3, 4, 2, 16, 64, 32, true);
        Path a = dir.resolve("two.gguf"), b = dir.resolve("three.gguf");
        GgufExport.write(TinyModels.spread(two, 1), tokenizer, "blend test", "liveharness-avatar", a);
        GgufExport.write(TinyModels.spread(three, 2), tokenizer, "blend test", "liveharness-avatar", b);

        var shapes = assertThrows(IllegalArgumentException.class, () -> ModelBlend.write(a, b, 0.5, dir.resolve("x.gguf")));
        assertTrue(shapes.getMessage().contains("one shape"), shapes.getMessage());
        var weight = assertThrows(IllegalArgumentException.class, () -> ModelBlend.write(a, a, 1.5, dir.resolve("y.gguf")));
        assertTrue(weight.getMessage().contains("--weight 1.5"), weight.getMessage());
    }
}
