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
 * @param cjkMax       longest character n-gram made only of CJK characters (no longer than charMax means
 *                     none beyond charMax): Chinese words of four characters (七天无理由, 买一送一) without
 *                     adding 4-grams of Latin text, which the word grams already cover
 * @param lexicon      emit one {@code l:} feature per {@link CueLexicon} cue group a message hits
 */
public record FeatureConfig(int charMin, int charMax, int wordCharMin, int wordCharMax, boolean wordBigrams,
                            int cjkMax, boolean lexicon) {
    /** The configuration of the first model: 1-3 character grams, no CJK 4-grams, no cue lexicon. */
    public static final FeatureConfig BASELINE = new FeatureConfig(1, 3, 2, 5, true);
    /** The first variant {@code Tuner} tries and the one used untuned; a model file records the one it was trained with. */
    public static final FeatureConfig DEFAULT = new FeatureConfig(1, 3, 2, 5, true, 3, true);

    public FeatureConfig {
        if (charMin < 1 || charMax < charMin || charMax > 8) throw new IllegalArgumentException("bad char n-gram range");
        if (wordCharMin != 0 && (wordCharMin < 1 || wordCharMax < wordCharMin || wordCharMax > 8)) {
            throw new IllegalArgumentException("bad word char n-gram range");
        }
        if (cjkMax > 8) throw new IllegalArgumentException("bad CJK n-gram length");
        cjkMax = Math.max(cjkMax, charMax);
    }

    public FeatureConfig(int charMin, int charMax, int wordCharMin, int wordCharMax, boolean wordBigrams) {
        this(charMin, charMax, wordCharMin, wordCharMax, wordBigrams, charMax, false);
    }

    public FeatureConfig withCjkMax(int n) { return new FeatureConfig(charMin, charMax, wordCharMin, wordCharMax, wordBigrams, n, lexicon); }

    public FeatureConfig withLexicon(boolean on) { return new FeatureConfig(charMin, charMax, wordCharMin, wordCharMax, wordBigrams, cjkMax, on); }

    /** Parses {@code "1-3,2-5,bigrams"} or {@code "1-3,2-5,bigrams,cjk4,lex"} as written in the model file header. */
    public static FeatureConfig parse(String s) {
        String[] p = s.split(",");
        String[] c = p[0].split("-");
        String[] v = p[1].split("-");
        int charMax = Integer.parseInt(c[1]);
        int cjk = charMax;
        boolean lex = false;
        for (int i = 3; i < p.length; i++) {
            if (p[i].startsWith("cjk")) cjk = Integer.parseInt(p[i].substring(3));
            else if (p[i].equals("lex")) lex = true;
            else throw new IllegalArgumentException("unknown feature option '" + p[i] + "'");
        }
        return new FeatureConfig(Integer.parseInt(c[0]), charMax, Integer.parseInt(v[0]),
                Integer.parseInt(v[1]), p.length > 2 && p[2].equals("bigrams"), cjk, lex);
    }

    public String format() {
        return charMin + "-" + charMax + "," + wordCharMin + "-" + wordCharMax + (wordBigrams ? ",bigrams" : ",nobigrams")
                + (cjkMax > charMax ? ",cjk" + cjkMax : "") + (lexicon ? ",lex" : "");
    }
}
