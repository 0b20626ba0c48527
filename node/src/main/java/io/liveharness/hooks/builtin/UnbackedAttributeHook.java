package io.liveharness.hooks.builtin;

import io.liveharness.claims.ProductMentions;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A material or a colour said of a product is one its facts give. Each of the hook's words that a
 * reply says must be, in one of its spellings, in the facts about the product the reply is about
 * (the product data in the prompt, the tool results; chosen as {@link UnbackedPromiseHook} chooses
 * them), so "铝合金外壳" is backed by "aluminium case" when the word is {@code 铝合金/aluminium}. A
 * word of the viewer's own message is left alone: "没有紫色哦" answers "有紫色吗?". Why: a small
 * model says the materials and colours it was trained on for products that have others
 * ("用料是牛仔布" of a chiffon dress), and nothing else on the path checks them.
 *
 * @param attribute what the words name, for the reason ("material", "colour")
 * @param words     each word's spellings, any language, matched as {@link ProductMentions} matches
 *                  keywords (Latin ones as whole words)
 * @param tool      the tool the reason tells the model to call, as the harness names it; null to name none
 */
public record UnbackedAttributeHook(String attribute, List<List<String>> words, String tool) implements FastHook {
    public static final String TYPE = "unbacked-attribute";

    public UnbackedAttributeHook {
        words = words.stream().map(w -> w.stream().map(ProductMentions::plain).toList()).toList();
    }

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        String said = ProductMentions.plain(reply);
        String asked = context.message() == null ? "" : ProductMentions.plain(context.message());
        List<String> facts = null;
        String about = null;
        for (List<String> word : words) {
            String spelling = firstIn(said, word);
            if (spelling == null || firstIn(asked, word) != null) continue;
            if (facts == null) {
                List<ProductMentions.Named> products = ProductMentions.inFacts(context.backedFacts());
                about = ProductMentions.subject(reply, context.message(), products);
                facts = ProductMentions.factsAbout(about, products, context.backedFacts()).stream().map(ProductMentions::plain).toList();
            }
            if (facts.stream().noneMatch(f -> firstIn(f, word) != null)) {
                return HookVerdict.block(TYPE, "the reply says '" + spelling + "'" + (about == null ? "" : " of " + about)
                        + " but no tool result or product data " + (about == null ? "this turn" : "about " + about) + " gives that " + attribute
                        + "; " + (tool == null ? "look it up" : "call " + tool) + " or leave the " + attribute + " out");
            }
        }
        return HookVerdict.allow(TYPE, reply);
    }

    /** The first of a word's spellings in {@code text} (both plain), or null. */
    private static String firstIn(String text, List<String> spellings) {
        for (String s : spellings) if (ProductMentions.contains(text, s)) return s;
        return null;
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        /** {@code params: {attribute: material, words: [雪纺/chiffon, 铝合金/aluminium, ...], tool: product_lookup}}. */
        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("attribute", "words", "tool");
            String attribute = p.string("attribute");
            List<List<String>> words = p.strings("words").stream().map(w -> Arrays.stream(w.split("/", -1)).map(String::strip).toList()).toList();
            for (List<String> w : words) {
                if (w.stream().anyMatch(String::isEmpty)) {
                    throw new IllegalArgumentException("parameter 'words' has '" + String.join("/", w) + "', a word with an empty spelling");
                }
            }
            return new UnbackedAttributeHook(attribute, words, p.toolName("tool", environment.toolSchemas().keySet()));
        }
    }
}
