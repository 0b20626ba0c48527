package io.liveharness.router.question;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The question read: from a viewer's message and the room's products, what it asks (the attribute:
 * price, stock, size, colour, material, a feature, shipping...), about which product, and whether it
 * must be declined (a health claim, paying off the platform, contact details, haggling). The words it reads
 * are data ({@link QuestionLexicon}). One reader serves the grounded fallback, which answers only the
 * attribute asked, and the expert that writes training replies.
 */
public final class QuestionReader {
    /** A number that is not part of a word or a size (S, M, XL, 2XL) and not a percentage. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\dA-Za-z.])(\\d+(?:\\.\\d+)?)(?![\\d.]|\\s*(?:%|码|号|XL|xl|cm|kg|斤|天|days?|小时|hours?|件|个|盒|岁))");
    private final QuestionLexicon lexicon;
    private final Namer namer;
    private final AskModel asks;

    /**
     * Which of the products a text names, by the rule the asked-product hook checks replies with
     * (the hooks sit above the router, so the caller hands it in); empty when it names none.
     */
    @FunctionalInterface
    public interface Namer {
        Optional<String> about(String text, List<? extends Sellable> products);
    }

    /** A reader of the lexicon's cue words alone. */
    public QuestionReader(QuestionLexicon lexicon, Namer namer) {
        this(lexicon, namer, null);
    }

    /** @param asks the model that reads the attribute asked when no cue word is said (typos, homophones); null for none */
    public QuestionReader(QuestionLexicon lexicon, Namer namer, AskModel asks) {
        this.lexicon = lexicon;
        this.namer = namer;
        this.asks = asks;
    }

    public QuestionLexicon lexicon() { return lexicon; }

    /**
     * @param products the room's products, the one on stage first
     * @param previous the viewer's previous question, for a follow-up that names no attribute; or null
     */
    public Question read(String text, List<? extends Sellable> products, String previous) {
        String lang = languageOf(text);
        Sellable product = named(text, products);
        Sellable about = product != null ? product : products.getFirst();
        Question.Decline decline = decline(text, about);
        Ask ask = ask(text);
        String bare = withoutProductNames(text, products);   // "蓝牙耳机" names no colour
        String size = size(bare, about);
        List<String> color = color(withoutFeatures(bare), about);  // nor does "有蓝牙吗"
        if (ask == Ask.SUMMARY && size != null) ask = Ask.SIZE;
        if (ask == Ask.SUMMARY && color != null) ask = Ask.COLOR;
        // "有降噪吗?", "支持无线充电吗" (充电 is a battery cue): a feature the product may have
        // read past the names: "降噪蓝牙耳机有蓝牙吗" asks about 蓝牙
        QuestionLexicon.Feature feature = ask == Ask.SUMMARY || ask == Ask.BATTERY ? lexicon.feature(withoutNames(text, products)) : null;
        if (feature != null) ask = Ask.FEATURE;
        if (ask == Ask.SUMMARY) ask = misspelt(text);
        if (ask == Ask.SUMMARY && previous != null) ask = ask(previous);
        String topic = topic(text);
        String region = QuestionLexicon.find(text, lexicon.logistics().get("regions"));
        boolean courier = QuestionLexicon.says(text, lexicon.logistics().get("courier"));
        return new Question(lang, decline, about.id(), product != null, ask, size, color, topic, region, courier,
                QuestionLexicon.says(text, lexicon.complaint()), QuestionLexicon.says(text, lexicon.identity()), feature);
    }

    private Question.Decline decline(String text, Sellable p) {
        if (QuestionLexicon.says(text, lexicon.declines().get("medical"))) return Question.Decline.MEDICAL;
        if (QuestionLexicon.says(text, lexicon.declines().get("offPlatform"))) return Question.Decline.OFF_PLATFORM;
        // after payment: "微信转账" is a payment, "加个vx私聊" a contact
        if (QuestionLexicon.says(text, lexicon.declines().get("contact"))) return Question.Decline.CONTACT;
        if (QuestionLexicon.says(text, lexicon.declines().get("haggle"))) return Question.Decline.HAGGLE;
        BigDecimal claimed = claimedPrice(text);
        if (claimed != null && claimed.compareTo(BigDecimal.valueOf(p.price())) != 0
                && (QuestionLexicon.says(text, lexicon.declines().get("priceClaim")) || QuestionLexicon.says(text, lexicon.asks().get(Ask.PRICE))
                || text.matches("(?s).*\\d\\s*(?:元|块|yuan|rmb|RMB).*") || text.contains("¥") || text.contains("￥"))) {
            return Question.Decline.PRICE_CLAIM;
        }
        return null;
    }

    /** A price the viewer states, or null. */
    static BigDecimal claimedPrice(String text) {
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            BigDecimal n = new BigDecimal(m.group(1));
            if (n.compareTo(BigDecimal.ONE) >= 0) return n;
        }
        return null;
    }

    /**
     * What the message's own words ask: a cue word of the lexicon, else the ask model's reading of
     * misspelt ones; {@link Ask#SUMMARY} when they ask nothing. Unlike {@link #read}, nothing is
     * inferred from a size or colour the message names ("XL的还有木有" names a size and asks the stock).
     */
    public Ask asked(String text) {
        Ask a = ask(text);
        return a == Ask.SUMMARY ? misspelt(text) : a;
    }

    private Ask ask(String text) {
        for (Ask a : Ask.values()) {
            List<String> cues = lexicon.asks().get(a);
            if (cues != null && QuestionLexicon.says(text, cues)) return a;
        }
        return Ask.SUMMARY;
    }

    /**
     * When no cue word, size, colour or feature is said, the words may be misspelt ("裤存还有么",
     * "发啥快滴"): the model's reading. A feature it reads is no use without the feature's word, so not taken.
     */
    private Ask misspelt(String text) {
        if (asks == null) return Ask.SUMMARY;
        return asks.read(text).filter(a -> a != Ask.FEATURE).orElse(Ask.SUMMARY);
    }

    private String topic(String text) {
        for (String t : List.of("damaged", "exchange", "warranty", "returns")) {
            if (QuestionLexicon.says(text, lexicon.topics().get(t))) return t;
        }
        return null;
    }

    /** A size the message names: one of the product's, else a known size word; null for none. */
    private String size(String text, Sellable p) {
        for (String s : p.sizes()) if (sizeIn(text, s)) return s;
        for (String s : lexicon.sizeWords()) if (sizeIn(text, s)) return s;
        return null;
    }

    private static boolean sizeIn(String text, String size) {
        // a one-letter size counts only in capitals and near a size word or in a short follow-up ("and in L?", not "what's up")
        int flags = size.length() > 1 ? Pattern.CASE_INSENSITIVE : 0;
        return Pattern.compile("(?<![A-Za-z0-9'])" + Pattern.quote(size) + "(?![A-Za-z0-9])", flags)
                .matcher(text).find() && (size.length() > 1 || text.matches("(?s).*(?:码|号|size|Size|SIZE).*") || text.strip().length() <= 14);
    }

    /** A colour the message names: the product's colour [zh, en] when it offers it, else the word; null for none. */
    private List<String> color(String text, Sellable p) {
        for (List<String> c : p.colorWords()) {
            for (String w : c) {
                String key = w.replace("色", "");
                if (!key.isEmpty() && QuestionLexicon.says(text, List.of(key.length() == 1 && han(key) ? w : key))) return c;
            }
        }
        // the longest colour word said ("米色显白" asks about 米色), then the product's own words for it ("白的" is its 白色)
        List<String> longestFirst = lexicon.colorWords().stream().sorted((a, b) -> b.length() - a.length()).toList();
        String word = QuestionLexicon.find(text, longestFirst);
        if (word == null) return null;
        String said = han(word) && !word.endsWith("色") ? word + "色" : word;
        for (List<String> c : p.colorWords()) {
            if (c.stream().anyMatch(w -> w.equalsIgnoreCase(said) || w.equalsIgnoreCase(word))) return c;
        }
        return List.of(said);
    }

    private String withoutFeatures(String text) {
        String out = text;
        for (List<String> words : lexicon.features() == null ? List.<List<String>>of() : lexicon.features()) {
            for (String w : words) out = out.replaceAll("(?i)" + Pattern.quote(w), " ");
        }
        return out;
    }

    /**
     * The message without the products' names as a viewer says them: each Chinese word of a name and
     * its English words, each from its longest ending the message says ("降噪蓝牙耳机" of "高端降噪蓝牙耳机").
     */
    static String withoutNames(String text, List<? extends Sellable> products) {
        String out = text;
        for (Sellable p : products) {
            for (String w : p.nameIn("zh").split("\\s+")) {
                if (!han(w)) continue;
                for (int i = 0; w.length() > 1 && i <= w.length() - Math.min(3, w.length()); i++) {
                    if (out.contains(w.substring(i))) {
                        out = out.replace(w.substring(i), " ");
                        break;
                    }
                }
            }
            // the English name's words that are not in the Chinese one ("AirLite Pro" is the brand in both)
            List<String> zhWords = List.of(p.nameIn("zh").split("\\s+"));
            List<String> latin = new ArrayList<>();
            for (String w : p.nameIn("en").split("\\s+")) {
                if (zhWords.contains(w)) latin.clear();
                else latin.add(Pattern.quote(w).replace("-", "\\E[-\\s]\\Q"));
            }
            for (int i = 0; i < latin.size(); i++) {
                Matcher m = Pattern.compile(String.join("\\s+", latin.subList(i, latin.size())), Pattern.CASE_INSENSITIVE).matcher(out);
                if (m.find()) {
                    out = m.replaceAll(" ");
                    break;
                }
            }
        }
        return out;
    }

    private static String withoutProductNames(String text, List<? extends Sellable> products) {
        String out = text;
        for (Sellable p : products) {
            for (String k : p.keywords()) out = out.replaceAll("(?i)" + Pattern.quote(k), " ");
            for (String w : p.nameIn("zh").split("\\s+")) if (w.length() > 1 && han(w)) out = out.replace(w, " ");
        }
        return out;
    }

    /** The product a message is about, as the {@link Namer} decides; null when it names none. */
    private Sellable named(String text, List<? extends Sellable> products) {
        return namer.about(text, products)
                .flatMap(id -> products.stream().filter(p -> p.id().equals(id)).findFirst()).orElse(null);
    }

    /** The language of a viewer's message: Chinese when it has a Han character. */
    public static String languageOf(String text) { return han(text) ? "zh" : "en"; }

    static boolean han(String s) {
        return s.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    }
}
