package io.liveharness.router.features;

import io.liveharness.router.RouteContext;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextFeaturizerTest {
    private final TextFeaturizer featurizer = new TextFeaturizer(FeatureConfig.DEFAULT);

    private List<String> names(String text) {
        List<String> out = new ArrayList<>();
        featurizer.featurize(text, RouteContext.NONE, new TextFeaturizer.Scratch(), (hash, kind, cps, from, to) -> {
            String name = kind + ":" + new String(cps, from, to - from);
            assertEquals(FeatureHash.of(name), hash, "in-place hash of " + name);
            out.add(name);
        });
        return out;
    }

    @Test
    void chineseGetsCharacterNgramsWithoutSegmentation() {
        List<String> n = names("主播好");
        assertTrue(n.containsAll(List.of("c:主", "c:主播", "c:主播好", "c:播好")), n.toString());
        assertTrue(n.stream().noneMatch(s -> s.startsWith("w:")));
    }

    @Test
    void englishGetsWordsBigramsAndInWordGrams() {
        List<String> n = names("What about XL？？？？");
        assertTrue(n.containsAll(List.of("w:what", "w:about", "w:xl", "b:what about", "b:about xl", "v: xl ", "v:abou")), n.toString());
        assertTrue(n.contains("c:???") && !n.contains("c:????"), "full-width marks folded, long runs cut");
    }

    @Test
    void contextFlagsComeFromTheRoom() {
        var s = new TextFeaturizer.Scratch();
        GramSink none = (h, k, c, f, t) -> { };
        int flags = featurizer.featurize("这个Dress有L码吗 160", new RouteContext(true, Set.of("dress")), s, none);
        for (String expected : List.of("x:reply", "x:num", "x:prod", "x:len16")) {
            int bit = List.of(TextFeaturizer.CONTEXT_NAMES).indexOf(expected);
            assertTrue((flags & 1 << bit) != 0, expected);
        }
    }
}
