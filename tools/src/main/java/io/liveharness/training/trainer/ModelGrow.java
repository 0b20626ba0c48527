package io.liveharness.training.trainer;

import io.liveharness.engine.llama.GgufHeader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A trained model made deeper without changing what it computes (block expansion, as in LLaMA Pro):
 * new decoder blocks are spread among the old ones, each a copy of the block before it with the two
 * projections that write into the residual stream ({@code attn_output}, {@code ffn_down}) zero, so
 * each new block adds nothing until it is trained. Training only the new blocks
 * ({@code model train --train-layers}) adds capacity and leaves what the old blocks learned as it is.
 */
public final class ModelGrow {
    /** The grown shape and which of its blocks are new (0-based, ascending). */
    public record Result(ModelConfig config, List<Integer> newLayers) { }

    private ModelGrow() { }

    public static Result write(Path model, int layers, Path out) { return write(model, layers, null, out); }

    /** @param precision how the grown model's matrices are stored, or null: as {@code model}'s */
    public static Result write(Path model, int layers, GgufExport.Precision precision, Path out) {
        ModelConfig c = VocabTransplant.config(model);
        if (layers <= c.layers()) {
            throw new IllegalArgumentException("--layers " + layers + ": " + model + " already has " + c.layers() + " blocks; a grown model needs more");
        }
        TokenizerMetadata tokenizer = TokenizerMetadata.of(model);
        Weights from = GgufImport.read(model, c, tokenizer);
        ModelConfig to = ModelConfig.of(c.vocab(), c.hidden(), layers, c.heads(), c.kvHeads(), c.headDim(), c.ffn(), c.context(), c.tied());
        Weights w = Weights.zeros(to);
        copy(from.tokenEmbd, w.tokenEmbd);
        copy(from.outputNorm, w.outputNorm);
        if (from.output != null) copy(from.output, w.output);
        List<Integer> added = new ArrayList<>();
        int next = 0;
        for (int old = 0; old < c.layers(); old++) {
            copy(from.layers[old], w.layers[next++]);
            for (int k = 0; k < newAfter(old, c.layers(), layers - c.layers()); k++) {
                Weights.Layer grown = w.layers[next];
                copy(from.layers[old], grown);
                Arrays.fill(grown.wo().data(), 0f);
                Arrays.fill(grown.down().data(), 0f);
                added.add(next++);
            }
        }
        GgufHeader header = GgufHeader.read(model);
        GgufExport.write(w, tokenizer, header.name(), header.string("general.finetune").orElse(null),
                precision != null ? precision : GgufExport.Precision.of(header), out);
        return new Result(to, List.copyOf(added));
    }

    /**
     * How many new blocks follow old block {@code old}: the {@code extra} new ones spread evenly, the
     * k-th after old block round((k+1)·oldLayers/(extra+1)) − 1 (but before the last), so none comes before the first old block
     * (the embeddings' reader) and the last old block still writes the output.
     */
    static int newAfter(int old, int oldLayers, int extra) {
        int n = 0;
        for (int k = 0; k < extra; k++) {
            int at = Math.max(0, Math.min(oldLayers - 2, (int) Math.round((k + 1) * (double) oldLayers / (extra + 1)) - 1));
            if (at == old) n++;
        }
        return n;
    }

    private static void copy(Weights.Layer from, Weights.Layer to) {
        List<Tensor> a = from.all(), b = to.all();
        for (int i = 0; i < a.size(); i++) copy(a.get(i), b.get(i));
    }

    private static void copy(Tensor from, Tensor to) { System.arraycopy(from.data(), 0, to.data(), 0, to.size()); }
}
