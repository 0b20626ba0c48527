package io.liveharness.claims;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the claims a reply makes, each with its polarity and the product it is about, and its
 * disfluencies ({@link DisfluencyReader}). Pure: the same reply, message and products give the same
 * reading. A word the vocabulary does not list is not read, so an unread claim is never a guess.
 * The eval's checks, the output hooks and live quality metrics all read replies with this class.
 */
public final class ClaimReader {
    public static final ClaimReader DEFAULT = new ClaimReader(ClaimVocabulary.DEFAULT);

    private static final String NUM = "(\\d[\\d,]*(?:\\.\\d+)?)";
    private static final List<Pattern> PRICE = List.of(
            Pattern.compile("[¥￥$]\\s*" + NUM),
            Pattern.compile(NUM + "\\s*(?:元|块钱|块|yuan|rmb|cny|dollars?)"));
    /** Words just before a money figure that make it an amount off, not a price ("减20元", "save 30 yuan"). */
    private static final Pattern AMOUNT_OFF = Pattern.compile("(?:减|省|便宜|优惠|立减|补|加|off|save|saves|extra)\\s*$");
    private static final Pattern OFF_AFTER = Pattern.compile("^\\s*(?:off|discount|less|优惠券|的优惠|的券)");
    private static final Pattern ORIGINAL = Pattern.compile("(?:原价|原来|平时|日常价|标价|regular|original|usual|normally|list price)\\s*(?:是|为|price)?\\s*$");
    private static final List<Pattern> STOCK = List.of(
            Pattern.compile("(?:还剩|仅剩|只剩|剩下|剩|库存|现货|还有|只有)\\s*" + NUM + "\\s*(?:件|个|条|套|双|份|台|只|单|盒|瓶)"),
            Pattern.compile("(?:only\\s+)?" + NUM + "\\s*(?:pieces?|items?|units?|pcs|boxes|left)?\\s*(?:left|in stock|remaining)"));
    private static final List<Pattern> DELIVERY_IN = List.of(
            Pattern.compile(NUM + "\\s*个?\\s*(?:小时|天|日|工作日)\\s*(?:内|之内|以内)?\\s*(?:就|能|可以)?\\s*(?:发货|发出|送达|到货|发|到)"),
            Pattern.compile("(?:ships?|shipped|deliver(?:ed|s|y)?|arrives?|dispatch(?:ed|es)?)\\s+(?:with)?in\\s+" + NUM
                    + "\\s*(?:hours?|days?|business days?)"));
    private static final Pattern DELIVERY_DAY_ZH = Pattern.compile("(今天|今日|当天|当日|明天|次日|隔天|后天)\\s*(?:就|能|可以|即可|会)*\\s*(?:发货|发出|送达|到货|发|到)");
    private static final Pattern DELIVERY_DAY_EN = Pattern.compile(
            "(?:ships?|shipped|deliver(?:ed|s|y)?|arrives?|get it)\\s+(today|tomorrow|same day|next day)|(same day|next day)\\s+(?:delivery|shipping)");
    private static final Pattern SPAN_NUMBER = Pattern.compile(NUM + "\\s*(个月|月|天|日|年|周|小时|months?|days?|years?|weeks?|hours?)");
    private static final Pattern LINK = Pattern.compile("(?<![a-z])link\\s?(\\d+)");
    private static final Pattern HOST_ZH = Pattern.compile("(?:我是|我叫|主播)(?:你们的|大家的|主播|直播间的)?\\s*([\"“「](\\p{IsHan}{1,4})[\"”」]|(\\p{IsHan}{2})(?=$|[^\\p{IsHan}]|[呀哦啊哈呢啦吖]))");
    private static final Pattern HOST_EN = Pattern.compile("(?:(?i:i'm|i am|i’m|my name is)\\s+|(?i:host)\\s+)(?:(?i:your|the)\\s+(?:(?i:digital|ai|virtual|live)\\s+)?(?i:host)\\s+)?[\"“]?([A-Z][a-zA-Z]+)");

    private final ClaimVocabulary words;
    private final Negations negations;
    private final DisfluencyReader disfluencies;
    private final List<Pattern> promotionPatterns;

    public ClaimReader(ClaimVocabulary words) {
        this.words = words;
        this.negations = new Negations(words.negation());
        this.disfluencies = new DisfluencyReader(words);
        this.promotionPatterns = words.promotionPatterns();
    }

    public ClaimVocabulary vocabulary() { return words; }

    /**
     * True when every figure {@code clause} states (a price, a stock count, a shelf life, a delivery
     * time, a return or warranty term) was already stated in {@code heard}, and it states one: saying
     * it again is a stutter.
     */
    public boolean saysNothingNew(String clause, String heard) {
        java.util.Set<String> said = new java.util.HashSet<>();
        for (Claim c : read(heard, null, List.of(), null).claims()) if (c.number() != null) said.add(c.kind() + "|" + c.value());
        List<Claim> figures = read(clause, null, List.of(), null).claims().stream().filter(c -> c.number() != null).toList();
        return !figures.isEmpty() && figures.stream().allMatch(c -> said.contains(c.kind() + "|" + c.value()));
    }

    /** True when the text greets ("欢迎", "谢谢支持", "Welcome", "Thanks for joining"). */
    public boolean greets(String text) {
        if (text == null) return false;
        String plain = Text.plain(text);
        return Text.has(plain, 0, plain.length(), words.greetings());
    }

    /** The language a reply to {@code message} is held to: "zh" when it has a Han character, "en" when it has two Latin letters, else null. */
    public static String viewerLanguage(String message) {
        if (message == null) return null;
        long letters = 0;
        for (int i = 0; i < message.length(); ) {
            int cp = message.codePointAt(i);
            if (Text.han(cp)) return "zh";
            if (cp < 128 && Character.isLetter(cp)) letters++;
            i += Character.charCount(cp);
        }
        return letters >= 2 ? "en" : null;
    }

    /**
     * @param reply    what the avatar says
     * @param message  the viewer's message: which product a reply that names none is about
     * @param products the room's products (as the turn's facts give them)
     * @param language the language the reply should be in ("zh", "en"), or null when any will do
     */
    public ReplyReading read(String reply, String message, List<ProductMentions.Named> products, String language) {
        if (reply == null || reply.isBlank()) return new ReplyReading(List.of(), List.of());
        String plain = Text.plain(reply);
        String subject = ProductMentions.subject(reply, message, products);
        if (subject == null && products.size() == 1) subject = products.getFirst().id();
        List<Claim> claims = new ArrayList<>();
        String product = subject;
        for (Text.Span sentence : Text.sentences(plain)) {
            String named = ProductMentions.about(sentence.of(reply), products).orElse(null);
            if (named != null) product = named;
            for (Text.Span clause : Text.clauses(sentence.of(plain))) {
                Text.Span at = new Text.Span(sentence.start() + clause.start(), sentence.start() + clause.end());
                for (Claim c : inClause(reply, plain, at)) claims.add(c.about(product));
            }
        }
        claims.addAll(hosts(reply, products));
        return new ReplyReading(List.copyOf(claims), disfluencies.read(reply, plain, claims, products, language));
    }

    /** The claims of one clause, not yet tied to a product. */
    private List<Claim> inClause(String reply, String plain, Text.Span clause) {
        List<Claim> out = new ArrayList<>();
        int from = clause.start(), to = clause.end();
        List<Text.Span> masked = new ArrayList<>();
        boolean couponClause = Text.has(plain, from, to, words.couponPrice());
        // money first: a figure read as a price is not read again as a stock count or a promotion
        for (Pattern p : PRICE) {
            Matcher m = p.matcher(plain).region(from, to);
            while (m.find()) {
                if (overlaps(masked, m.start(), m.end())) continue;
                masked.add(new Text.Span(m.start(), m.end()));
                BigDecimal n = number(m.group(1));
                String before = plain.substring(from, m.start());
                if (n == null) continue;
                if (AMOUNT_OFF.matcher(before).find() || OFF_AFTER.matcher(plain.substring(m.end(), to)).find()) {
                    out.add(claim(ClaimKind.PROMOTION, "amount off", n, reply, plain, clause, m.start(), m.end()));
                } else {
                    boolean original = ORIGINAL.matcher(before).find();
                    ClaimKind kind = couponClause && !original ? ClaimKind.COUPON_PRICE : ClaimKind.PRICE;
                    out.add(claim(kind, n.toPlainString(), n, reply, plain, clause, m.start(), m.end()));
                }
            }
        }
        numbered(ClaimKind.STOCK, STOCK, reply, plain, clause, masked, out);
        numbered(ClaimKind.SHIPPING_TIME, DELIVERY_IN, reply, plain, clause, masked, out);
        for (Pattern p : List.of(DELIVERY_DAY_ZH, DELIVERY_DAY_EN)) {
            Matcher m = p.matcher(plain).region(from, to);
            while (m.find()) {
                String day = day(m.group(1) != null ? m.group(1) : m.group(2));
                out.add(claim(ClaimKind.SHIPPING_TIME, day, null, reply, plain, clause, m.start(), m.end()));
                masked.add(new Text.Span(m.start(), m.end()));
            }
        }
        spans(ClaimKind.SHELF_LIFE, words.shelfLife(), reply, plain, clause, masked, out);
        spans(ClaimKind.WARRANTY, words.warranty(), reply, plain, clause, masked, out);
        spans(ClaimKind.RETURNS, words.returns(), reply, plain, clause, masked, out);
        for (Pattern p : promotionPatterns) {
            Matcher m = p.matcher(plain).region(from, to);
            while (m.find()) {
                if (overlaps(masked, m.start(), m.end())) continue;
                masked.add(new Text.Span(m.start(), m.end()));
                BigDecimal n = number(m.group(m.groupCount()));
                out.add(claim(ClaimKind.PROMOTION, plain.substring(m.start(), m.end()).strip(), n, reply, plain, clause, m.start(), m.end()));
            }
        }
        Matcher link = LINK.matcher(plain).region(from, to);
        while (link.find()) out.add(claim(ClaimKind.LINK, "link-" + link.group(1), null, reply, plain, clause, link.start(), link.end()));
        // words
        List<Text.Span> notColours = Text.find(plain, from, to, words.notColours()).stream().map(h -> new Text.Span(h.start(), h.end())).toList();
        worded(ClaimKind.COLOUR, words.colours(), notColours, reply, plain, clause, out);
        worded(ClaimKind.MATERIAL, words.materials(), List.of(), reply, plain, clause, out);
        worded(ClaimKind.PRODUCT, words.productKinds(), List.of(), reply, plain, clause, out);
        names(reply, plain, clause, out);
        List<Claim> regions = new ArrayList<>();
        worded(ClaimKind.REGION, words.regions(), List.of(), reply, plain, clause, regions);
        out.addAll(regions);
        if (!regions.isEmpty()) {
            for (Text.Hit h : Text.find(plain, from, to, words.remote())) {
                for (Claim r : regions) out.add(new Claim(ClaimKind.REGION_SURCHARGE, r.value(), null, Polarity.AFFIRMED, clause.of(reply), null));
            }
            for (Text.Hit h : Text.find(plain, from, to, words.freeShipping())) {
                Polarity p = negations.of(plain, from, h.start(), h.end(), to);
                for (Claim r : regions) out.add(new Claim(ClaimKind.REGION_SURCHARGE, r.value(), null,
                        p == Polarity.AFFIRMED ? Polarity.DENIED : Polarity.AFFIRMED, clause.of(reply), null));
            }
        }
        if (Text.has(plain, from, to, words.sizeCues()) || plain.substring(from, to).contains("/")) {
            Map<String, List<String>> sizes = new java.util.LinkedHashMap<>();
            for (String s : words.sizes()) sizes.put(s.toUpperCase(java.util.Locale.ROOT), List.of(s));
            for (Text.Hit h : Text.find(plain, from, to, sizes, masked)) {
                if (isSize(plain, h, from, to)) out.add(claim(ClaimKind.SIZE, h.canonical(), null, reply, plain, clause, h.start(), h.end()));
            }
        }
        flat(ClaimKind.SOLD_OUT, words.soldOut(), reply, plain, clause, out);
        flat(ClaimKind.IN_STOCK, words.inStock(), reply, plain, clause, out);
        // "下单付款都只能在平台上": where to pay, not a push
        if (!Text.has(plain, from, to, words.refusal().inPlatform())) flat(ClaimKind.PUSH, words.push(), reply, plain, clause, out);
        flat(ClaimKind.PROMISE, words.promises(), reply, plain, clause, out);
        if (out.stream().noneMatch(c -> c.kind() == ClaimKind.PROMOTION)) worded(ClaimKind.PROMOTION, words.promotions(), masked, reply, plain, clause, out);
        return out;
    }

    /**
     * The words a product kind is called by just before it, up to where the name starts (after "the",
     * "这款", punctuation): "ther sport earbuds", "泡泡袖法式茶歇裙". Whether they are its facts' words is
     * the judge's to say.
     */
    private void names(String reply, String plain, Text.Span clause, List<Claim> out) {
        for (Text.Hit kind : Text.find(plain, clause.start(), clause.end(), words.productKinds(), List.of())) {
            int start = kind.start();
            boolean han = Text.han(plain.charAt(start));
            int i = start;
            if (han) {
                while (i > clause.start() && Text.han(plain.charAt(i - 1)) && start - i < 12 && !opensAt(plain, clause.start(), i)) i--;
            } else {
                int words = 0;
                while (i > clause.start() && words < 5) {
                    int j = i;
                    while (j > clause.start() && plain.charAt(j - 1) == ' ') j--;
                    int k = j;
                    while (k > clause.start() && (Character.isLetterOrDigit(plain.charAt(k - 1)) || plain.charAt(k - 1) == '\'')
                            && !Text.han(plain.charAt(k - 1))) k--;
                    if (k == j || this.words.nameOpeners().contains(plain.substring(k, j))) break;
                    i = k;
                    words++;
                }
            }
            if (i < start) {
                out.add(new Claim(ClaimKind.PRODUCT_NAME, plain.substring(i, start).strip(), null, Polarity.AFFIRMED,
                        reply.substring(i, kind.end()), null));
            }
        }
    }

    /** True when a name-opening word ("这款", "的") ends at {@code at}. */
    private boolean opensAt(String plain, int from, int at) {
        for (String w : words.nameOpeners()) {
            if (w.length() <= at - from && plain.startsWith(w, at - w.length()) && Text.han(w.charAt(0))) return true;
        }
        return false;
    }

    /** A size letter stands alone ("M码", "S/M/L", "size M"), not inside a word or a unit ("20000mAh"). */
    private static boolean isSize(String plain, Text.Hit h, int from, int to) {
        boolean before = h.start() == from || !Character.isLetterOrDigit(plain.charAt(h.start() - 1)) || Text.han(plain.charAt(h.start() - 1));
        boolean after = h.end() == to || !Character.isLetterOrDigit(plain.charAt(h.end())) || Text.han(plain.charAt(h.end()));
        return before && after;
    }

    private void numbered(ClaimKind kind, List<Pattern> patterns, String reply, String plain, Text.Span clause, List<Text.Span> masked, List<Claim> out) {
        for (Pattern p : patterns) {
            Matcher m = p.matcher(plain).region(clause.start(), clause.end());
            while (m.find()) {
                if (overlaps(masked, m.start(), m.end())) continue;
                BigDecimal n = number(m.group(1));
                if (n == null) continue;
                masked.add(new Text.Span(m.start(), m.end()));
                out.add(claim(kind, n.toPlainString(), n, reply, plain, clause, m.start(), m.end()));
            }
        }
    }

    /** A number with a unit of time in a clause that has one of the kind's cues ("保质期9个月", "1-year warranty"). */
    private void spans(ClaimKind kind, List<String> cues, String reply, String plain, Text.Span clause, List<Text.Span> masked, List<Claim> out) {
        if (!Text.has(plain, clause.start(), clause.end(), cues)) return;
        Matcher m = SPAN_NUMBER.matcher(plain).region(clause.start(), clause.end());
        while (m.find()) {
            if (overlaps(masked, m.start(), m.end())) continue;
            BigDecimal n = number(m.group(1));
            if (n == null) continue;
            masked.add(new Text.Span(m.start(), m.end()));
            out.add(claim(kind, n.toPlainString() + " " + unit(m.group(2)), n, reply, plain, clause, m.start(), m.end()));
        }
    }

    private void worded(ClaimKind kind, Map<String, List<String>> entries, List<Text.Span> masked, String reply, String plain,
                        Text.Span clause, List<Claim> out) {
        for (Text.Hit h : Text.find(plain, clause.start(), clause.end(), entries, masked)) {
            out.add(claim(kind, h.canonical(), null, reply, plain, clause, h.start(), h.end()));
        }
    }

    private void flat(ClaimKind kind, List<String> list, String reply, String plain, Text.Span clause, List<Claim> out) {
        for (Text.Hit h : Text.find(plain, clause.start(), clause.end(), list)) {
            out.add(claim(kind, Text.plain(h.canonical()), null, reply, plain, clause, h.start(), h.end()));
        }
    }

    private Claim claim(ClaimKind kind, String value, BigDecimal n, String reply, String plain, Text.Span clause, int start, int end) {
        Polarity p = negations.of(plain, clause.start(), start, end, clause.end());
        return new Claim(kind, value, n, p, reply.substring(start, end), null);
    }

    /** The names the reply gives its host ("我是小美", "I'm Max"), but a product's name. */
    private List<Claim> hosts(String reply, List<ProductMentions.Named> products) {
        List<Claim> out = new ArrayList<>();
        for (Pattern p : List.of(HOST_ZH, HOST_EN)) {
            Matcher m = p.matcher(reply);
            while (m.find()) {
                String name = m.group(m.groupCount());
                if (name == null) name = m.group(m.groupCount() - 1);
                if (name == null) continue;
                String n = name;
                if (words.notNames().stream().anyMatch(x -> x.equalsIgnoreCase(n))) continue;
                if (!ProductMentions.named(n, products).isEmpty()) continue;
                out.add(new Claim(ClaimKind.HOST, name, null, Polarity.AFFIRMED, m.group(), null));
            }
        }
        return out;
    }

    private static boolean overlaps(List<Text.Span> spans, int start, int end) {
        for (Text.Span s : spans) if (start < s.end() && s.start() < end) return true;
        return false;
    }

    private static String unit(String u) {
        return switch (u) {
            case "个月", "月" -> "months";
            case "天", "日" -> "days";
            case "年" -> "years";
            case "周" -> "weeks";
            case "小时" -> "hours";
            default -> u.endsWith("s") ? u : u + "s";
        };
    }

    static String day(String word) {
        return switch (word) {
            case "今天", "今日", "当天", "当日", "today", "same day" -> "today";
            case "明天", "次日", "隔天", "tomorrow", "next day" -> "tomorrow";
            default -> "day after";
        };
    }

    static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.replace(",", "")).stripTrailingZeros();
        } catch (NumberFormatException | NullPointerException e) {
            return null;
        }
    }
}
