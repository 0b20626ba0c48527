package io.liveharness.training.data;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.room.RoomManifest;
import io.liveharness.router.dataset.NearCopies;
import io.liveharness.tools.Product;
import io.liveharness.training.expert.Bilingual;
import io.liveharness.router.question.QuestionLexicon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Training cases over rooms × products × kinds × phrasings, in the report's traffic mix (product
 * questions first, then chitchat and follow-ups), with the router's own training messages mixed in
 * for real-looking noise. A message that comes near an eval dev-set message is left out (counted),
 * so the dev set stays a measurement.
 */
public final class CaseSampler {

    private final Phrasings phrasings;
    private final List<RoomManifest> rooms;
    private final Map<String, Product> products;
    private final List<RouterMessage> routerMessages;
    private final NearCopies devSet;
    private final Random random;
    private final KindMix mix;
    private final List<String> shelfLifeWords;
    /** Per category, the features (indices into the phrasings' feature slot) a tenth of its products have. */
    private final Map<String, List<Integer>> kindFeatures = new HashMap<>();
    private int nearCopies;

    /** A message of the router's training set: its text and label. */
    public record RouterMessage(String text, String label) { }

    /** @param mix how often each kind is drawn ({@code data/training/mix.yaml}) */
    public CaseSampler(Phrasings phrasings, KindMix mix, List<RoomManifest> rooms, Map<String, Product> products, List<RouterMessage> routerMessages,
                       List<String> devSetTexts, long seed) {
        this.phrasings = phrasings;
        this.rooms = rooms;
        this.products = products;
        this.routerMessages = routerMessages.stream().filter(m -> !m.label().equals("spam")).toList();
        this.devSet = new NearCopies(devSetTexts);
        this.random = new Random(seed);
        this.mix = mix;
        this.shelfLifeWords = new ArrayList<>(phrasings.slot("shelfLife", "zh"));
        shelfLifeWords.addAll(phrasings.slot("shelfLife", "en"));
        // a kind's features are those a tenth of its goods carry: one a drawn modifier or a borrowed
        // material gives a few ("加绒夏威夷果", silk jeans) is not asked of the others
        Map<String, Integer> goods = new HashMap<>();
        Map<String, Map<Integer, Integer>> carrying = new HashMap<>();
        for (Product p : products.values()) {
            goods.merge(p.category(), 1, Integer::sum);
            for (int i : featuresOf(p)) carrying.computeIfAbsent(p.category(), k -> new HashMap<>()).merge(i, 1, Integer::sum);
        }
        carrying.forEach((kind, counts) -> kindFeatures.put(kind, counts.entrySet().stream()
                .filter(e -> e.getValue() >= goods.get(kind) * 0.1).map(Map.Entry::getKey).sorted().toList()));
    }

    /** How many drawn messages were left out as near-copies of the dev set. */
    public int nearCopies() { return nearCopies; }

    /**
     * One room's exchanges in a row (1 to {@code maxTurns}), as a room's context window holds them:
     * same room, product on stage and mostly the same language; a share of them (the mix's
     * {@code productSessions}) stay on product questions.
     */
    public List<DevCase> session(String id, int maxTurns) {
        RoomManifest room = rooms.get(random.nextInt(rooms.size()));
        List<Product> inRoom = room.products().stream().map(products::get).filter(java.util.Objects::nonNull).toList();
        if (inRoom.isEmpty()) return List.of();
        Product onStage = random.nextDouble() < 0.7 ? products.getOrDefault(room.onStage(), inRoom.getFirst()) : inRoom.get(random.nextInt(inRoom.size()));
        String lang = random.nextDouble() < ("zh".equals(room.language()) ? 0.65 : 0.35) ? "zh" : "en";
        // product sessions run long (their answers need no tool, so each is learned); the others stay
        // short, since only their last answer, which usually needs a tool, is sure to be learned
        boolean productSession = random.nextDouble() < mix.productShare();
        int turns = productSession ? 1 + random.nextInt(maxTurns) : 1 + random.nextInt(2);
        List<DevCase> out = new ArrayList<>();
        for (int i = 0; i < turns; i++) {
            String turnLang = random.nextDouble() < 0.85 ? lang : (lang.equals("zh") ? "en" : "zh");
            Map<String, Integer> weights = !productSession ? mix.weights() : i == turns - 1 ? mix.lastTurns() : mix.productTurns();
            String kind = KindMix.draw(weights, random);
            // a kind this product cannot really be asked is drawn again 19 times in 20 (askable says why)
            while (!askable(kind, onStage) && random.nextDouble() < 0.95) kind = KindMix.draw(weights, random);
            DevCase c = one(id + "-" + (i + 1), room, inRoom, onStage, turnLang, kind, i == 0);
            if (c == null) continue;
            if (devSet.isNearCopy(c.text()) || c.previous() != null && devSet.isNearCopy(c.previous().question())) {
                nearCopies++;
                continue;
            }
            out.add(c);
        }
        return out;
    }

    private DevCase one(String id, RoomManifest room, List<Product> inRoom, Product onStage, String lang, String kind, boolean first) {
        if (kind.equals("router")) {
            RouterMessage m = routerMessages.get(random.nextInt(routerMessages.size()));
            return new DevCase(id, room.id(), m.label(), Bilingual.languageOf(m.text()), m.text(), onStage.id(), null, List.of("router"), null);
        }
        if (kind.equals("other")) {
            List<Product> others = inRoom.stream().filter(p -> !p.id().equals(onStage.id())).toList();
            if (others.isEmpty()) kind = "price";
            else return make(id, room, onStage, "product_qa", lang, kind, Map.of("other", shortName(others.get(random.nextInt(others.size())), lang)), null);
        }
        if ((kind.equals("size") && onStage.sizes().isEmpty()) || (kind.equals("color") && onStage.colors().isEmpty())) kind = "price";
        DevCase.Previous previous = null;
        if (kind.equals("followups") && first) {
            // a follow-up opening a session follows an exchange the room had before it
            String q = fill(pick(phrasings.of("price", lang)), onStage, lang, Map.of());
            String r = lang.equals("zh") ? shortName(onStage, lang) + "现在¥" + price(onStage) + ", 点" + onStage.actionLinkId() + "下单哦"
                    : "The " + shortName(onStage, lang) + " is ¥" + price(onStage) + " now, tap " + onStage.actionLinkId() + ".";
            previous = new DevCase.Previous(q, r);
        }
        return make(id, room, onStage, intentOf(kind), lang, kind, Map.of(), previous);
    }

    private DevCase make(String id, RoomManifest room, Product p, String intent, String lang, String kind, Map<String, String> extra,
                         DevCase.Previous previous) {
        String text = fill(pick(phrasings.of(kind, lang)), p, lang, extra);
        if (text.contains("{")) return null; // a slot this product cannot fill
        return new DevCase(id, room.id(), intent, lang, text, p.id(), previous, List.of(kind), null);
    }

    private String fill(String template, Product p, String lang, Map<String, String> extra) {
        String out = template.replace("{name}", shortName(p, lang));
        for (var e : extra.entrySet()) out = out.replace("{" + e.getKey() + "}", e.getValue());
        if (out.contains("{size}")) {
            String size = !p.sizes().isEmpty() && random.nextDouble() < 0.7 ? pick(p.sizes()) : pick(phrasings.slot("size", lang));
            out = out.replace("{size}", size);
        }
        if (out.contains("{color}")) {
            String color = !p.colors().isEmpty() && random.nextDouble() < 0.7 ? pick(p.colors()).in(lang) : pick(phrasings.slot("color", lang));
            out = out.replace("{color}", color);
        }
        if (out.contains("{feature}")) out = out.replace("{feature}", feature(p, lang));
        if (out.contains("{region}")) out = out.replace("{region}", pick(phrasings.slot("region", lang)));
        if (out.contains("{n}")) out = out.replace("{n}", String.valueOf(5 * (1 + random.nextInt(10))));
        if (out.contains("{price}")) {
            long wrong = Math.max(9, Math.round(p.price() * (0.5 + 0.4 * random.nextDouble())));
            out = out.replace("{price}", String.valueOf(wrong));
        }
        return out;
    }

    /**
     * A shelf life of goods that state one: "the data does not say", learned too often, became stage
     * 19a's answer to anything. A feature of goods whose kind carries one: a viewer asks earbuds about
     * noise cancelling, not nuts; drawn from any feature, "noise cancelling" was asked mostly of goods
     * without it, and stages 31-32 answered the demo's noise-cancelling earbuds with fragments of
     * "Nothing about noise cancelling in the product details".
     */
    private boolean askable(String kind, Product onStage) {
        return switch (kind) {
            case "shelfLife" -> hasShelfLife(onStage);
            case "feature" -> !kindFeatures.getOrDefault(onStage.category(), List.of()).isEmpty();
            default -> true;
        };
    }

    private boolean hasShelfLife(Product p) {
        return QuestionLexicon.written(p.material().both(), shelfLifeWords) != null;
    }

    /** A feature the product has (its name or material says it), or mostly one of its kind's that it lacks. */
    private String feature(Product p, String lang) {
        List<String> zh = phrasings.slot("feature", "zh"), en = phrasings.slot("feature", "en");
        List<Integer> has = featuresOf(p);
        List<Integer> lacks = kindFeatures.getOrDefault(p.category(), List.of()).stream().filter(i -> !has.contains(i)).toList();
        int i = !has.isEmpty() && (lacks.isEmpty() || random.nextDouble() < 0.85) ? pick(has)
                : !lacks.isEmpty() ? pick(lacks) : random.nextInt(Math.min(zh.size(), en.size()));
        return (lang.equals("zh") ? zh : en).get(i);
    }

    private List<Integer> featuresOf(Product p) {
        List<String> zh = phrasings.slot("feature", "zh"), en = phrasings.slot("feature", "en");
        List<Integer> has = new ArrayList<>();
        for (int i = 0; i < Math.min(zh.size(), en.size()); i++) {
            if (QuestionLexicon.written(p.name().both() + " " + p.material().both(), List.of(zh.get(i), en.get(i))) != null) has.add(i);
        }
        return has;
    }

    private static String intentOf(String kind) {
        return switch (kind) {
            case "followups" -> "clarification";
            case "chitchat", "identity" -> "chitchat";
            case "returns", "exchange", "damaged", "warranty" -> "after_sales";
            case "courier", "region" -> "logistics";
            case "coupon", "haggle" -> "promotion";
            case "complaint" -> "complaint";
            default -> "product_qa";
        };
    }

    /** How a viewer names a product: its name in their language, or a shorter keyword of it. */
    private String shortName(Product p, String lang) {
        List<String> keywords = p.keywords().stream().filter(k -> Bilingual.han(k) == lang.equals("zh")).toList();
        if (!keywords.isEmpty() && random.nextDouble() < 0.5) return pick(keywords);
        return p.name().in(lang);
    }

    private static String price(Product p) {
        return new java.math.BigDecimal(p.price()).setScale(2, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    private <T> T pick(List<T> list) { return list.get(random.nextInt(list.size())); }
}
