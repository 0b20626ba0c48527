package io.liveharness.router.features;

import io.liveharness.router.RouteContext;

import java.util.Set;

/**
 * Turns a message into n-gram occurrences and context flags. It allocates nothing per call: the
 * caller passes a {@link Scratch} it owns (one per thread). Both training and classification use
 * this one class, so the model always sees features made the same way.
 */
public final class TextFeaturizer {
    /** Viewer messages are short; a longer one is classified on its head. */
    public static final int MAX_CODE_POINTS = 512;

    /** Context flags, one feature each, value 1 when set, kept apart from the normalised n-grams. */
    public static final String[] CONTEXT_NAMES = {
            "x:reply", "x:num", "x:prod", "x:replyshort",
            "x:len2", "x:len4", "x:len8", "x:len16", "x:len32", "x:lenmore", "x:flood"};
    private static final int LEN_BIT = 4, FLOOD_BIT = 10;
    private static final int BOS = 0x02;
    private static final int EOS = 0x03;

    /** Per-thread working memory. */
    public static final class Scratch {
        final int[] text = new int[MAX_CODE_POINTS + 2];
        final int[] tmp = new int[2 * MAX_CODE_POINTS + 3];
        final int[] wordStart = new int[MAX_CODE_POINTS];
        final int[] wordEnd = new int[MAX_CODE_POINTS];
        int length;
        boolean hasDigit;
    }

    private final FeatureConfig config;
    private final CueLexicon lexicon;

    public TextFeaturizer(FeatureConfig config) {
        this.config = config;
        this.lexicon = config.lexicon() ? CueLexicon.standard() : null;
    }

    public FeatureConfig config() { return config; }

    /** Emits every n-gram occurrence of {@code text} (repeats included) and returns the context flags. */
    public int featurize(String text, RouteContext context, Scratch s, GramSink sink) {
        normalize(text, s);
        charGrams(s, sink);
        if (config.cjkMax() > config.charMax()) cjkGrams(s, sink);
        wordGrams(s, sink);
        if (lexicon != null) lexicon.emit(s.text, 1, s.length - 1, sink);
        return contextFlags(text, context, s);
    }

    /** Full-width to half-width, lower case, whitespace collapsed, runs of 4+ equal non-digits cut to 3. */
    static void normalize(String text, Scratch s) {
        int[] buf = s.text;
        int n = 1;
        buf[0] = BOS;
        int prev = -1;
        int run = 0;
        boolean digit = false;
        for (int i = 0; i < text.length() && n <= MAX_CODE_POINTS; ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == 0xFE0F || cp == 0xFE0E || cp == 0x200D) continue;
            if (cp >= 0xFF01 && cp <= 0xFF5E) cp -= 0xFEE0;
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                if (buf[n - 1] == ' ' || n == 1) continue;
                cp = ' ';
            } else if (Character.isDigit(cp)) {
                digit = true; // kept as typed: "666" and "扣1" are chitchat, the flag carries "has a number"
            } else {
                cp = Character.toLowerCase(cp);
            }
            run = cp == prev ? run + 1 : 1;
            prev = cp;
            if (run > 3 && !Character.isDigit(cp)) continue;
            buf[n++] = cp;
        }
        if (n > 1 && buf[n - 1] == ' ') n--;
        buf[n++] = EOS;
        s.length = n;
        s.hasDigit = digit;
    }

    private void charGrams(Scratch s, GramSink sink) {
        int[] buf = s.text;
        int len = s.length;
        for (int size = config.charMin(); size <= config.charMax(); size++) {
            for (int from = 0; from + size <= len; from++) {
                if (blank(buf, from, from + size)) continue;
                long h = FeatureHash.start('c');
                for (int i = from; i < from + size; i++) h = FeatureHash.step(h, buf[i]);
                sink.gram(h, 'c', buf, from, from + size);
            }
        }
    }

    /** Character n-grams longer than {@code charMax}, up to {@code cjkMax}, inside runs of CJK characters only. */
    private void cjkGrams(Scratch s, GramSink sink) {
        int[] buf = s.text;
        int len = s.length;
        for (int size = config.charMax() + 1; size <= config.cjkMax(); size++) {
            int run = 0; // CJK characters ending at i
            for (int i = 0; i < len; i++) {
                run = isCjk(buf[i]) ? run + 1 : 0;
                if (run < size) continue;
                int from = i + 1 - size;
                long h = FeatureHash.start('c');
                for (int j = from; j <= i; j++) h = FeatureHash.step(h, buf[j]);
                sink.gram(h, 'c', buf, from, i + 1);
            }
        }
    }

    static boolean isCjk(int cp) {
        return (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x2FA1F);
    }

    /** A gram of only spaces and boundary marks says nothing. */
    private static boolean blank(int[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            int cp = buf[i];
            if (cp != ' ' && cp != BOS && cp != EOS) return false;
        }
        return true;
    }

    private void wordGrams(Scratch s, GramSink sink) {
        int[] buf = s.text;
        int words = 0;
        for (int i = 1; i < s.length - 1; ) {
            if (!isWordChar(buf[i])) { i++; continue; }
            int start = i;
            while (i < s.length - 1 && isWordChar(buf[i])) i++;
            s.wordStart[words] = start;
            s.wordEnd[words++] = i;
        }
        int[] tmp = s.tmp;
        for (int w = 0; w < words; w++) {
            int from = s.wordStart[w];
            int to = s.wordEnd[w];
            sink.gram(hash('w', buf, from, to), 'w', buf, from, to);
            if (config.wordBigrams() && w + 1 < words) {
                int n = copy(buf, from, to, tmp, 0);
                tmp[n++] = ' ';
                n = copy(buf, s.wordStart[w + 1], s.wordEnd[w + 1], tmp, n);
                sink.gram(hash('b', tmp, 0, n), 'b', tmp, 0, n);
            }
            if (config.wordCharMin() > 0) {
                tmp[0] = ' ';
                int n = copy(buf, from, to, tmp, 1);
                tmp[n++] = ' ';
                for (int size = config.wordCharMin(); size <= config.wordCharMax(); size++) {
                    for (int g = 0; g + size <= n; g++) sink.gram(hash('v', tmp, g, g + size), 'v', tmp, g, g + size);
                }
            }
        }
    }

    /** Latin-script letters and digits form words; CJK is left to the character n-grams. */
    private static boolean isWordChar(int cp) {
        return cp == '\'' || (cp < 0x250 && Character.isLetterOrDigit(cp));
    }

    private static int copy(int[] src, int from, int to, int[] dst, int at) {
        System.arraycopy(src, from, dst, at, to - from);
        return at + to - from;
    }

    private static long hash(char kind, int[] cps, int from, int to) {
        long h = FeatureHash.start(kind);
        for (int i = from; i < to; i++) h = FeatureHash.step(h, cps[i]);
        return h;
    }

    private static int contextFlags(String text, RouteContext context, Scratch s) {
        int flags = 0;
        int visible = s.length - 2;
        if (context.replyToAvatar()) flags |= 1;
        if (s.hasDigit) flags |= 1 << 1;
        if (mentions(text, context.productKeywords())) flags |= 1 << 2;
        if (context.replyToAvatar() && visible <= 8) flags |= 1 << 3;
        int bucket = visible <= 2 ? 0 : visible <= 4 ? 1 : visible <= 8 ? 2 : visible <= 16 ? 3 : visible <= 32 ? 4 : 5;
        if (isFlood(text)) flags |= 1 << FLOOD_BIT;
        return flags | 1 << (LEN_BIT + bucket);
    }

    /**
     * The message is one letter typed four or more times, give or take spaces, punctuation and
     * emoji ("顶顶顶顶", "aaaaaa"). Its n-grams name only that letter, so without this flag a flood
     * of a letter the training data never flooded with looks like nothing the router knows. Whether
     * it is spam or laughter (哈哈哈哈) is left to the letter's own n-grams.
     */
    static boolean isFlood(String text) {
        int letter = -1, count = 0;
        for (int i = 0, seen = 0; i < text.length() && seen < MAX_CODE_POINTS; seen++) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isDigit(cp)) return false; // "6666" and "1111" are applause and 扣1
            if (!Character.isLetter(cp)) continue;
            cp = Character.toLowerCase(cp);
            if (letter >= 0 && cp != letter) return false;
            letter = cp;
            count++;
        }
        return count >= 4;
    }

    private static boolean mentions(String text, Set<String> keywords) {
        for (String k : keywords) {
            if (k.isEmpty()) continue;
            for (int i = 0; i + k.length() <= text.length(); i++) {
                if (text.regionMatches(true, i, k, 0, k.length())) return true;
            }
        }
        return false;
    }

    /** Sub-linear term frequency: a gram said three times is not three times the evidence. */
    public static double termWeight(int count) {
        return 1.0 + Math.log(count);
    }
}
