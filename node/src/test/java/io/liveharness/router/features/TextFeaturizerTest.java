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
        return names(featurizer, text);
    }

    private static List<String> names(TextFeaturizer featurizer, String text) {
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

    @Test
    void aMessageOfOneLetterTypedOverAndOverIsAFlood() {
        for (String flood : List.of("顶顶顶顶", "刷刷刷刷刷刷刷刷", "咚 咚 咚 咚！！", "AAAAaaaa", "喵喵喵喵😀😀")) {
            assertTrue(TextFeaturizer.isFlood(flood), flood);
        }
        for (String not : List.of("顶顶顶", "666666", "扣1扣1扣1扣1", "哈哈哈哈 真人吗", "hahahahaha", "有M码吗????", "")) {
            assertTrue(!TextFeaturizer.isFlood(not), not);
        }
        int bit = List.of(TextFeaturizer.CONTEXT_NAMES).indexOf("x:flood");
        int flags = featurizer.featurize("嘀嘀嘀嘀嘀嘀", RouteContext.NONE, new TextFeaturizer.Scratch(), (h, k, c, f, t) -> { });
        assertTrue((flags & 1 << bit) != 0, "x:flood set");
    }

    @Test
    void cueLexiconFiresItsGroupOncePerHit() {
        TextFeaturizer lex = new TextFeaturizer(FeatureConfig.BASELINE.withLexicon(true));
        assertTrue(names(lex, "优惠券怎么领").contains("l:promo"));
        assertTrue(names(lex, "any discount today?").contains("l:promo"));
        assertTrue(names(lex, "收到就坏了 要退货").contains("l:aftersales"));
        assertTrue(names(lex, "给差评 我要投诉").contains("l:complaint"));
        assertTrue(names(lex, "加V abc123 领福利").containsAll(List.of("l:contact", "l:promo")));
        // leftmost-longest, no overlaps: 优惠券 is one hit, 送货 is logistics and not also promotion (送)
        assertEquals(1, names(lex, "优惠券").stream().filter("l:promo"::equals).count());
        assertTrue(names(lex, "可以送货上门吗").contains("l:logistics") && !names(lex, "可以送货上门吗").contains("l:promo"));
        // a Latin cue must start a word, and a short one must end it too
        assertTrue(names(lex, "coffee for the office").stream().noneMatch(n -> n.startsWith("l:")));
        assertTrue(names(lex, "special offer").contains("l:promo"));
        assertTrue(names(new TextFeaturizer(FeatureConfig.BASELINE), "优惠券怎么领").stream().noneMatch(n -> n.startsWith("l:")));
        assertTrue(CueLexicon.standard().featureNames().contains("l:promo"));
    }

    @Test
    void fourGramsOnlyInsideChineseRuns() {
        TextFeaturizer cjk = new TextFeaturizer(FeatureConfig.BASELINE.withCjkMax(4));
        List<String> n = names(cjk, "七天无理由 return");
        assertTrue(n.containsAll(List.of("c:七天无理", "c:天无理由")), n.toString());
        assertTrue(n.stream().noneMatch(s -> s.startsWith("c:") && s.length() == 6 && !s.substring(2).codePoints().allMatch(TextFeaturizer::isCjk)), n.toString());
        assertTrue(names(new TextFeaturizer(FeatureConfig.BASELINE), "七天无理由").stream().noneMatch("c:七天无理"::equals));
    }

    @Test
    void configHeaderRoundTripsAndOldHeadersStillParse() {
        assertEquals(FeatureConfig.BASELINE, FeatureConfig.parse("1-3,2-5,bigrams"));
        for (FeatureConfig c : List.of(FeatureConfig.BASELINE, FeatureConfig.DEFAULT, FeatureConfig.BASELINE.withCjkMax(4).withLexicon(true))) {
            assertEquals(c, FeatureConfig.parse(c.format()), c.format());
        }
        assertEquals("1-3,2-5,bigrams,cjk4,lex", FeatureConfig.BASELINE.withCjkMax(4).withLexicon(true).format());
    }
}
