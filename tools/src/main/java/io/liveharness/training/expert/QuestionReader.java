package io.liveharness.training.expert;

import io.liveharness.claims.ProductMentions;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a viewer's message with the lexicon: what it asks, about which product, whether to decline. */
public final class QuestionReader {
    /** A number that is not part of a word or a size (S, M, XL, 2XL) and not a percentage. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\dA-Za-z.])(\\d+(?:\\.\\d+)?)(?![\\d.]|\\s*(?:%|码|号|XL|xl|cm|kg|斤|天|days?|小时|hours?|件|个|盒|岁))");
    private final ExpertLexicon lexicon;

    public QuestionReader(ExpertLexicon lexicon) { this.lexicon = lexicon; }

    /**
     * @param products the room's products, the one on stage first
     * @param previous the viewer's previous question, for a follow-up that names no attribute; or null
     */
    public Question read(String text, List<Product> products, String previous) {
        String lang = Bilingual.languageOf(text);
        Product product = named(text, products);
        Product about = product != null ? product : products.getFirst();
        Question.Decline decline = decline(text, about);
        Ask ask = ask(text);
        String bare = withoutProductNames(text, products);   // "蓝牙耳机" names no colour
        String size = size(bare, about);
        String color = color(withoutFeatures(bare), about);  // nor does "有蓝牙吗"
        if (ask == Ask.SUMMARY && size != null) ask = Ask.SIZE;
        if (ask == Ask.SUMMARY && color != null) ask = Ask.COLOR;
        // "有降噪吗?", "支持无线充电吗" (充电 is a battery cue): a feature the product may have
        // read past the names: "降噪蓝牙耳机有蓝牙吗" asks about 蓝牙
        ExpertLexicon.Feature feature = ask == Ask.SUMMARY || ask == Ask.BATTERY ? lexicon.feature(withoutNames(text, products)) : null;
        if (feature != null) ask = Ask.FEATURE;
        if (ask == Ask.SUMMARY && previous != null) ask = ask(previous);
        String topic = topic(text);
        String region = ExpertLexicon.find(text, lexicon.logistics().get("regions"));
        boolean courier = ExpertLexicon.says(text, lexicon.logistics().get("courier"));
        return new Question(lang, decline, about, product != null, ask, size, color, topic, region, courier,
                ExpertLexicon.says(text, lexicon.complaint()), ExpertLexicon.says(text, lexicon.identity()), feature);
    }

    private Question.Decline decline(String text, Product p) {
        if (ExpertLexicon.says(text, lexicon.declines().get("medical"))) return Question.Decline.MEDICAL;
        if (ExpertLexicon.says(text, lexicon.declines().get("offPlatform"))) return Question.Decline.OFF_PLATFORM;
        if (ExpertLexicon.says(text, lexicon.declines().get("haggle"))) return Question.Decline.HAGGLE;
        BigDecimal claimed = claimedPrice(text);
        if (claimed != null && claimed.compareTo(BigDecimal.valueOf(p.price())) != 0
                && (ExpertLexicon.says(text, lexicon.declines().get("priceClaim")) || ExpertLexicon.says(text, lexicon.asks().get(Ask.PRICE))
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

    private Ask ask(String text) {
        for (Ask a : Ask.values()) {
            List<String> cues = lexicon.asks().get(a);
            if (cues != null && ExpertLexicon.says(text, cues)) return a;
        }
        return Ask.SUMMARY;
    }

    private String topic(String text) {
        for (String t : List.of("damaged", "exchange", "warranty", "returns")) {
            if (ExpertLexicon.says(text, lexicon.topics().get(t))) return t;
        }
        return null;
    }

    /** A size the message names: one of the product's, else a known size word; null for none. */
    private String size(String text, Product p) {
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

    /** A colour the message names: the product's colour entry when it offers it, else the word; null for none. */
    private String color(String text, Product p) {
        for (String c : p.colors()) {
            for (String w : c.split(" ")) {
                String key = w.replace("色", "");
                if (!key.isEmpty() && ExpertLexicon.says(text, List.of(key.length() == 1 && Bilingual.han(key) ? w : key))) return c;
            }
        }
        String word = ExpertLexicon.find(text, lexicon.colorWords());
        return word == null ? null : (Bilingual.han(word) && !word.endsWith("色") ? word + "色" : word);
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
    static String withoutNames(String text, List<Product> products) {
        String out = text;
        for (Product p : products) {
            List<String> latin = new ArrayList<>();
            for (String w : p.name().split("\\s+")) {
                if (Bilingual.han(w)) {
                    for (int i = 0; w.length() > 1 && i <= w.length() - Math.min(3, w.length()); i++) {
                        if (out.contains(w.substring(i))) {
                            out = out.replace(w.substring(i), " ");
                            break;
                        }
                    }
                    latin.clear();   // the English name is the words after the last Chinese one
                } else {
                    latin.add(Pattern.quote(w).replace("-", "\\E[-\\s]\\Q"));
                }
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

    private static String withoutProductNames(String text, List<Product> products) {
        String out = text;
        for (Product p : products) {
            for (String k : p.keywords()) out = out.replaceAll("(?i)" + Pattern.quote(k), " ");
            for (String w : p.name().split("\\s+")) if (w.length() > 1 && Bilingual.han(w)) out = out.replace(w, " ");
        }
        return out;
    }

    /** The product a message is about by the rule the asked-product hook checks replies with; null when it names none. */
    private static Product named(String text, List<Product> products) {
        return ProductMentions.aboutProduct(text, products)
                .flatMap(id -> products.stream().filter(p -> p.id().equals(id)).findFirst()).orElse(null);
    }
}
