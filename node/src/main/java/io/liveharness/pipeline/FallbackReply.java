package io.liveharness.pipeline;

import io.liveharness.harness.Skill;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
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
 */
public final class FallbackReply {
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");
    /** A clause of a template: up to and with its punctuation and the spaces after it. */
    private static final Pattern CLAUSE = Pattern.compile("[^,，;；.。!！?？]*(?:[,，;；.。!！?？]+\\s*|$)");
    private static final String GENERIC = "{name}: ¥{price}. 点{actionLinkId}看看哦";

    public static String build(Optional<Skill> skill, Product product) {
        if (product == null) return "主播马上回答你哦, 稍等一下~";
        String template = skill.map(Skill::fallback).filter(t -> !t.isBlank()).orElse(GENERIC);
        Map<String, String> fields = new HashMap<>();
        fields.put("id", product.id());
        fields.put("name", product.name());
        fields.put("price", BigDecimal.valueOf(product.price()).stripTrailingZeros().toPlainString());
        fields.put("stock", String.valueOf(product.stock()));
        fields.put("sizes", String.join("/", product.sizes()));
        fields.put("colors", String.join("/", product.colors()));
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
