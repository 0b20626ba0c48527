package io.liveharness.router.features;

/**
 * The 64-bit FNV-1a hash of a feature name, computed over code points so the featurizer can hash
 * a gram in place without building the name. {@code of("c:主播")} equals the in-place hash.
 */
public final class FeatureHash {
    static final long OFFSET = 0xcbf29ce484222325L;
    static final long PRIME = 0x100000001b3L;

    static long step(long h, int cp) {
        return (h ^ cp) * PRIME;
    }

    static long start(char kind) {
        return step(step(OFFSET, kind), ':');
    }

    public static long of(String name) {
        long h = OFFSET;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            h = step(h, cp);
            i += Character.charCount(cp);
        }
        return h;
    }

    private FeatureHash() { }
}
