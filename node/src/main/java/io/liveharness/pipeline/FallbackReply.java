package io.liveharness.pipeline;

import io.liveharness.harness.Skill;
import io.liveharness.tools.Product;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the room says when the model cannot answer in time or at all: the active skill's fallback
 * template filled from the catalog entry of the product on stage. Grounded by construction: every
 * fact in it comes from the catalog.
 */
public final class FallbackReply {
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");
    private static final String GENERIC = "{name}: ¥{price}. 点{actionLinkId}看看哦";

    public static String build(Optional<Skill> skill, Product product) {
        if (product == null) return "主播马上回答你哦, 稍等一下~";
        String template = skill.map(Skill::fallback).filter(t -> !t.isBlank()).orElse(GENERIC);
        Map<String, String> fields = Map.of(
                "id", product.id(),
                "name", Objects.toString(product.name(), "-"),
                "price", String.valueOf(product.price()),
                "stock", String.valueOf(product.stock()),
                "sizes", product.sizes().isEmpty() ? "-" : String.join("/", product.sizes()),
                "colors", product.colors().isEmpty() ? "-" : String.join("/", product.colors()),
                "material", Objects.toString(product.material(), "-"),
                "shipping", Objects.toString(product.shipping(), "-"),
                "returns", Objects.toString(product.returns(), "-"),
                "actionLinkId", Objects.toString(product.actionLinkId(), "-"));
        Matcher m = FIELD.matcher(template);
        return m.replaceAll(r -> Matcher.quoteReplacement(fields.getOrDefault(r.group(1), r.group())));
    }

    private FallbackReply() { }
}
