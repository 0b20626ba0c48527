package io.liveharness.training.data;

import io.liveharness.config.ConfigLoader;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import io.liveharness.router.question.QuestionLexicon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

class CaseSamplerTest {
    @TempDir
    Path dir;

    @Test
    void shelfLifeIsAskedMostlyOfGoodsWhoseMaterialGivesOne() throws Exception {
        Map<String, Product> products = new HashMap<>();
        CaseSampler sampler = sampler(products);
        int cases = 0, asked = 0, withOne = 0, onStageWithOne = 0;
        for (DevCase c : drawn(sampler)) {
            cases++;
            boolean gives = givesShelfLife(products.get(c.onStage()));
            if (gives) onStageWithOne++;
            if (!c.tags().contains("shelfLife")) continue;
            asked++;
            if (gives) withOne++;
        }
        assertTrue(onStageWithOne < cases * 0.35, "the world's goods mostly have no shelf life: " + onStageWithOne + " of " + cases);
        assertTrue(asked > 100, asked + " shelf-life questions drawn");
        assertTrue(withOne > asked * 0.6, withOne + " of " + asked + " shelf-life questions are about goods that give one");
        assertTrue(withOne < asked, "some ask goods without one, whose answer is that the data does not say");
    }

    @Test
    void aFeatureIsAskedOfGoodsWhoseKindCarriesIt() throws Exception {
        Map<String, Product> products = new HashMap<>();
        CaseSampler sampler = sampler(products);
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        List<String> zh = phrasings.slot("feature", "zh"), en = phrasings.slot("feature", "en");
        Map<String, Map<Integer, Integer>> ofKind = carrying(products, zh, en);
        int asked = 0, ofKindWithout = 0, ownless = 0, kindless = 0;
        for (DevCase c : drawn(sampler)) {
            if (!c.tags().contains("feature")) continue;
            asked++;
            Product p = products.get(c.onStage());
            Set<Integer> kind = ofKind.getOrDefault(p.category(), Map.of()).keySet();
            if (kind.isEmpty()) kindless++;
            if (!features(p, zh, en).isEmpty()) continue;
            // a product without features of its own: the word in the question is the one asked
            ownless++;
            for (int i : kind) if (c.text().contains(zh.get(i)) || c.text().contains(en.get(i))) { ofKindWithout++; break; }
        }
        assertTrue(asked > 100, asked + " feature questions drawn");
        assertTrue(kindless < asked * 0.1, kindless + " of " + asked + " feature questions ask goods whose kind has no feature");
        assertTrue(ownless > 20, ownless + " feature questions ask goods without one of their own");
        assertTrue(ofKindWithout > ownless * 0.8, ofKindWithout + " of " + ownless
                + " questions to goods without a feature ask one that goods of their kind have (noise cancelling of earbuds, not of nuts)");
    }

    /**
     * A feature only a few goods of a kind carry, by a drawn modifier or a material borrowed from
     * another kind ("加绒夏威夷果", silk jeans), is not the kind's: asked of the kind's other goods, it
     * made the feature "no" a common answer in rooms whose goods have no feature (the snack room's).
     */
    @Test
    void aFeatureFewGoodsOfAKindCarryIsNotAskedOfTheOthers() throws Exception {
        Map<String, Product> products = new HashMap<>();
        CaseSampler sampler = sampler(products);
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        List<String> zh = phrasings.slot("feature", "zh"), en = phrasings.slot("feature", "en");
        Map<String, Long> goods = products.values().stream().collect(Collectors.groupingBy(Product::category, Collectors.counting()));
        Map<String, Map<Integer, Integer>> carrying = carrying(products, zh, en);
        int ownless = 0, rare = 0;
        String example = "";
        for (DevCase c : drawn(sampler)) {
            if (!c.tags().contains("feature")) continue;
            Product p = products.get(c.onStage());
            if (!features(p, zh, en).isEmpty()) continue;
            ownless++;
            for (var e : carrying.getOrDefault(p.category(), Map.of()).entrySet()) {
                int i = e.getKey();
                boolean asked = c.text().contains(zh.get(i)) || c.text().toLowerCase(java.util.Locale.ROOT).contains(en.get(i));
                if (asked && e.getValue() < goods.get(p.category()) * 0.1) { rare++; example = c.text() + " of " + p.name(); }
            }
        }
        assertTrue(ownless > 20, ownless + " feature questions ask goods without one of their own");
        // a kind with no feature of its own is asked one 1 time in 20 (the sampler's askable), whose answer is "not in the data"
        assertTrue(rare < ownless * 0.05, rare + " of " + ownless + " ask a feature under a tenth of the kind's goods carry, e.g. " + example);
    }

    /** The cases of 6,000 sessions of up to 5 exchanges. */
    private static List<DevCase> drawn(CaseSampler sampler) {
        List<DevCase> out = new ArrayList<>();
        for (int s = 0; s < 6_000; s++) out.addAll(sampler.session("s" + s, 5));
        return out;
    }

    /** A sampler over a generated world of 300 rooms; the world's products are put in {@code products}. */
    private CaseSampler sampler(Map<String, Product> products) throws Exception {
        var w = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 300, 7, dir);
        products.putAll(SyntheticWorld.products(w));
        var rooms = RoomManifests.load(Path.of(w.config().rooms().dir()), Catalog.load(Path.of(w.config().catalog().file())));
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        return new CaseSampler(phrasings, KindMix.load(KindMix.DEFAULT_FILE, phrasings), rooms, products,
                List.of(new CaseSampler.RouterMessage("hello", "chitchat")), List.of(), 3);
    }

    /** Per kind, how many of its goods carry each feature (indices into the phrasings' slot). */
    private static Map<String, Map<Integer, Integer>> carrying(Map<String, Product> products, List<String> zh, List<String> en) {
        Map<String, Map<Integer, Integer>> out = new HashMap<>();
        for (Product p : products.values()) {
            for (int i : features(p, zh, en)) out.computeIfAbsent(p.category(), k -> new HashMap<>()).merge(i, 1, Integer::sum);
        }
        return out;
    }

    /** The features (indices into the phrasings' slot) a product's name or material says it has. */
    private static Set<Integer> features(Product p, List<String> zh, List<String> en) {
        Set<Integer> out = new HashSet<>();
        for (int i = 0; i < zh.size(); i++) {
            if (QuestionLexicon.written(p.name().both() + " " + p.material().both(), List.of(zh.get(i), en.get(i))) != null) out.add(i);
        }
        return out;
    }

    private static boolean givesShelfLife(Product p) {
        return p.material().zh().contains("保质期") || p.material().en().contains("shelf life");
    }
}
