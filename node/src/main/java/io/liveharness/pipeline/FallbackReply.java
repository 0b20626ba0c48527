package io.liveharness.pipeline;

import io.liveharness.engine.ReplyScript;
import io.liveharness.harness.Skill;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the room says when the model cannot answer in time or at all: the active skill's fallback
 * template filled from the catalog entry of the product the question is about (the one it names,
 * else the one on stage). Grounded by construction: every fact in it comes from the catalog. A
 * clause of the template whose field the product leaves empty (the sizes of earbuds) is left out
 * rather than said as "尺码 -", and a price is said as the catalog gives it, 159 rather than 159.0.
 * It is said in the viewer's language: the skill's template for it ({@link Skill#fallbackIn}), and
 * a name or colour the catalog writes in both languages ("白色 white") in that one alone. Longer
 * fields (shipping, returns) stay as the catalog writes them, both languages where it gives both:
 * which of their clauses translates which cannot be told safely, and a fact is not dropped for it.
 */
public final class FallbackReply {
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");
    /** A clause of a template: up to and with its punctuation and the spaces after it. */
    private static final Pattern CLAUSE = Pattern.compile("[^,，;；.。!！?？]*(?:[,，;；.。!！?？]+\\s*|$)");
    private static final String ZH = "zh";
    private static final String EN = "en";
    private static final Map<String, String> GENERIC = Map.of(ZH, "{name}: ¥{price}. 点{actionLinkId}看看哦",
            EN, "{name}: ¥{price}. Tap {actionLinkId} to see it");
    private static final Map<String, String> NO_PRODUCT = Map.of(ZH, "主播马上回答你哦, 稍等一下~", EN, "The host will answer you in a moment!");

    /**
     * @param viewerText   the viewer's message: its script says which language the fallback speaks
     * @param roomLanguage the language when the message has neither Chinese characters nor Latin letters
     */
    public static String build(Optional<Skill> skill, Product product, String viewerText, String roomLanguage) {
        String language = language(viewerText, roomLanguage);
        if (product == null) return NO_PRODUCT.getOrDefault(language, NO_PRODUCT.get(ZH));
        String template = skill.map(s -> s.fallbackIn(language)).filter(t -> !t.isBlank())
                .orElse(GENERIC.getOrDefault(language, GENERIC.get(ZH)));
        Map<String, String> fields = new HashMap<>();
        fields.put("id", product.id());
        fields.put("name", inLanguage(product.name(), language));
        fields.put("price", BigDecimal.valueOf(product.price()).stripTrailingZeros().toPlainString());
        fields.put("stock", String.valueOf(product.stock()));
        fields.put("sizes", String.join("/", product.sizes()));
        fields.put("colors", String.join("/", product.colors().stream().map(c -> inLanguage(c, language)).toList()));
        fields.put("material", product.material());
        fields.put("shipping", product.shipping());
        fields.put("returns", product.returns());
        fields.put("actionLinkId", product.actionLinkId());
        StringBuilder said = new StringBuilder();
        Matcher clause = CLAUSE.matcher(template);
        while (clause.find() && !clause.group().isEmpty()) {
            String filled = fill(clause.group(), fields);
            if (filled != null) said.append(filled);
        }
        // a left-out last clause leaves its predecessor's comma and space behind
        return said.toString().replaceAll("[,，;；\\s]+$", "");
    }

    /** The viewer's language by the script of the message, as the reply's opening is held to it ({@link ReplyScript}); else the room's. */
    static String language(String text, String roomLanguage) {
        ReplyScript script = ReplyScript.ofViewer(text);
        return script == null ? roomLanguage : script == ReplyScript.HAN ? ZH : EN;
    }

    /**
     * A catalog value written Chinese first and then in English ("白色 white", "AirLite Pro 降噪蓝牙耳机
     * noise-cancelling earbuds") in one of the two: zh up to the first English word after the Chinese,
     * en without the words that have Chinese characters. Any other value, or language, as it is.
     */
    static String inLanguage(String value, String language) {
        if (value == null) return null;
        String[] words = value.trim().split("\\s+");
        int firstHan = -1;
        int translation = -1;
        for (int i = 0; i < words.length && translation < 0; i++) {
            if (words[i].codePoints().anyMatch(FallbackReply::han)) {
                if (firstHan < 0) firstHan = i;
            } else if (firstHan >= 0 && words[i].codePoints().anyMatch(c -> c < 128 && Character.isLetter(c))) {
                translation = i;
            }
        }
        if (translation < 0) return value;
        if (language.equals(ZH)) return String.join(" ", Arrays.copyOfRange(words, 0, translation));
        if (language.equals(EN)) return String.join(" ", Arrays.stream(words).filter(w -> w.codePoints().noneMatch(FallbackReply::han)).toList());
        return value;
    }

    private static boolean han(int codePoint) { return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN; }

    /** The clause with its fields filled, or null when one of them is empty for this product. */
    private static String fill(String clause, Map<String, String> fields) {
        Matcher m = FIELD.matcher(clause);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            if (!fields.containsKey(m.group(1))) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
                continue;
            }
            String value = fields.get(m.group(1));
            if (value == null || value.isBlank()) return null;
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private FallbackReply() { }
}
