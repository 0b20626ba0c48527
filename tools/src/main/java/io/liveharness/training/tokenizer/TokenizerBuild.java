package io.liveharness.training.tokenizer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** `model tokenizer`: gathers the corpus, learns the merges, writes the vocabulary GGUF. */
public final class TokenizerBuild {
    public static final int DEFAULT_VOCAB_SIZE = 6000;
    public static final Path DEFAULT_OUT = Path.of("models/vocab/liveharness-bpe.gguf");

    /** What to build: vocabulary size counts the special tokens. */
    public record Settings(Path root, int vocabSize, List<Path> extraCorpus, int variants, Path out) {
        public Settings {
            if (vocabSize < 256 + SpecialTokens.ALL.size()) {
                throw new IllegalArgumentException("the vocabulary needs at least " + (256 + SpecialTokens.ALL.size())
                        + " tokens (256 bytes and " + SpecialTokens.ALL.size() + " special), not " + vocabSize);
            }
            extraCorpus = List.copyOf(extraCorpus);
        }
    }

    /** What was built and how well it compresses. */
    public record Result(BpeVocabulary vocabulary, int vocabSize, long texts, int distinctWords, double seconds) { }

    private TokenizerBuild() { }

    public static Result run(Settings s, Consumer<String> progress) throws IOException {
        long t0 = System.nanoTime();
        List<TokenizerCorpus.Text> texts = new ArrayList<>(TokenizerCorpus.project(s.root(), s.variants()));
        for (Path f : s.extraCorpus()) texts.addAll(TokenizerCorpus.file(f));
        WordCounts counts = new WordCounts();
        for (TokenizerCorpus.Text t : texts) counts.add(t.text());
        progress.accept(String.format("corpus: %,d texts, %,d bytes, %,d distinct pre-tokens", counts.texts(), counts.bytes(), counts.distinct()));
        BpeVocabulary vocab = BpeLearner.learn(counts, s.vocabSize() - SpecialTokens.ALL.size(), progress);
        VocabGguf.write(vocab, s.out());
        return new Result(vocab, vocab.tokens().size() + SpecialTokens.ALL.size(), counts.texts(), counts.distinct(),
                (System.nanoTime() - t0) / 1e9);
    }
}
