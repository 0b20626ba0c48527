package io.liveharness.training.data;

import io.liveharness.config.ConfigLoader;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Localized;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated world gives a model nothing typical to fall back on: names and links must be read. */
class SyntheticWorldTest {
    /** The demo catalog's products, which every world carries as they are. */
    private static final Catalog DEMO = Catalog.load(Path.of(ConfigLoader.load(ConfigLoader.DEFAULT_FILE).catalog().file()));

    @TempDir
    Path dir;

    /** The rooms a world generated (not the demo's it carries), as a node loads them. */
    private static List<RoomManifest> generatedRooms(SyntheticWorld.Written w) {
        return RoomManifests.load(Path.of(w.config().rooms().dir()), Catalog.load(Path.of(w.config().catalog().file()))).stream()
                .filter(room -> w.generatedRooms().contains(room.id())).toList();
    }

    @Test
    void namesAreMostlyDistinctAndLinksDifferInARoomWithOneToThreeDigits() throws Exception {
        var w = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 300, 7, dir);
        Map<String, Product> products = SyntheticWorld.products(w);
        var generated = products.values().stream().filter(p -> !DEMO.contains(p.id())).toList();
        assertTrue(generated.size() >= 300, "every room has a product: " + generated.size());
        long names = generated.stream().map(Product::name).distinct().count();
        assertTrue(names > generated.size() * 0.6, names + " distinct names among " + generated.size() + " products");
        Set<Integer> digits = generated.stream().map(p -> p.actionLinkId().length() - "link-".length()).collect(Collectors.toSet());
        assertEquals(Set.of(1, 2, 3), digits, "link ids of every length, so none is typical");
        long ownWords = generated.stream().filter(p -> !p.id().startsWith(SyntheticWorld.slug(p.category()) + "-")).count();
        assertTrue(ownWords > generated.size() / 3 && ownWords < generated.size(), ownWords + " of " + generated.size() + " ids are not the category's");
        int checked = 0;
        for (RoomManifest room : generatedRooms(w)) {
            Set<String> links = new HashSet<>();
            for (String id : room.products()) assertTrue(links.add(products.get(id).actionLinkId()), room.id() + " has two products on one link");
            checked++;
        }
        assertEquals(300, checked, "every generated room loads");
    }

    @Test
    void theDrawsDecideHowProductsDepartFromTheirArchetype() throws Exception {
        WorldSpec base = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        WorldSpec plain = new WorldSpec(base.hosts(), base.personasZh(), base.personasEn(), base.titles(), base.shipping(), base.returns(),
                base.categories(), base.colors(), base.noColors(), base.modifiers(), base.brandSyllables(), base.brandSuffixes(),
                base.shelfLife(), base.faqs(), new WorldSpec.Draws(0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0));
        var w = SyntheticWorld.write(plain, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 60, 3, dir);
        int named = 0;
        for (Product p : SyntheticWorld.products(w).values()) {
            if (DEMO.contains(p.id())) continue;
            WorldSpec.Category c = base.categories().stream().filter(k -> k.en().equals(p.category())).findFirst().orElseThrow();
            assertEquals(p.material().en(), p.material().zh(), p.id() + "'s material is the English words in both: " + p.material());
            var from = c.materials().stream().filter(m -> m.get(1).equals(p.material().en())).findFirst().orElseThrow();
            if (from.get(0).contains(" ") || from.get(1).contains(",")) continue;
            assertEquals(new Localized(from.get(0) + c.zh(), from.get(1) + " " + c.en()), p.name(), p.id() + " is named by its material");
            named++;
        }
        assertTrue(named > 20, named + " products named by their material");
    }

    @Test
    void someRoomsAlsoSellOneProductOfAnotherKind() throws Exception {
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        var w = SyntheticWorld.write(spec, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 400, 13, dir);
        Map<String, Product> products = SyntheticWorld.products(w);
        int mixed = 0;
        for (RoomManifest room : generatedRooms(w)) {
            Map<String, Long> kinds = room.products().stream().collect(Collectors.groupingBy(id -> products.get(id).category(), Collectors.counting()));
            assertTrue(kinds.size() <= 2, room.id() + " sells " + kinds);
            if (kinds.size() == 2) {
                assertTrue(kinds.containsValue(1L), room.id() + " sells one product of its second kind: " + kinds);
                mixed++;
            }
        }
        double share = mixed / 400.0;
        assertTrue(Math.abs(share - spec.draws().secondCategory()) < 0.08, mixed + " of 400 rooms sell two kinds; drawn " + spec.draws().secondCategory());
    }

    @Test
    void aDrawnShareOfRoomsHasSomeOfItsKindsFaqAsEveryDemoRoomDoes() throws Exception {
        // the demo rooms' prompts all carry a "## Shop FAQ" section; no training room's did
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        var w = SyntheticWorld.write(spec, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 400, 19, dir);
        Map<String, Product> products = SyntheticWorld.products(w);
        int withFaq = 0;
        for (RoomManifest room : generatedRooms(w)) {
            if (room.faq().isEmpty()) continue;
            withFaq++;
            String kind = products.get(room.onStage()).category();
            List<RoomManifest.FaqEntry> own = spec.faqs().values().stream()
                    .filter(entries -> entries.containsAll(room.faq())).findFirst().orElseThrow(() -> new AssertionError(room.id() + "'s FAQ mixes kinds: " + room.faq()));
            assertTrue(room.faq().size() >= 2 && room.faq().size() <= own.size(), room.id() + " has " + room.faq().size() + " of its kind's " + own.size());
            assertTrue(room.products().stream().anyMatch(id -> spec.faqs().get(products.get(id).category()) == own), room.id() + " (" + kind + ") has another kind's FAQ");
        }
        double share = withFaq / 400.0;
        assertTrue(Math.abs(share - spec.draws().faq()) < 0.08, withFaq + " of 400 rooms have an FAQ; drawn " + spec.draws().faq());
    }

    @Test
    void aDrawnShareOfGoodsIsSoldOut() throws Exception {
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        var w = SyntheticWorld.write(spec, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 400, 17, dir);
        long all = 0, soldOut = 0;
        for (Product p : SyntheticWorld.products(w).values()) {
            if (DEMO.contains(p.id())) continue;
            all++;
            if (p.stock() == 0) soldOut++;
        }
        double share = (double) soldOut / all;
        assertTrue(Math.abs(share - spec.draws().soldOut()) < 0.04, soldOut + " of " + all + " products sold out; drawn " + spec.draws().soldOut());
    }

    @Test
    void aWorldOfOneKindStillWritesItsRoomsWhenASecondKindIsDrawn() {
        WorldSpec base = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        WorldSpec.Draws b = base.draws();
        WorldSpec oneKind = new WorldSpec(base.hosts(), base.personasZh(), base.personasEn(), base.titles(), base.shipping(), base.returns(),
                List.of(base.categories().getFirst()), base.colors(), base.noColors(), base.modifiers(), base.brandSyllables(), base.brandSuffixes(),
                base.shelfLife(), Map.of(), new WorldSpec.Draws(b.brand(), b.modifier(), b.secondModifier(), b.materialName(), b.foreignMaterial(),
                        b.englishOnlyMaterial(), b.categoryId(), b.shelfLife(), 1, b.packCount(), b.soldOut(), b.faq()));
        // drawing the second kind among the other kinds, of which there are none, once never returned
        var w = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> SyntheticWorld.write(oneKind, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 20, 5, dir));
        assertEquals(20, w.generatedRooms().size());
    }

    @Test
    void goodsSoldByThePackMayNameAPackCountInBothLanguages() throws Exception {
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        var w = SyntheticWorld.write(spec, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 400, 17, dir);
        int packed = 0, byThePack = 0;
        Set<Integer> counts = new HashSet<>();
        for (Product p : SyntheticWorld.products(w).values()) {
            if (DEMO.contains(p.id())) continue;
            WorldSpec.Category c = spec.categories().stream().filter(k -> k.en().equals(p.category())).findFirst().orElseThrow();
            if (c.pack() == null) {
                assertTrue(!p.name().en().matches(".*\\(\\d+ \\w+\\)$"), p.id() + " (" + c.en() + ") is not sold by the pack, yet: " + p.name());
                continue;
            }
            byThePack++;
            Matcher m = Pattern.compile(" (\\d+)" + c.pack().zh() + "\\|.* \\((\\d+) " + c.pack().en() + "\\)$").matcher(p.name().zh() + "|" + p.name().en());
            if (!m.find()) continue;
            assertEquals(m.group(1), m.group(2), p.id() + " names one count in both languages: " + p.name());
            int n = Integer.parseInt(m.group(1));
            assertTrue(n >= c.pack().counts().get(0) && n <= c.pack().counts().get(1), p.name().both());
            counts.add(n);
            packed++;
        }
        assertTrue(byThePack > 40, byThePack + " products sold by the pack");
        assertTrue(Math.abs((double) packed / byThePack - spec.draws().packCount()) < 0.15,
                packed + " of " + byThePack + " name a pack count; drawn " + spec.draws().packCount());
        assertTrue(counts.size() > 10, "counts are drawn, not typical: " + counts);
    }

    @Test
    void aShelfLifeIsADrawnNumberWrittenInEachLanguage() throws Exception {
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        var w = SyntheticWorld.write(spec, ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 400, 11, dir);
        Pattern zh = Pattern.compile("保质期 (\\d+)(个月|年)"), en = Pattern.compile("shelf life (\\d+) (months|years)");
        Set<String> stated = new HashSet<>();
        int paired = 0, englishOnly = 0, keeping = 0;
        for (Product p : SyntheticWorld.products(w).values()) {
            if (DEMO.contains(p.id())) continue;
            WorldSpec.Category c = spec.categories().stream().filter(k -> k.en().equals(p.category())).findFirst().orElseThrow();
            Matcher z = zh.matcher(p.material().zh()), e = en.matcher(p.material().en());
            boolean hasZh = z.find(), hasEn = e.find();
            if (c.shelfLifeMonths() == null) {
                assertTrue(!hasZh && !hasEn, p.id() + " (" + c.en() + ") does not keep, yet: " + p.material());
                continue;
            }
            keeping++;
            if (hasZh) {
                stated.add(z.group(1) + z.group(2));
                assertTrue(hasEn && z.group(1).equals(e.group(1)), p.id() + " says one shelf life in each language: " + p.material());
                paired++;
            } else if (hasEn) {
                assertEquals(p.material().en(), p.material().zh(), p.id() + ": English words only, in both fields");
                englishOnly++;
            }
        }
        assertTrue(keeping > 40, keeping + " products of goods that keep");
        assertTrue(paired > 5 && englishOnly > 0, "shapes: paired " + paired + ", English only " + englishOnly);
        assertTrue(stated.size() >= 12, "a shelf life has no usual value to remember: " + stated);
    }

    @Test
    void aMaterialThatIsNotAPairOfLanguagesIsRefusedWithItsCategory() throws Exception {
        String yaml = Files.readString(WorldSpec.DEFAULT_FILE).replace("[ABS外壳, ABS shell]", "[ABS外壳, ABS shell, glossy]");
        Path file = dir.resolve("world.yaml");
        Files.writeString(file, yaml);
        var e = assertThrows(java.io.UncheckedIOException.class, () -> WorldSpec.load(file));
        assertTrue(e.getMessage().contains("category earbuds: [ABS外壳, ABS shell, glossy] is not a [Chinese, English] pair")
                && e.getMessage().contains("line: "), e.getMessage());
    }
}
