package io.liveharness.training.trainer;

import io.liveharness.engine.llama.GgufHeader;

import java.nio.file.Path;
import java.util.List;

/**
 * Two models of one shape and one vocabulary mixed tensor by tensor, {@code (1 − w)·from + w·to}:
 * a fine-tune taken part of the way back toward the model it started from (weight-space ensembling,
 * as in WiSE-FT). With {@code from} a grown model and {@code to} its new blocks trained, the old
 * blocks stay as they are and the new ones write {@code w} of what they learned into the residual
 * stream: what they add, less strongly, and less of what they broke.
 */
public final class ModelBlend {
    private ModelBlend() { }

    /** @return the shape both models have */
    public static ModelConfig write(Path from, Path to, double weight, Path out) {
        if (!(weight >= 0 && weight <= 1)) throw new IllegalArgumentException("--weight " + weight + ": give a share of " + to + " between 0 and 1");
        ModelConfig a = VocabTransplant.config(from), b = VocabTransplant.config(to);
        if (!a.equals(b)) throw new IllegalArgumentException(from + " is " + a + " but " + to + " is " + b + ": only models of one shape blend");
        TokenizerMetadata fromTokenizer = TokenizerMetadata.of(from), tokenizer = TokenizerMetadata.of(to);
        if (!tokens(fromTokenizer).equals(tokens(tokenizer))) {
            throw new IllegalArgumentException(from + " and " + to + " have different vocabularies: only models of one vocabulary blend");
        }
        Weights wa = GgufImport.read(from, a, fromTokenizer), wb = GgufImport.read(to, b, tokenizer);
        List<Tensor> ta = wa.all(), tb = wb.all();
        float keep = (float) (1 - weight), take = (float) weight;
        for (int i = 0; i < tb.size(); i++) {
            float[] x = ta.get(i).data(), y = tb.get(i).data();
            for (int j = 0; j < y.length; j++) y[j] = keep * x[j] + take * y[j];
        }
        GgufHeader header = GgufHeader.read(to);
        // the name a node shows for the model says it is a blend, not the run it was trained in
        String name = header.name() + String.format(java.util.Locale.ROOT, " blended %.2f", weight);
        GgufExport.write(wb, tokenizer, name, header.string("general.finetune").orElse(null), GgufExport.Precision.of(header), out);
        return b;
    }

    private static List<Object> tokens(TokenizerMetadata t) { return t.keys().get("tokenizer.ggml.tokens").list(); }
}
