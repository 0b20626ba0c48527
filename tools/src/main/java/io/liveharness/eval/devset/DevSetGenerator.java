package io.liveharness.eval.devset;

import io.liveharness.eval.devset.DevCase.Previous;
import io.liveharness.room.RoomManifest;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Writes the demo dev set from the catalog, the shop's policies and the room manifests: every
 * fact a rubric expects is read from that data, never typed in, so a catalog change regenerates a
 * consistent set. The phrasings and rubric words are data ({@link DevSetVocabulary}, Chinese and
 * English); the seed only picks between paraphrases, so the same seed and data give the same file byte for byte.
 *
 * <p>The intent mix follows the report's traffic (product Q&A first, then chitchat, follow-ups,
 * after-sales) with the small classes present; must-refuse cases (medical claims, payment off the
 * platform, prices and discounts the catalog does not have) and must-not-refuse ones (they look
 * risky, but the data answers them) are tagged.
 */
public final class DevSetGenerator {
    private final List<RoomManifest> rooms;
    private final Map<String, Product> products;
    private final Policies policies;
    private final DevSetVocabulary vocab;
    private final Random random;
    private final List<DevCase> out = new ArrayList<>();
    private final Map<String, Integer> counters = new LinkedHashMap<>();

    private DevSetGenerator(List<RoomManifest> rooms, Map<String, Product> products, Policies policies, DevSetVocabulary vocab, long seed) {
        this.rooms = rooms;
        this.products = products;
        this.policies = policies;
        this.vocab = vocab;
        this.random = new Random(seed);
    }

    /** The dev set with the project's messages and rubric words ({@link DevSetVocabulary#DEFAULT_FILE}). */
    public static List<DevCase> generate(List<RoomManifest> rooms, Map<String, Product> products, Policies policies, long seed) {
        return generate(rooms, products, policies, DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE), seed);
    }

    public static List<DevCase> generate(List<RoomManifest> rooms, Map<String, Product> products, Policies policies,
                                         DevSetVocabulary vocab, long seed) {
        DevSetGenerator g = new DevSetGenerator(rooms, products, policies, vocab, seed);
        for (RoomManifest room : rooms) {
            for (String id : room.products()) {
                Product p = products.get(id);
                if (p == null) continue;
                g.productQa(room, p);
                g.clarification(room, p);
                g.afterSales(room, p);
                g.promotion(room, p);
                g.logistics(room, p);
            }
            g.chitchat(room);
            g.complaint(room);
            g.spam(room);
        }
        return List.copyOf(g.out);
    }

    // --- the intents ------------------------------------------------------------------------------

    private void productQa(RoomManifest room, Product p) {
        String zh = zhName(p), en = enName(p), price = num(p.price());
        String qa = "product_qa";
        add(room, p, qa, "zh", say(qa, "price", "zh"), r -> r.facts(price));
        add(room, p, qa, "zh", say(qa, "price_named", "zh", "zh", zh), r -> r.facts(price));
        add(room, p, qa, "en", say(qa, "price", "en"), r -> r.facts(price));
        add(room, p, qa, "en", say(qa, "price_named", "en", "en", en), r -> r.facts(price));
        String stockFact = p.stock() > 0 ? p.stock() + "|" + anyOf("in_stock") : anyOf("out_of_stock");
        add(room, p, qa, "zh", say(qa, "stock", "zh"), r -> r.facts(stockFact));
        add(room, p, qa, "en", say(qa, "stock", "en"), r -> r.facts(stockFact));
        if (!p.sizes().isEmpty()) {
            for (String size : List.of(p.sizes().getFirst(), p.sizes().getLast())) {
                add(room, p, qa, "zh", say(qa, "size", "zh", "size", size), r -> r.facts(size));
                add(room, p, qa, "en", say(qa, "size", "en", "size", size), r -> r.facts(size));
            }
        }
        if (!p.colors().isEmpty()) {
            for (var color : p.colors().subList(0, Math.min(2, p.colors().size()))) {
                String[] c = {color.zh(), color.en()};
                add(room, p, qa, "zh", say(qa, "color", "zh", "color", c[0]), r -> r.facts(c[0] + (c.length > 1 ? "|" + c[1] : "")));
                if (c.length > 1) add(room, p, qa, "en", say(qa, "color", "en", "color", c[1]), r -> r.facts(c[1] + "|" + c[0]));
            }
            String offered = String.join("|", p.colors().stream().flatMap(c -> java.util.stream.Stream.of(c.zh(), c.en())).toList());
            add(room, p, qa, "zh", say(qa, "missing_color", "zh"), r -> r.facts(offered));
            add(room, p, qa, "en", say(qa, "missing_color", "en"), r -> r.facts(offered));
        }
        String material = materialFact(p);
        add(room, p, qa, "zh", say(qa, "material", "zh"), r -> r.facts(material));
        add(room, p, qa, "en", say(qa, "material", "en"), r -> r.facts(material));
        add(room, p, qa, "zh", say(qa, "buy", "zh"), r -> r.link(p.actionLinkId()));
        add(room, p, qa, "zh", say(qa, "buy_again", "zh"), r -> r.link(p.actionLinkId()));
        add(room, p, qa, "en", say(qa, "buy", "en"), r -> r.link(p.actionLinkId()));
        for (String otherId : room.products()) {
            Product o = products.get(otherId);
            if (o == null || o.id().equals(p.id())) continue;
            add(room, o, p.id(), qa, "zh", say(qa, "other_product", "zh", "zh", otherName(o, p, true)), r -> r.facts(num(o.price())), List.of("other-product"));
            add(room, o, p.id(), qa, "en", say(qa, "other_product", "en", "en", otherName(o, p, false)), r -> r.facts(num(o.price())), List.of("other-product"));
        }
        // They look risky (a superlative, a guarantee) but the data answers them: refusing is the failure.
        add(room, p, qa, "zh", say(qa, "cheapest", "zh"), r -> r.facts(price).forbid(words("cheapest_forbidden_zh")).tag("risky-answerable"));
        add(room, p, qa, "en", say(qa, "cheapest", "en"), r -> r.facts(price).forbid(words("cheapest_forbidden_en")).tag("risky-answerable"));
        String ships = shippingFact(p);
        add(room, p, qa, "zh", say(qa, "ships_on_time", "zh"), r -> r.facts(ships).tag("risky-answerable"));
        add(room, p, qa, "en", say(qa, "ships_on_time", "en"), r -> r.facts(ships).tag("risky-answerable"));
        // Must refuse: a price the catalog does not have.
        String wrong = num(Math.max(9, Math.floor(p.price() * 0.6)));
        add(room, p, qa, "zh", say(qa, "wrong_price", "zh", "wrong", wrong),
                r -> r.expect(Expect.REFUSE).facts(price).forbid(words("wrong_price_forbidden_zh", "wrong", wrong)).tag("price-not-in-catalog"));
        add(room, p, qa, "en", say(qa, "wrong_price", "en", "wrong", wrong),
                r -> r.expect(Expect.REFUSE).facts(price).forbid(words("wrong_price_forbidden_en", "wrong", wrong)).tag("price-not-in-catalog"));
        // Must refuse: a medical claim.
        String medical = vocab.hasMessages(qa, "medical_" + p.category()) ? "medical_" + p.category() : "medical";
        add(room, p, qa, "zh", say(qa, medical, "zh", "en", en), r -> r.expect(Expect.REFUSE).forbid(words("medical_forbidden_zh")).tag("medical"));
        add(room, p, qa, "en", say(qa, medical, "en", "en", en), r -> r.expect(Expect.REFUSE).forbid(words("medical_forbidden_en")).tag("medical"));
        // Must refuse: payment off the platform.
        add(room, p, qa, "zh", say(qa, "off_platform", "zh"),
                r -> r.expect(Expect.REFUSE).forbid(words("off_platform_forbidden_zh")).tag("off-platform"));
        add(room, p, qa, "en", say(qa, "off_platform", "en"),
                r -> r.expect(Expect.REFUSE).forbid(words("off_platform_forbidden_en")).tag("off-platform"));
    }

    private void clarification(RoomManifest room, Product p) {
        String zh = zhName(p), en = enName(p), price = num(p.price()), link = p.actionLinkId();
        String cl = "clarification";
        Previous zhPrev = new Previous(say(cl, "previous_question", "zh", "zh", zh), say(cl, "previous_answer", "zh", "zh", zh, "price", price, "link", link));
        Previous enPrev = new Previous(say(cl, "previous_question", "en", "en", en), say(cl, "previous_answer", "en", "en", en, "price", price, "link", link));
        if (!p.colors().isEmpty()) {
            String[] c = {p.colors().getLast().zh(), p.colors().getLast().en()};
            follow(room, p, "zh", say(cl, "color", "zh", "color", c[0]), zhPrev, r -> r.facts(c[0] + (c.length > 1 ? "|" + c[1] : "")));
            if (c.length > 1) follow(room, p, "en", say(cl, "color", "en", "color", c[1]), enPrev, r -> r.facts(c[1] + "|" + c[0]));
            String all = String.join("|", p.colors().stream().flatMap(x -> java.util.stream.Stream.of(x.zh(), x.en())).toList());
            follow(room, p, "zh", say(cl, "other_colors", "zh"), zhPrev, r -> r.facts(all));
            follow(room, p, "en", say(cl, "other_colors", "en"), enPrev, r -> r.facts(all));
        }
        if (!p.sizes().isEmpty()) {
            String size = p.sizes().get(p.sizes().size() / 2);
            follow(room, p, "zh", say(cl, "size", "zh", "size", size), zhPrev, r -> r.facts(size));
            follow(room, p, "en", say(cl, "size", "en", "size", size), enPrev, r -> r.facts(size));
        }
        follow(room, p, "zh", say(cl, "price_again", "zh"), zhPrev, r -> r.facts(price));
        follow(room, p, "en", say(cl, "price_again", "en"), enPrev, r -> r.facts(price));
        follow(room, p, "zh", say(cl, "buy", "zh"), zhPrev, r -> r.link(link));
        follow(room, p, "en", say(cl, "buy", "en"), enPrev, r -> r.link(link));
        follow(room, p, "zh", say(cl, "really", "zh", "price", price), zhPrev, r -> r.facts(price));
    }

    private void afterSales(RoomManifest room, Product p) {
        String as = "after_sales";
        String returns = anyOf(vocab.hasWords("returns_" + p.category()) ? "returns_" + p.category() : "returns");
        Consumer<Spec> policy = r -> r.tools("after_sales_policy");
        add(room, p, as, "zh", say(as, "returns", "zh"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "returns").facts(returns); });
        add(room, p, as, "en", say(as, "returns", "en"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "returns").facts(returns); });
        if (!p.sizes().isEmpty() || !p.colors().isEmpty()) {
            add(room, p, as, "zh", say(as, "exchange", "zh"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "exchange").facts(anyOf("exchange")); });
            add(room, p, as, "en", say(as, "exchange", "en"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "exchange").facts(anyOf("exchange")); });
        }
        add(room, p, as, "zh", say(as, "damaged", "zh"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "damaged").facts(anyOf("damaged")); });
        add(room, p, as, "en", say(as, "damaged", "en"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "damaged").facts(anyOf("damaged")); });
        if (p.returns().zh().contains("质保")) {
            add(room, p, as, "zh", say(as, "warranty", "zh"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "warranty").facts(anyOf("warranty")); });
            add(room, p, as, "en", say(as, "warranty", "en"), r -> { policy.accept(r); r.args("after_sales_policy", "topic", "warranty").facts(anyOf("warranty")); });
        }
    }

    private void promotion(RoomManifest room, Product p) {
        String pr = "promotion";
        List<Policies.Coupon> coupons = policies.coupons().stream().filter(c -> c.products().contains(p.id())).toList();
        if (coupons.isEmpty()) {
            add(room, p, pr, "zh", say(pr, "no_coupon", "zh"), r -> r.tools("coupon_rules").args("coupon_rules", "productId", p.id()).facts(num(p.price())).tag("no-coupon"));
            add(room, p, pr, "en", say(pr, "no_coupon", "en"), r -> r.tools("coupon_rules").args("coupon_rules", "productId", p.id()).facts(num(p.price())).tag("no-coupon"));
            return;
        }
        Policies.Coupon c = coupons.getFirst();
        String fact = c.discount() > 0 ? num(c.discount()) : anyOf("half_price");
        add(room, p, pr, "zh", say(pr, "coupon", "zh"), r -> r.tools("coupon_rules").args("coupon_rules", "productId", p.id()).facts(fact).link(c.actionLinkId()));
        add(room, p, pr, "zh", say(pr, "coupon_where", "zh"), r -> r.tools("coupon_rules").link(c.actionLinkId()));
        add(room, p, pr, "en", say(pr, "coupon", "en"), r -> r.tools("coupon_rules").args("coupon_rules", "productId", p.id()).facts(fact).link(c.actionLinkId()));
        add(room, p, pr, "zh", say(pr, "unlisted_discount", "zh"), r -> r.expect(Expect.REFUSE).forbid(words("unlisted_discount_forbidden_zh")).tag("unlisted-discount"));
        add(room, p, pr, "en", say(pr, "unlisted_discount", "en"), r -> r.expect(Expect.REFUSE).forbid(words("unlisted_discount_forbidden_en")).tag("unlisted-discount"));
    }

    private void logistics(RoomManifest room, Product p) {
        String lo = "logistics";
        List<String> filler = vocab.words("courier_filler");
        String couriers = String.join("|", policies.logistics().couriers().stream().flatMap(c -> java.util.Arrays.stream(c.split(" "))).filter(w -> !filler.contains(w)).toList());
        var remote = policies.regions().stream().filter(io.liveharness.tools.Region::remote).findFirst().orElseThrow().name();
        String[] region = {remote.zh(), remote.en()};
        String surcharge = firstNumber(policies.logistics().remoteNote().zh());
        add(room, p, lo, "zh", say(lo, "courier", "zh"), r -> r.tools("logistics_info").facts(couriers));
        add(room, p, lo, "en", say(lo, "courier", "en"), r -> r.tools("logistics_info").facts(couriers));
        add(room, p, lo, "zh", say(lo, "remote_free", "zh", "region", region[0]), r -> r.tools("logistics_info").args("logistics_info", "region", region[0] + "|" + region[1]).facts(surcharge).tag("risky-answerable"));
        add(room, p, lo, "en", say(lo, "remote_free", "en", "region", region[1]), r -> r.tools("logistics_info").args("logistics_info", "region", region[0] + "|" + region[1]).facts(surcharge));
    }

    private void chitchat(RoomManifest room) {
        Product p = products.get(room.onStage());
        String mention = zhName(p) + "|" + enName(p) + "|" + String.join("|", p.keywords());
        for (String t : vocab.messages("chitchat", "every", "zh")) add(room, p, "chitchat", "zh", t, r -> r.noTools().facts(mention));
        for (String t : vocab.messages("chitchat", "every", "en")) add(room, p, "chitchat", "en", t, r -> r.noTools().facts(mention));
    }

    private void complaint(RoomManifest room) {
        Product p = products.get(room.onStage());
        String co = "complaint";
        add(room, p, co, "zh", say(co, "quality", "zh"), r -> r.facts(anyOf("complaint_quality")).forbid(words("complaint_quality_forbidden")));
        add(room, p, co, "zh", say(co, "slow", "zh"), r -> r.facts(anyOf("complaint_slow")));
        add(room, p, co, "en", say(co, "broke", "en"), r -> r.facts(anyOf("complaint_broke")));
        add(room, p, co, "en", say(co, "service", "en"), r -> r.facts(anyOf("complaint_service")));
    }

    private void spam(RoomManifest room) {
        Product p = products.get(room.onStage());
        add(room, p, "spam", "zh", say("spam", "contact", "zh"), r -> r.expect(Expect.SILENT).tag("spam"));
        add(room, p, "spam", "zh", say("spam", "flood", "zh"), r -> r.expect(Expect.SILENT).tag("spam"));
        add(room, p, "spam", "en", say("spam", "link", "en"), r -> r.expect(Expect.SILENT).tag("spam"));
        add(room, p, "chitchat", "zh", say("spam", "abuse", "zh"), r -> r.expect(Expect.SILENT).tag("abuse"));
    }

    // --- the vocabulary --------------------------------------------------------------------------

    /** One case's message: a paraphrase drawn by the seed (when there are two or more), its slots filled. */
    private String say(String intent, String key, String lang, String... slots) {
        return vocab.fill(pick(vocab.messages(intent, key, lang)), slots);
    }

    /** A word list with its slots filled, as forbidden phrases. */
    private String[] words(String name, String... slots) {
        return vocab.words(name).stream().map(w -> vocab.fill(w, slots)).toArray(String[]::new);
    }

    /** A word list as one fact: any one of the words counts. */
    private String anyOf(String name) { return String.join("|", vocab.words(name)); }

    // --- building cases --------------------------------------------------------------------------

    /** A rubric under construction. */
    private static final class Spec {
        final List<String> facts = new ArrayList<>(), require = new ArrayList<>(), forbidTools = new ArrayList<>(),
                forbidden = new ArrayList<>(), tags = new ArrayList<>();
        final Map<String, Map<String, String>> args = new LinkedHashMap<>();
        Expect expect = Expect.ANSWER;
        String link;

        Spec facts(String... f) { facts.addAll(List.of(f)); return this; }
        Spec tools(String... t) { require.addAll(List.of(t)); return this; }
        Spec noTools() { forbidTools.add(Rubric.ANY_TOOL); return this; }
        Spec args(String tool, String arg, String value) { args.computeIfAbsent(tool, k -> new LinkedHashMap<>()).put(arg, value); return this; }
        Spec expect(Expect e) { expect = e; return this; }
        Spec forbid(String... p) { forbidden.addAll(List.of(p)); return this; }
        Spec link(String l) { link = l; return this; }
        Spec tag(String t) { tags.add(t); return this; }

        Rubric rubric() { return new Rubric(facts, require, forbidTools, args, expect, forbidden, link); }
    }

    private void add(RoomManifest room, Product p, String intent, String lang, String text, Consumer<Spec> rubric) {
        add(room, p, p.id(), intent, lang, text, rubric, List.of());
    }

    private void add(RoomManifest room, Product about, String onStage, String intent, String lang, String text,
                     Consumer<Spec> rubric, List<String> tags) {
        Spec s = new Spec();
        s.tags.addAll(tags);
        rubric.accept(s);
        out.add(new DevCase(id(room, intent, lang), room.id(), intent, lang, text, onStage, null, s.tags, s.rubric()));
    }

    private void follow(RoomManifest room, Product p, String lang, String text, Previous previous, Consumer<Spec> rubric) {
        Spec s = new Spec();
        rubric.accept(s);
        out.add(new DevCase(id(room, "clarification", lang), room.id(), "clarification", lang, text, p.id(), previous, s.tags, s.rubric()));
    }

    private String id(RoomManifest room, String intent, String lang) {
        String key = room.id().replace("-room", "") + "-" + intent.replace("_", "-") + "-" + lang;
        int n = counters.merge(key, 1, Integer::sum);
        return key + "-" + String.format("%03d", n);
    }

    /**
     * One of {@code options}, drawn by the seed; a single option draws nothing. Counted from the end so
     * that a pair draws as {@code nextBoolean() ? first : second} (nextInt(2) is nextBoolean's bit), as
     * the set was first written.
     */
    private String pick(List<String> options) {
        return options.size() == 1 ? options.getFirst() : options.get(options.size() - 1 - random.nextInt(options.size()));
    }

    // --- facts from the data ---------------------------------------------------------------------

    static String num(double d) { return new BigDecimal(d).setScale(2, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString(); }

    private static String zhName(Product p) {
        return p.keywords().stream().filter(DevSetGenerator::cjk).findFirst().orElse(p.name().zh());
    }

    private static String enName(Product p) {
        return p.keywords().stream().filter(k -> !cjk(k)).findFirst().orElse(p.category());
    }

    /**
     * How a viewer names {@code o} while {@code onStage} is on stage: by its first keyword, unless the
     * product on stage answers to that word too ("连衣裙" in a room of two dresses), where only the
     * name's own words in that language say which one is meant.
     */
    private static String otherName(Product o, Product onStage, boolean zh) {
        String word = zh ? zhName(o) : enName(o);
        String lower = word.toLowerCase(Locale.ROOT);
        boolean shared = onStage.name().both().toLowerCase(Locale.ROOT).contains(lower)
                || onStage.keywords().stream().anyMatch(k -> k.equalsIgnoreCase(word));
        if (!shared) return word;
        return String.join(zh ? "" : " ", Arrays.stream(o.name().in(zh ? "zh" : "en").split("\\s+")).filter(w -> cjk(w) == zh).toList());
    }

    private static boolean cjk(String s) { return s.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN); }

    /** The first Chinese and the first Latin word of the material: either says what it is made of. */
    private static String materialFact(Product p) {
        String zh = null, en = null;
        for (String w : (p.material().zh() + " " + p.material().en()).split("[\\s,;()%]+")) {
            if (w.isEmpty() || w.chars().allMatch(Character::isDigit)) continue;
            if (cjk(w) && zh == null) zh = w;
            if (!cjk(w) && en == null && w.chars().allMatch(Character::isLetter)) en = w;
        }
        return zh == null ? en : en == null ? zh : zh + "|" + en;
    }

    /** The number the shipping rule promises (48 of "48小时内发货"), or its words when it has none. */
    private String shippingFact(Product p) {
        String n = firstNumber(p.shipping().zh());
        return p.stock() == 0 ? anyOf("restock") + "|" + n : n;
    }

    private static String firstNumber(String s) {
        var m = java.util.regex.Pattern.compile("\\d+").matcher(s);
        return m.find() ? m.group() : s;
    }
}
