package io.liveharness.training.tokenizer;

import java.util.List;

/**
 * A learned byte-level BPE: tokens 0-255 are the bytes, later ones the results of merges, in the
 * order learned; the merges are ranked by that order. Special tokens are not part of it.
 *
 * @param corpusBytes  UTF-8 bytes of the corpus it was learned on
 * @param corpusTokens tokens the corpus splits into with these merges
 */
public record BpeVocabulary(List<byte[]> tokens, List<Merge> merges, long corpusBytes, long corpusTokens) {

    /** Tokens {@code left} and {@code right} side by side become {@code result}. */
    public record Merge(int left, int right, int result) { }

    public BpeVocabulary {
        tokens = List.copyOf(tokens);
        merges = List.copyOf(merges);
    }

    public double bytesPerToken() { return corpusTokens == 0 ? 0 : (double) corpusBytes / corpusTokens; }

    /** A merge as GGUF writes it: the two tokens' spellings, space-separated. */
    public String mergeText(Merge m) {
        return ByteSymbols.spell(tokens.get(m.left())) + " " + ByteSymbols.spell(tokens.get(m.right()));
    }
}
