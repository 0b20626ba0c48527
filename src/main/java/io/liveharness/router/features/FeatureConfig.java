package io.liveharness.router.features;

/**
 * Which n-grams the featurizer emits. Chinese needs no word segmentation: character n-grams over
 * the whole message carry it. Latin-script words add word unigrams/bigrams and in-word character
 * n-grams (with word boundaries), which absorb typos and inflections.
 *
 * @param charMin      shortest character n-gram over the whole message
 * @param charMax      longest character n-gram over the whole message
 * @param wordCharMin  shortest in-word character n-gram of a Latin word (0 disables them)
 * @param wordCharMax  longest in-word character n-gram
 * @param wordBigrams  emit Latin word bigrams
 */
public record FeatureConfig(int charMin, int charMax, int wordCharMin, int wordCharMax, boolean wordBigrams) {
    public static final FeatureConfig DEFAULT = new FeatureConfig(1, 3, 2, 5, true);

    public FeatureConfig {
        if (charMin < 1 || charMax < charMin || charMax > 8) throw new IllegalArgumentException("bad char n-gram range");
        if (wordCharMin != 0 && (wordCharMin < 1 || wordCharMax < wordCharMin || wordCharMax > 8)) {
            throw new IllegalArgumentException("bad word char n-gram range");
        }
    }

    /** Parses {@code "1-3,2-5,bigrams"} as written in the model file header. */
    public static FeatureConfig parse(String s) {
        String[] p = s.split(",");
        String[] c = p[0].split("-");
        String[] v = p[1].split("-");
        return new FeatureConfig(Integer.parseInt(c[0]), Integer.parseInt(c[1]), Integer.parseInt(v[0]),
                Integer.parseInt(v[1]), p.length > 2 && p[2].equals("bigrams"));
    }

    public String format() {
        return charMin + "-" + charMax + "," + wordCharMin + "-" + wordCharMax + (wordBigrams ? ",bigrams" : ",nobigrams");
    }
}
