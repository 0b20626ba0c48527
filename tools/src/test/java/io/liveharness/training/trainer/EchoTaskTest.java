package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EchoTaskTest {
    @TempDir
    Path dir;

    @Test
    void aTinyModelLearnsToEchoItsPromptWithinSeconds() throws Exception {
        Path data = ToyData.echo(dir.resolve("train.jsonl"), 2000, 8, 1);
        Path held = ToyData.echo(dir.resolve("held.jsonl"), 50, 8, 2);
        Path run = dir.resolve("run");
        long t0 = System.nanoTime();
        Trainer.Result r = new Trainer(ToyData.tiny(data, held, ToyData.vocab(dir), run, 300), true).run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        // 20 equally likely symbols would be ln 20 = 3.0 nats; copying them is near 0
        assertTrue(r.heldOutLoss() < 0.5, "held-out loss " + r.heldOutLoss() + " after " + seconds + " s");
        assertTrue(r.finished());
        for (String f : new String[]{"settings.json", "train.log", "metrics.jsonl", "loss.html", "checkpoint.bin", "model.gguf"}) {
            assertTrue(Files.isRegularFile(run.resolve(f)), f + " in the run folder");
        }
        String loss = Files.readString(run.resolve("loss.html"));
        assertTrue(loss.contains("new uPlot(") && loss.matches("(?s).*const data = \\[\\[1\\.0,.*"), "the loss curve is drawn from the run's steps");
    }

    @Test
    void onlyMaskedTokensCountInTheLoss() {
        ModelConfig c = ModelConfig.of(40, 16, 2, 2, 1, 8, 24, 16, false);
        Weights w = TinyModels.spread(c, 9);
        Transposes wt = Transposes.of(w);
        SequenceModel m = new SequenceModel(c);
        int[] tokens = {3, 8, 1, 30, 30, 7, 2, 19};
        byte[] mask = {0, 0, 0, 1, 1, 1, 0, 0};
        // the loss is the cross-entropy of exactly the masked positions, from the logits of the position before
        float[][] logits = m.logits(tokens, tokens.length, w, wt);
        double expected = 0;
        for (int t = 1; t < tokens.length; t++) {
            if (mask[t] == 0) continue;
            double max = Double.NEGATIVE_INFINITY, sum = 0;
            for (float x : logits[t - 1]) max = Math.max(max, x);
            for (float x : logits[t - 1]) sum += Math.exp(x - max);
            expected += max + Math.log(sum) - logits[t - 1][tokens[t]];
        }
        Weights g1 = w.zerosLike(), g2 = w.zerosLike();
        double loss = m.run(tokens, mask, tokens.length, w, wt, g1, 1f);
        assertEquals(expected, loss, 1e-4);
        // changing the unmasked last token (a target only) changes neither the loss nor any gradient
        int[] other = tokens.clone();
        other[7] = 5;
        assertEquals(loss, m.run(other, mask, other.length, w, wt, g2, 1f));
        for (Tensor t : g1.all()) assertArrayEquals(t.data(), g2.get(t.name()).data(), t.name());
        // while changing a masked target does change the loss
        int[] masked = tokens.clone();
        masked[5] = 6;
        assertNotEquals(loss, m.run(masked, mask, masked.length, w, wt, null, 1f));
    }
}
