package io.liveharness.claims;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks each claim of a reading against the turn's facts: the catalog data of the product it is
 * about and the tool results of the turn. A claim only a fact could make true (a price, a colour, a
 * promotion) and that none does is false; a denial of something the facts do not list is unknown,
 * and so is any claim whose facts the turn lacks. The viewer's message never backs a claim: it only
 * says which region was asked about.
 */
public final class ClaimJudge {
    public static final ClaimJudge DEFAULT = new ClaimJudge(ClaimReader.DEFAULT);

    private final ClaimReader reader;
    private final ClaimVocabulary words;

    public ClaimJudge(ClaimReader reader) {
        this.reader = reader;
        this.words = reader.vocabulary();
    }

    public ClaimReader reader() { return reader; }

    /** Reads the reply and judges every claim. */
    public Judged judge(String reply, String message, TurnFacts facts, String language) {
        ReplyReading reading = reader.read(reply, message, facts.named(), language);
        List<Finding> findings = new ArrayList<>();
        java.util.Set<String> seen = new HashSet<>();
        for (Claim c : reading.claims()) {
            // "紫色/紫色/紫色" is one false claim said three times: a repeat is the disfluency's to count
            if (seen.add(c.kind() + "|" + c.value() + "|" + c.polarity() + "|" + c.product())) findings.add(judge(c, facts, message, reading));
        }
        return new Judged(reading, List.copyOf(findings));
    }

    /** A reading with the verdict on each of its claims. */
    public record Judged(ReplyReading reading, List<Finding> findings) {
        public List<Finding> falseOnes() { return findings.stream().filter(Finding::isFalse).toList(); }

        public boolean clean() { return falseOnes().isEmpty() && reading.disfluencies().isEmpty(); }
    }

    Finding judge(Claim c, TurnFacts facts, String message, ReplyReading reading) {
        String id = c.product() != null ? c.product() : facts.onStage();
        ProductFacts p = facts.product(id).orElse(null);
        String of = p == null ? "" : " of " + p.id();
        boolean yes = c.affirmed();
        return switch (c.kind()) {
            case PRICE -> {
                if (!yes) yield p != null && p.catalogPrice() != null && p.catalogPrice().compareTo(c.number()) == 0
                        ? no(c, "denies ¥" + c.number().toPlainString() + of + ", which is its price") : unknown(c);
                if (p != null && p.catalogPrice() != null && p.catalogPrice().compareTo(c.number()) == 0) yield ok(c);
                if (contains(money(p == null ? facts.textsAbout(null) : facts.othersAbout(id)), c.number())
                        || contains(couponPrices(p, facts), c.number())) yield ok(c);
                yield no(c, "says ¥" + c.number().toPlainString() + of + (p != null && p.catalogPrice() != null
                        ? ", whose price is ¥" + p.catalogPrice().toPlainString() : ", which no fact of this turn gives"));
            }
            case COUPON_PRICE -> {
                if (!yes) yield unknown(c);
                List<BigDecimal> after = couponPrices(p, facts);
                if (contains(after, c.number())) yield ok(c);
                if (after.isEmpty() && p != null && p.catalogPrice() != null && p.catalogPrice().compareTo(c.number()) == 0) yield unknown(c);
                yield no(c, "says ¥" + c.number().toPlainString() + " after a coupon" + of + (after.isEmpty()
                        ? ", but no coupon of this turn applies to it" : ", but its coupon price is ¥" + after.getFirst().toPlainString()));
            }
            case STOCK -> {
                if (!yes) yield unknown(c);
                if (p != null && p.stock() != null && p.stock() == c.number().intValue() && c.number().scale() <= 0) yield ok(c);
                if (contains(counts(p == null ? facts.textsAbout(null) : facts.othersAbout(id)), c.number())) yield ok(c);
                yield no(c, "says " + c.number().toPlainString() + " in stock" + of + (p != null && p.stock() != null ? ", which has " + p.stock() : ""));
            }
            case SOLD_OUT -> p == null || p.stock() == null ? unknown(c)
                    : yes == p.soldOut() ? ok(c) : no(c, yes ? "says " + p.id() + " is sold out, but " + p.stock() + " are in stock"
                    : "says " + p.id() + " is not sold out, but it is");
            case IN_STOCK -> p == null || p.stock() == null ? unknown(c)
                    : yes != p.soldOut() ? ok(c) : no(c, yes ? "says " + p.id() + " is in stock, but it is sold out" : "says " + p.id() + " is out of stock, but it is not");
            case PUSH -> yes && p != null && p.soldOut() ? no(c, "pushes " + p.id() + " ('" + c.said() + "'), which is sold out") : ok(c);
            case LINK -> link(c, p, facts);
            case SIZE -> {
                if (p == null) yield unknown(c);
                boolean has = p.sizes().stream().anyMatch(s -> s.equalsIgnoreCase(c.value()));
                if (yes) yield has || mentions(p.text(), c.value()) ? ok(c)
                        : no(c, "says size " + c.value() + of + ", whose sizes are " + (p.sizes().isEmpty() ? "none" : String.join("/", p.sizes())));
                yield has ? no(c, "says there is no size " + c.value() + of + ", but there is") : ok(c);
            }
            case COLOUR -> attribute(c, p, words.colours().get(c.value()), p == null ? List.of() : concat(p.colours(), p.names()), "colour");
            case MATERIAL -> attribute(c, p, words.materials().get(c.value()), p == null ? List.of()
                    : concat(concat(p.materials(), p.names()), p.keywords()), "material");
            case PRODUCT -> {
                if (!yes || facts.products().isEmpty()) yield unknown(c);
                List<String> spellings = words.productKinds().get(c.value());
                for (ProductFacts q : facts.products()) {
                    List<String> names = concat(concat(q.names(), q.keywords()), q.category() == null ? List.of() : List.of(q.category()));
                    for (String n : names) for (String s : spellings) if (mentions(n, s) || mentions(s, n)) yield ok(c);
                }
                yield no(c, "names a " + c.value() + " ('" + c.said() + "'), which this room does not sell");
            }
            case PRODUCT_NAME -> madeUp(c.value(), facts) == null ? ok(c)
                    : no(c, "calls a product '" + c.said() + "': '" + madeUp(c.value(), facts) + "' is in no product's name or facts");
            case SHELF_LIFE, RETURNS, WARRANTY, SHIPPING_TIME -> {
                if (!yes) yield unknown(c);
                List<String> texts = facts.textsAbout(id);
                if (c.number() != null ? contains(TurnFacts.numbers(texts), c.number()) : days(texts).contains(c.value())) yield ok(c);
                yield no(c, "says '" + c.said() + "'" + of + " but no product data or tool result " + (p == null ? "this turn" : "about " + p.id())
                        + " gives that " + c.kind().label().replace('-', ' '));
            }
            case REGION -> region(c, facts, message, reading);
            case REGION_SURCHARGE -> surcharge(c, facts);
            case HOST -> facts.host() == null ? unknown(c) : facts.host().equalsIgnoreCase(c.value()) ? ok(c)
                    : no(c, "calls the host '" + c.value() + "', but this room's host is '" + facts.host() + "'");
            case PROMOTION -> promotion(c, p, facts);
            case PROMISE -> !yes ? unknown(c) : facts.textsAbout(null).stream().anyMatch(t -> mentions(t, c.value())) ? ok(c)
                    : no(c, "promises '" + c.said() + "', which no fact of this turn says");
        };
    }

    private Finding attribute(Claim c, ProductFacts p, List<String> spellings, List<String> texts, String what) {
        if (p == null) return unknown(c);
        boolean has = texts.stream().anyMatch(t -> spellings.stream().anyMatch(s -> mentions(t, s)));
        if (c.affirmed()) return has ? ok(c) : no(c, "says " + what + " '" + c.said() + "' of " + p.id() + ", whose " + what + "s are "
                + (texts.isEmpty() ? "not given" : String.join("/", what.equals("colour") ? p.colours() : p.materials())));
        return has ? no(c, "denies " + what + " '" + c.said() + "' of " + p.id() + ", which it has") : ok(c);
    }

    private Finding link(Claim c, ProductFacts p, TurnFacts facts) {
        ProductFacts owner = facts.products().stream().filter(q -> c.value().equals(q.actionLinkId())).findFirst().orElse(null);
        boolean coupon = facts.coupons().stream().anyMatch(k -> c.value().equals(k.path("actionLinkId").asText()));
        if (owner == null) {
            if (facts.products().stream().anyMatch(q -> q.actionLinkId() == null)) return unknown(c);
            if (coupon || facts.others().stream().anyMatch(f -> f.contains("\"" + c.value() + "\""))) return ok(c);
            return no(c, "points to " + c.value() + ", which no product or coupon of this room has");
        }
        if (owner.soldOut() && c.affirmed()) return no(c, "points to " + c.value() + " to order " + owner.id() + ", which is sold out");
        if (p != null && !owner.id().equals(p.id())) return no(c, "points to " + c.value() + ", the link of " + owner.id() + ", in a reply about " + p.id());
        return ok(c);
    }

    private Finding region(Claim c, TurnFacts facts, String message, ReplyReading reading) {
        Set<String> asked = regionsIn(message);
        for (String f : facts.others()) {
            JsonNode n = TurnFacts.parse(f);
            if (n != null && n.path("region").isTextual()) asked.addAll(regionsIn(n.path("region").asText()));
            if (n != null) ProductFacts.texts(n.path("recognisedRegion")).forEach(t -> asked.addAll(regionsIn(t)));
        }
        if (asked.isEmpty() || asked.contains(c.value())) return ok(c);
        boolean answersAsked = reading.of(ClaimKind.REGION).stream().anyMatch(r -> asked.contains(r.value()));
        return answersAsked ? ok(c) : no(c, "answers about " + c.value() + ", but the viewer asked about " + String.join("/", asked));
    }

    private Finding surcharge(Claim c, TurnFacts facts) {
        Set<String> remote = null;
        for (String f : facts.others()) {
            JsonNode n = TurnFacts.parse(f);
            if (n == null || !n.path("remoteRegions").isArray()) continue;
            if (remote == null) remote = new HashSet<>();
            for (JsonNode r : n.path("remoteRegions")) for (String t : ProductFacts.texts(r)) remote.addAll(regionsIn(t));
        }
        if (remote == null) return unknown(c);
        boolean isRemote = remote.contains(c.value());
        if (c.affirmed() == isRemote) return ok(c);
        return no(c, c.affirmed() ? "says " + c.value() + " costs extra or is remote, but it is not a remote region"
                : "says " + c.value() + " ships free, but it is a remote region");
    }

    private Finding promotion(Claim c, ProductFacts p, TurnFacts facts) {
        if (!c.affirmed()) return unknown(c);
        List<String> texts = facts.textsAbout(p == null ? null : p.id());
        if (c.number() != null) {
            return contains(TurnFacts.numbers(facts.othersAbout(p == null ? null : p.id())), c.number()) ? ok(c)
                    : no(c, "says '" + c.said() + "', which no coupon or promotion of this turn gives");
        }
        List<String> spellings = words.promotions().getOrDefault(c.value(), List.of(c.value()));
        if (texts.stream().anyMatch(t -> spellings.stream().anyMatch(s -> mentions(t, s)))) return ok(c);
        boolean anyCoupon = facts.coupons().stream().anyMatch(k -> p == null || appliesTo(k, p.id()));
        if (anyCoupon && (c.value().equals("coupon") || c.value().equals("discount"))) return ok(c);
        return no(c, "says '" + c.said() + "', which no coupon or promotion of this turn gives");
    }

    /**
     * The first word of a name's modifiers that is in no product's name, keywords, colours, materials
     * or category, nor a word a product may be called by; null when every one is. Chinese is read as
     * the longest pieces the facts have, a single character only where it is a colour ("白裙").
     */
    private String madeUp(String modifiers, TurnFacts facts) {
        StringBuilder known = new StringBuilder();
        for (ProductFacts p : facts.products()) {
            for (List<String> l : List.of(p.names(), p.keywords(), p.colours(), p.materials(), p.sizes())) l.forEach(x -> known.append(' ').append(x));
            if (p.category() != null) known.append(' ').append(p.category());
            known.append(' ').append(p.id());
        }
        String k = Text.plain(known.toString());
        if (facts.products().isEmpty()) return null;
        for (String w : modifiers.split(" ")) {
            if (w.isBlank()) continue;
            if (w.codePoints().anyMatch(Text::han)) {
                String bad = unknownHan(w, k);
                if (bad != null) return bad;
            } else if (Text.at(k, w, 0, k.length()).isEmpty() && words.nameWords().stream().noneMatch(x -> Text.plain(x).equals(w))) {
                return w;
            }
        }
        return null;
    }

    private String unknownHan(String run, String known) {
        int i = 0;
        while (i < run.length()) {
            int best = 0;
            for (int len = run.length() - i; len >= 2; len--) {
                String piece = run.substring(i, i + len);
                if (known.contains(piece) || words.nameWords().contains(piece)) { best = len; break; }
            }
            if (best == 0) {
                String one = run.substring(i, i + 1);
                boolean colour = words.colours().values().stream().anyMatch(l -> l.contains(one));
                if (!colour && !words.nameWords().contains(one)) return run.substring(i, Math.min(run.length(), i + 2));
                best = 1;
            }
            i += best;
        }
        return null;
    }

    private static final java.util.regex.Pattern MONEY = java.util.regex.Pattern.compile(
            "[¥￥$]\\s*(\\d[\\d,]*(?:\\.\\d+)?)|(\\d[\\d,]*(?:\\.\\d+)?)\\s*(?:元|块|yuan|rmb)", java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * The sums of money the facts state: a price, discount or minimum field of a JSON fact, and a
     * figure written as money ("补邮费10元"); not any number ("48小时内发货" backs no ¥48).
     */
    private static List<BigDecimal> money(List<String> texts) {
        List<BigDecimal> out = new ArrayList<>();
        for (String t : texts) {
            var m = MONEY.matcher(t);
            while (m.find()) out.add(ClaimReader.number(m.group(1) != null ? m.group(1) : m.group(2)));
            JsonNode n = TurnFacts.parse(t);
            if (n != null) numbersIn(n, List.of("price", "discount", "minSpend"), out);
        }
        out.removeIf(java.util.Objects::isNull);
        return out;
    }

    /** The stock counts the facts state: a {@code stock} field of a JSON fact ("还剩48件" is not backed by "48小时"). */
    private static List<BigDecimal> counts(List<String> texts) {
        List<BigDecimal> out = new ArrayList<>();
        for (String t : texts) {
            JsonNode n = TurnFacts.parse(t);
            if (n != null) numbersIn(n, List.of("stock"), out);
        }
        return out;
    }

    private static void numbersIn(JsonNode n, List<String> fields, List<BigDecimal> out) {
        if (n.isObject()) {
            n.properties().forEach(e -> {
                if (fields.contains(e.getKey()) && e.getValue().isNumber()) out.add(e.getValue().decimalValue().stripTrailingZeros());
                else numbersIn(e.getValue(), fields, out);
            });
        } else if (n.isArray()) {
            n.forEach(x -> numbersIn(x, fields, out));
        }
    }

    /** The prices after each coupon of the turn that applies to the product and whose minimum its price reaches. */
    private static List<BigDecimal> couponPrices(ProductFacts p, TurnFacts facts) {
        List<BigDecimal> out = new ArrayList<>();
        if (p == null || p.catalogPrice() == null) return out;
        for (JsonNode k : facts.coupons()) {
            if (!appliesTo(k, p.id())) continue;
            BigDecimal discount = k.path("discount").decimalValue();
            BigDecimal min = k.path("minSpend").decimalValue();
            if (discount.signum() > 0 && p.catalogPrice().compareTo(min) >= 0) out.add(p.catalogPrice().subtract(discount).stripTrailingZeros());
        }
        return out;
    }

    private static boolean appliesTo(JsonNode coupon, String id) {
        if (!coupon.path("products").isArray() || coupon.path("products").isEmpty()) return true;
        for (JsonNode x : coupon.path("products")) if (x.asText().equals(id)) return true;
        return false;
    }

    private Set<String> regionsIn(String text) {
        Set<String> out = new HashSet<>();
        if (text == null) return out;
        String plain = Text.plain(text);
        for (Text.Hit h : Text.find(plain, 0, plain.length(), words.regions(), List.of())) out.add(h.canonical());
        return out;
    }

    private static Set<String> days(List<String> texts) {
        Set<String> days = new HashSet<>();
        for (String t : texts) {
            String lower = Text.plain(t);
            for (String w : List.of("今天", "今日", "当天", "当日", "明天", "次日", "隔天", "后天", "today", "tomorrow", "same day", "next day")) {
                if (lower.contains(w)) days.add(ClaimReader.day(w));
            }
        }
        return days;
    }

    /** {@code word} in {@code text}, as the reader finds words (ignoring case, a hyphen as a space, Latin words whole). */
    static boolean mentions(String text, String word) {
        if (text == null || word == null) return false;
        String t = Text.plain(text);
        return !Text.at(t, Text.plain(word), 0, t.length()).isEmpty();
    }

    private static boolean contains(List<BigDecimal> numbers, BigDecimal n) {
        return n != null && numbers.stream().anyMatch(x -> x.compareTo(n) == 0);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static Finding ok(Claim c) { return new Finding(c, Verdict.BACKED, null); }

    private static Finding unknown(Claim c) { return new Finding(c, Verdict.UNKNOWN, null); }

    private static Finding no(Claim c, String reason) { return new Finding(c, Verdict.FALSE, reason); }
}
