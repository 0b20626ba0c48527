package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.NodeConfig;
import io.liveharness.room.RoomManifest;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The demo rooms plus generated training rooms, written as a catalog, policies and room manifests
 * in a folder, so the real tool verticles and the real prompt pipeline serve them. Each generated
 * product has its own price, stock, sizes, colours, material, shipping and link ids, drawn from the
 * archetypes by a seed: the same seed writes the same world.
 */
public final class SyntheticWorld {
    /** The world's folder inside the folder {@code model data} writes. */
    public static final String WORLD_DIR = "world";
    /** How a generated room's id starts: the world's other rooms are the demo's. */
    public static final String ROOM_PREFIX = "train-";
    private static final String CATALOG = "catalog/products.yaml", POLICIES = "catalog/policies.yaml", ROOMS = "rooms";
    private static final ObjectMapper YAML = Json.YAML;
    private final WorldSpec spec;
    private final Random random;
    /** The link ids already used in the room being written: a room's buy links must differ. */
    private final java.util.Set<String> roomLinks = new java.util.HashSet<>();
    /** The product ids already used, the demo catalog's included. */
    private final java.util.Set<String> productIds = new java.util.HashSet<>();

    private SyntheticWorld(WorldSpec spec, long seed) {
        this.spec = spec;
        this.random = new Random(seed);
    }

    /** Where a world was written, and the node configuration that reads it. */
    public record Written(Path dir, NodeConfig config, List<String> generatedRooms) { }

    /**
     * Writes {@code rooms} generated rooms beside the demo ones (from {@code base}'s catalog, policies and rooms folder).
     */
    public static Written write(WorldSpec spec, NodeConfig base, int rooms, long seed, Path dir) throws IOException {
        return new SyntheticWorld(spec, seed).writeTo(base, rooms, dir);
    }

    /** {@code base} reading the world that {@code model data --out dataDir} wrote, to run or measure in its rooms. */
    public static NodeConfig configOf(NodeConfig base, Path dataDir) {
        Path world = dataDir.resolve(WORLD_DIR);
        if (!Files.isRegularFile(world.resolve(CATALOG))) {
            throw new IllegalArgumentException(dataDir + " is not a folder `model data` wrote: it has no " + world.resolve(CATALOG));
        }
        return reading(base, world);
    }

    /** {@code base} reading the catalog, policies and rooms of the world in {@code world}. */
    private static NodeConfig reading(NodeConfig base, Path world) {
        return base.withData(world.resolve(ROOMS).toString(),
                new NodeConfig.CatalogConfig(world.resolve(CATALOG).toString(), world.resolve(POLICIES).toString()));
    }

    private Written writeTo(NodeConfig base, int roomCount, Path dir) throws IOException {
        Path roomsDir = Files.createDirectories(dir.resolve(ROOMS));
        Path catalogFile = dir.resolve(CATALOG), policiesFile = dir.resolve(POLICIES);
        Files.createDirectories(catalogFile.getParent());
        Map<String, Object> catalogYaml = YAML.readValue(Path.of(base.catalog().file()).toFile(), LinkedHashMap.class);
        Map<String, Object> policiesYaml = YAML.readValue(Path.of(base.catalog().policies()).toFile(), LinkedHashMap.class);
        @SuppressWarnings("unchecked") List<Object> products = new ArrayList<>((List<Object>) catalogYaml.get("products"));
        for (Object o : products) productIds.add((String) ((Map<?, ?>) o).get("id"));
        @SuppressWarnings("unchecked") List<Object> coupons = new ArrayList<>((List<Object>) policiesYaml.get("coupons"));
        try (var demo = Files.list(Path.of(base.rooms().dir()))) {
            for (Path f : demo.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) Files.copy(f, roomsDir.resolve(f.getFileName()));
        }
        List<String> generated = new ArrayList<>();
        for (int r = 0; r < roomCount; r++) {
            WorldSpec.Category category = pick(spec.categories());
            int n = 1 + random.nextInt(3);
            roomLinks.clear();
            List<String> ids = new ArrayList<>();
            List<WorldSpec.Category> kinds = new ArrayList<>(Collections.nCopies(n, category));
            List<WorldSpec.Category> others = spec.categories().stream().filter(c -> c != category).toList();
            if (random.nextDouble() < spec.draws().secondCategory() && !others.isEmpty()) kinds.add(pick(others));
            for (WorldSpec.Category kind : kinds) {
                Map<String, Object> p = product(kind);
                products.add(p);
                ids.add((String) p.get("id"));
            }
            if (random.nextDouble() < 0.7) coupons.add(coupon(ids, r));
            String roomId = ROOM_PREFIX + slug(category.en()) + "-" + r;
            YAML.writeValue(roomsDir.resolve(roomId + ".yaml").toFile(), room(roomId, category, ids));
            generated.add(roomId);
        }
        catalogYaml.put("products", products);
        policiesYaml.put("coupons", coupons);
        YAML.writeValue(catalogFile.toFile(), catalogYaml);
        YAML.writeValue(policiesFile.toFile(), policiesYaml);
        Catalog.load(catalogFile);   // refuse a world the node could not load, here rather than mid-run
        Policies.load(policiesFile);
        return new Written(dir, reading(base, dir), generated);
    }

    /** A whole number drawn evenly from a range [low, high] of the spec. */
    private int between(List<Integer> range) { return range.get(0) + random.nextInt(range.get(1) - range.get(0) + 1); }

    private Map<String, Object> product(WorldSpec.Category c) {
        WorldSpec.Draws d = spec.draws();
        List<String> material = random.nextDouble() < d.foreignMaterial() ? pick(pick(spec.categories()).materials()) : pick(c.materials());
        // "雪纺连衣裙 chiffon dress": only a one-word material makes a name
        boolean oneWord = !material.get(0).contains(" ") && !material.get(1).contains(",");
        List<String> name = oneWord && random.nextDouble() < d.materialName()
                ? List.of(material.get(0) + c.zh(), material.get(1) + " " + c.en()) : pick(c.names());
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", productId(c));
        String brand = random.nextDouble() < d.brand() ? pick(spec.brandSyllables()) + pick(spec.brandSyllables()).toLowerCase(java.util.Locale.ROOT)
                + pick(spec.brandSuffixes()) + " " : "";
        String zh = name.get(0), en = name.get(1);
        for (double chance : new double[] {d.modifier(), d.secondModifier()}) {
            if (random.nextDouble() >= chance) break;
            List<String> m = pick(spec.modifiers());
            if (!zh.contains(m.get(0))) { zh = m.get(0) + zh; en = m.get(1) + " " + en; }
        }
        if (c.pack() != null && random.nextDouble() < d.packCount()) {
            int n = between(c.pack().counts());
            zh = zh + " " + n + c.pack().zh();
            en = en + " (" + n + " " + c.pack().en() + ")";
        }
        p.put("name", inBoth(brand + zh, brand + en));
        p.put("category", c.en());
        double price = between(c.price());
        if (random.nextDouble() < 0.4) price = price - 0.1;   // 99.9-style prices
        p.put("price", Math.round(price * 10) / 10.0);
        p.put("stock", random.nextDouble() < d.soldOut() ? 0 : 1 + random.nextInt(random.nextBoolean() ? 60 : 400));
        p.put("sizes", c.sizes().isEmpty() ? List.of() : pick(c.sizes()));
        List<Map<String, String>> colors = new ArrayList<>();
        if (!spec.noColors().contains(c.zh())) {
            int k = 1 + random.nextInt(3);
            List<List<String>> pool = new ArrayList<>(spec.colors());
            java.util.Collections.shuffle(pool, random);
            for (List<String> col : pool.subList(0, k)) colors.add(inBoth(col.get(0), col.get(1)));
        }
        p.put("colors", colors);
        p.put("material", material(c, material));
        List<String> ship = pick(spec.shipping());
        p.put("shipping", inBoth(ship.get(0), ship.get(1)));
        List<String> ret = pick(spec.returns());
        p.put("returns", inBoth(ret.get(0), ret.get(1)));
        p.put("actionLinkId", link());
        List<String> keywords = new ArrayList<>(List.of(name.get(0), c.zh(), name.get(1), c.en()));
        p.put("keywords", keywords.stream().distinct().toList());
        return p;
    }

    private Map<String, Object> coupon(List<String> productIds, int room) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("id", "cp-train-" + room);
        int kind = random.nextInt(3);
        int discount = 5 * (1 + random.nextInt(10));
        int min = discount * (4 + random.nextInt(6));
        switch (kind) {
            case 0 -> { c.put("title", "满" + min + "减" + discount + " (" + discount + " off orders of " + min + " or more)"); c.put("minSpend", min); c.put("discount", discount); }
            case 1 -> { c.put("title", "立减" + discount + " (" + discount + " off now)"); c.put("minSpend", 0); c.put("discount", discount); }
            default -> { c.put("title", "第二件半价 (second one half price)"); c.put("minSpend", 0); c.put("discount", 0); }
        }
        c.put("products", productIds);
        c.put("actionLinkId", link());
        return c;
    }

    /**
     * The material as the catalog writes it, one text per language; sometimes the English words in
     * both (a shop that wrote only those), and for goods that keep mostly a shelf life of a drawn
     * number of months, so that a model must read it rather than remember the category's usual one.
     */
    private Map<String, String> material(WorldSpec.Category c, List<String> material) {
        WorldSpec.Draws d = spec.draws();
        boolean englishOnly = random.nextDouble() < d.englishOnlyMaterial();
        List<Integer> range = c.shelfLifeMonths();
        if (range == null || random.nextDouble() >= d.shelfLife()) {
            return englishOnly ? inBoth(material.get(1), material.get(1)) : inBoth(material.get(0), material.get(1));
        }
        int months = between(range);
        boolean inYears = months % 12 == 0 && random.nextBoolean();
        List<String> clause = (inYears ? spec.shelfLife().years() : spec.shelfLife().months()).stream()
                .map(t -> t.replace("{n}", String.valueOf(inYears ? months / 12 : months))).toList();
        if (englishOnly) return inBoth(material.get(1) + "; " + clause.get(1), material.get(1) + "; " + clause.get(1));
        return inBoth(material.get(0) + "; " + clause.get(0), material.get(1) + "; " + clause.get(1));
    }

    /** A catalog text in both languages, as the catalog file writes it. */
    private static Map<String, String> inBoth(String zh, String en) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("zh", zh);
        out.put("en", en);
        return out;
    }

    private Map<String, Object> room(String id, WorldSpec.Category c, List<String> products) {
        boolean zh = random.nextDouble() < 0.6;
        String host = pick(spec.hosts());
        String persona = pick(zh ? spec.personasZh() : spec.personasEn()).replace("{host}", host)
                .replace("{category}", zh ? c.zh() : c.en());
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("title", pick(spec.titles()).replace("{category}", c.zh()).replace("{categoryEn}", c.en()));
        r.put("persona", persona);
        r.put("language", zh ? "zh" : "en");
        r.put("products", products);
        r.put("onStage", products.get(random.nextInt(products.size())));
        r.put("harness", Map.of("channel", "stable"));
        r.put("faq", faq(c));
        return r;
    }

    /** Two or more of the kind's FAQ entries (all of a shorter list), in a drawn order, or none (a shop that wrote none). */
    private List<RoomManifest.FaqEntry> faq(WorldSpec.Category c) {
        List<RoomManifest.FaqEntry> all = new ArrayList<>(spec.faqs().getOrDefault(c.en(), List.of()));
        if (all.isEmpty() || random.nextDouble() >= spec.draws().faq()) return List.of();
        Collections.shuffle(all, random);
        return List.copyOf(all.subList(0, Math.min(all.size(), 2 + random.nextInt(all.size()))));
    }

    /**
     * A product id new to the world: the category's slug or a word of its own ("nuts-512",
     * "kori-37", "sku-1204"), with two to four digits: with one form a model writes the typical id
     * for the category ("nuts-301") where the prompt says "snack-301".
     */
    private String productId(WorldSpec.Category c) {
        while (true) {
            String prefix = random.nextDouble() < spec.draws().categoryId() ? slug(c.en())
                    : (pick(spec.brandSyllables()) + pick(spec.brandSyllables())).toLowerCase(java.util.Locale.ROOT);
            int digits = 2 + random.nextInt(3);
            int lo = (int) Math.pow(10, digits - 1);
            String id = prefix + "-" + (lo + random.nextInt(lo * 9));
            if (productIds.add(id)) return id;
        }
    }

    /**
     * A buy link id new to the room, of one to three digits alike ("link-4", "link-37", "link-512"):
     * a model that saw only long ids would add a digit to the demo rooms' "link-1".
     */
    private String link() {
        while (true) {
            int digits = 1 + random.nextInt(3);
            int lo = digits == 1 ? 1 : (int) Math.pow(10, digits - 1);
            String id = "link-" + (lo + random.nextInt(lo * 9));
            if (roomLinks.add(id)) return id;
        }
    }

    private <T> T pick(List<T> list) { return list.get(random.nextInt(list.size())); }

    static String slug(String en) { return en.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", ""); }

    /** The products of a written world, for the case sampler. */
    public static Map<String, Product> products(Written w) {
        Catalog c = Catalog.load(Path.of(w.config().catalog().file()));
        Map<String, Product> out = new LinkedHashMap<>();
        try {
            @SuppressWarnings("unchecked") Map<String, Object> y = YAML.readValue(Path.of(w.config().catalog().file()).toFile(), LinkedHashMap.class);
            for (Object o : (List<?>) y.get("products")) {
                String id = (String) ((Map<?, ?>) o).get("id");
                c.find(id).ifPresent(p -> out.put(id, p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
