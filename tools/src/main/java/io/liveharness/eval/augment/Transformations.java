package io.liveharness.eval.augment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.augment.HarnessEdit.SkillText;
import io.liveharness.harness.Corrections;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The transformations of Harness-State Augmentation, each one surface of h = (S, T, P, K). None
 * changes what the harness does: the skills serve the same intents with the same tools, fallbacks
 * and priorities; every tool reaches the same verticle with the same arguments (a renamed tool
 * keeps its {@code handler}, a renamed argument its {@code argumentNames} entry); the prompt has
 * the same sections, stable ones still first; the hooks decide the same, only their words to the
 * model differ.
 */
public final class Transformations {

    public static List<Transformation> all() {
        return List.of(new RenameSkills(), new RewordSkillDescriptions(), new ReorderSkillBodies(), new RenameTools(),
                new RenameArguments(), new ReshapeSchemas(), new ReorderPromptSections(), new RewordHookFeedback());
    }

    // --- S: skills --------------------------------------------------------------------------------

    private static final Map<String, List<String>> SKILL_WORDS = Map.ofEntries(
            Map.entry("product", List.of("item", "goods", "merch")), Map.entry("qa", List.of("questions", "answers", "help")),
            Map.entry("after", List.of("post")), Map.entry("sales", List.of("purchase", "order")),
            Map.entry("chitchat", List.of("small-talk", "greetings", "banter")), Map.entry("logistics", List.of("shipping", "delivery")),
            Map.entry("promotions", List.of("deals", "offers", "discounts")));

    /** Skill identifiers: folder and {@code name} reworded word by word (product-qa → item-questions). */
    public record RenameSkills() implements Transformation {
        public String name() { return "rename-skills"; }
        public String description() { return "skill identifiers reworded (folder and name); intents, tools, priority and fallback unchanged"; }
        public void apply(HarnessEdit h, Random random) {
            List<String> taken = new ArrayList<>();
            for (String path : h.paths("skills/", "/SKILL.md")) {
                String old = path.split("/")[1];
                List<String> words = new ArrayList<>();
                for (String w : old.split("-")) words.add(HarnessEdit.synonym(SKILL_WORDS, w, random));
                String fresh = String.join("-", words);
                if (taken.contains(fresh) || fresh.length() > 60) fresh = "skill-" + (taken.size() + 1);
                taken.add(fresh);
                for (String p : h.paths("skills/" + old + "/", "")) h.move(p, p.replaceFirst("^skills/" + Pattern.quote(old) + "/", "skills/" + fresh + "/"));
                String skill = "skills/" + fresh + "/SKILL.md";
                h.put(skill, SkillText.of(h.text(skill)).withField("name", fresh).text());
                h.note("skill " + old + " -> " + fresh);
            }
        }
    }

    private static final List<String[]> DESCRIPTION_PHRASES = List.of(
            new String[]{"Use it for", "Pick it for", "Choose this skill for", "It is the skill for"},
            new String[]{"Answers", "Responds to", "Replies to"}, new String[]{"Handles", "Deals with", "Takes care of"},
            new String[]{"Explains", "Describes", "Spells out"}, new String[]{"Greets", "Welcomes"},
            new String[]{"viewers'", "the audience's"}, new String[]{"briefly", "in few words"}, new String[]{"anything", "everything"});

    /** Skill descriptions: phrases swapped for synonyms and the sentences put in another order. */
    public record RewordSkillDescriptions() implements Transformation {
        public String name() { return "reword-skill-descriptions"; }
        public String description() { return "skill descriptions reworded (synonym phrases, sentence order); what each says a skill is for is unchanged"; }
        public void apply(HarnessEdit h, Random random) {
            for (String path : h.paths("skills/", "/SKILL.md")) {
                SkillText s = SkillText.of(h.text(path));
                String d = s.field("description");
                for (String[] p : DESCRIPTION_PHRASES) d = d.replace(p[0], p[1 + random.nextInt(p.length - 1)]);
                List<String> sentences = new ArrayList<>(List.of(d.split("(?<=\\.)\\s+")));
                Collections.shuffle(sentences, random);
                h.put(path, s.withField("description", String.join(" ", sentences)).text());
            }
        }
    }

    /**
     * Skill bodies: their sections put in another order. Sections are the {@code ##} sections when
     * a body has them, else its blank-line-separated blocks after the title; a numbered list is one
     * block, so the order of its steps is kept.
     */
    public record ReorderSkillBodies() implements Transformation {
        public String name() { return "reorder-skill-bodies"; }
        public String description() { return "skill body sections reordered (## sections, else blocks after the title); numbered steps keep their order"; }
        public void apply(HarnessEdit h, Random random) {
            for (String path : h.paths("skills/", "/SKILL.md")) {
                SkillText s = SkillText.of(h.text(path));
                String body = s.body().strip();
                String title = "";
                if (body.startsWith("# ")) {
                    int nl = body.indexOf('\n');
                    title = nl < 0 ? body : body.substring(0, nl);
                    body = nl < 0 ? "" : body.substring(nl + 1).strip();
                }
                List<String> sections = new ArrayList<>(List.of(body.contains("\n## ") || body.startsWith("## ")
                        ? body.split("(?m)(?=^## )") : body.split("\n\\s*\n")));
                sections.replaceAll(String::strip);
                sections.removeIf(String::isEmpty);
                Collections.shuffle(sections, random);
                h.put(path, s.withBody((title.isEmpty() ? "" : title + "\n\n") + String.join("\n\n", sections) + "\n").text());
            }
        }
    }

    // --- T: tools ---------------------------------------------------------------------------------

    private static final Map<String, List<String>> TOOL_NAMES = Map.of(
            "product_lookup", List.of("get_product", "lookup_item", "product_info", "fetchProduct"),
            "stock_check", List.of("check_inventory", "inventory_lookup", "getStock", "stock_status"),
            "coupon_rules", List.of("list_coupons", "coupon_lookup", "getCoupons", "discount_rules"),
            "logistics_info", List.of("shipping_info", "delivery_rules", "getShipping", "courier_info"),
            "after_sales_policy", List.of("return_policy", "service_policy", "getAfterSalesRule", "aftercare_rules"));

    /** Tool names: renamed in the tool, the skills' allowed-tools, bodies and hooks; {@code handler} keeps the verticle. */
    public record RenameTools() implements Transformation {
        public String name() { return "rename-tools"; }
        public String description() { return "tool names renamed everywhere the model or a hook reads them; each tool's handler still names its verticle"; }
        public void apply(HarnessEdit h, Random random) {
            for (String path : h.paths("tools/", ".json")) {
                ObjectNode tool = h.json(path);
                String old = tool.path("name").asText();
                String fresh = TOOL_NAMES.containsKey(old) ? HarnessEdit.pick(TOOL_NAMES.get(old), random) : old + "_v" + random.nextInt(100);
                if (!tool.has("handler")) tool.put("handler", old);
                tool.put("name", fresh);
                h.json(path, tool);
                h.move(path, "tools/" + fresh + ".json");
                h.renameEverywhere(old, fresh);
                h.note("tool " + old + " -> " + fresh + " (handler " + tool.get("handler").asText() + ")");
            }
        }
    }

    private static final Map<String, List<String>> ARGUMENT_NAMES = Map.of(
            "productId", List.of("product_id", "itemId", "sku", "goods_id"), "size", List.of("size_label", "sizeCode", "fit"),
            "color", List.of("colour", "colorName", "shade"), "region", List.of("destination", "province", "area"),
            "topic", List.of("subject", "kind", "policy_topic"));

    /** Argument names: renamed in the schema (and its {@code required}); {@code argumentNames} maps them back for the handler. */
    public record RenameArguments() implements Transformation {
        public String name() { return "rename-arguments"; }
        public String description() { return "tool argument names renamed in the schema; argumentNames maps each back to the name its verticle takes"; }
        public void apply(HarnessEdit h, Random random) {
            for (String path : h.paths("tools/", ".json")) {
                ObjectNode tool = h.json(path);
                ObjectNode params = (ObjectNode) tool.get("parameters");
                ObjectNode props = (ObjectNode) params.get("properties");
                if (props == null || props.isEmpty()) continue;
                ObjectNode oldMap = tool.has("argumentNames") ? (ObjectNode) tool.get("argumentNames") : tool.objectNode();
                ObjectNode renamed = props.objectNode();
                ObjectNode map = tool.objectNode();
                Map<String, String> names = new LinkedHashMap<>();
                props.fields().forEachRemaining(e -> {
                    String fresh = ARGUMENT_NAMES.containsKey(e.getKey()) ? HarnessEdit.pick(ARGUMENT_NAMES.get(e.getKey()), random) : e.getKey() + "_arg";
                    names.put(e.getKey(), fresh);
                    renamed.set(fresh, e.getValue());
                    map.put(fresh, oldMap.path(e.getKey()).asText(e.getKey()));
                });
                params.set("properties", renamed);
                if (params.has("required")) {
                    ArrayNode req = params.arrayNode();
                    params.get("required").forEach(r -> req.add(names.getOrDefault(r.asText(), r.asText())));
                    params.set("required", req);
                }
                tool.set("argumentNames", map);
                h.json(path, tool);
            }
        }
    }

    private static final List<String[]> SCHEMA_PHRASES = List.of(
            new String[]{"Looks up", "Fetches", "Reads"}, new String[]{"The shop's", "This shop's"}, new String[]{"Units in stock now", "Current stock count"},
            new String[]{"give a region to check it", "pass a region to check that region"}, new String[]{"e.g.", "for example"},
            new String[]{"The coupons", "Coupons"}, new String[]{"The product id", "Id of the product"});

    /** JSON Schema: property order and the tool's key order shuffled, descriptions reworded. */
    public record ReshapeSchemas() implements Transformation {
        public String name() { return "reshape-schemas"; }
        public String description() { return "JSON Schema property order and tool key order shuffled, tool and property descriptions reworded; same types, enums and required fields"; }
        public void apply(HarnessEdit h, Random random) {
            for (String path : h.paths("tools/", ".json")) {
                ObjectNode tool = h.json(path);
                tool.put("description", reword(tool.path("description").asText(), random));
                ObjectNode params = (ObjectNode) tool.get("parameters");
                ObjectNode props = (ObjectNode) params.get("properties");
                if (props != null) {
                    List<String> keys = new ArrayList<>();
                    props.fieldNames().forEachRemaining(keys::add);
                    Collections.shuffle(keys, random);
                    ObjectNode shuffled = props.objectNode();
                    for (String k : keys) {
                        JsonNode p = props.get(k);
                        if (p instanceof ObjectNode o && o.has("description")) o.put("description", reword(o.get("description").asText(), random));
                        shuffled.set(k, p);
                    }
                    params.set("properties", shuffled);
                }
                List<String> top = new ArrayList<>();
                tool.fieldNames().forEachRemaining(top::add);
                Collections.shuffle(top, random);
                ObjectNode out = tool.objectNode();
                top.forEach(k -> out.set(k, tool.get(k)));
                h.json(path, out);
            }
        }

        private static String reword(String s, Random random) {
            for (String[] p : SCHEMA_PHRASES) s = s.replace(p[0], p[1 + random.nextInt(p.length - 1)]);
            return s;
        }
    }

    // --- P: prompt --------------------------------------------------------------------------------

    private static final Map<String, List<String>> HEADINGS = Map.of(
            "## Rules", List.of("## Shop rules", "## What you must follow", "## Constraints"),
            "## Skills", List.of("## Your skills", "## Available skills", "## Behaviours"),
            "## Products", List.of("## Product data", "## What this room sells", "## Catalog"),
            "## Tools", List.of("## Tools you can call", "## Available tools", "## Functions"),
            "## How to answer this message", List.of("## Active skill", "## For this message", "## Your instructions now"),
            "## Room now", List.of("## Live room state", "## Right now in the room", "## Room status"),
            "## Shop FAQ", List.of("## FAQ", "## Frequent questions", "## Known answers"));

    /**
     * Prompt structure: the sections reordered within what the pipeline allows (stable among
     * stable, volatile among volatile, stable still first) and their headings reworded.
     */
    public record ReorderPromptSections() implements Transformation {
        public String name() { return "reorder-prompt-sections"; }
        public String description() { return "prompt sections reordered, stable among stable and volatile among volatile (stable still first), headings reworded"; }
        public void apply(HarnessEdit h, Random random) {
            ObjectNode manifest = h.manifest();
            ArrayNode sections = (ArrayNode) manifest.path("prompt").path("sections");
            List<JsonNode> stable = new ArrayList<>(), moving = new ArrayList<>();
            sections.forEach(s -> (s.path("stable").asBoolean(false) ? stable : moving).add(s));
            Collections.shuffle(stable, random);
            Collections.shuffle(moving, random);
            sections.removeAll();
            stable.forEach(sections::add);
            moving.forEach(sections::add);
            h.manifest(manifest);
            for (String path : h.paths("prompts/", ".md")) {
                String text = h.text(path);
                for (var e : HEADINGS.entrySet()) {
                    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(e.getKey()) + "$").matcher(text);
                    if (m.find()) text = m.replaceFirst(Matcher.quoteReplacement(HarnessEdit.pick(e.getValue(), random)));
                }
                h.put(path, text);
            }
        }
    }

    // --- K: hooks ---------------------------------------------------------------------------------

    private static final List<String> FEEDBACK = List.of("{reason}", "Rejected: {reason}", "Please fix this: {reason}",
            "Check failed ({reason}); try again", "规则不允许: {reason}", "Not allowed because {reason}");

    /** Ways to word each of the pipeline's corrections, with the placeholders each must keep. */
    private static final Map<Corrections.Kind, List<String>> CORRECTIONS = Map.of(
            Corrections.Kind.STOP_BLOCKED, List.of("Not yet: {reason}", "Before you finish: {reason}", "Keep going, {reason}", "还不能结束: {reason}"),
            Corrections.Kind.TOOL_WITHHELD, List.of("the tool's result was withheld: {reason}", "Result hidden ({reason})",
                    "This result cannot be shown: {reason}", "结果不可用: {reason}"),
            Corrections.Kind.TOOL_FAILED, List.of("tool call failed: {reason}", "The call did not go through: {reason}",
                    "Error from the tool: {reason}", "调用失败: {reason}"),
            Corrections.Kind.TOOL_UNAVAILABLE, List.of("tool '{tool}' is not available here; available: {available}",
                    "There is no tool {tool}. You can use: {available}", "'{tool}' is not one of your tools ({available})",
                    "没有工具 {tool}, 可用: {available}"),
            Corrections.Kind.REPLY_BLOCKED, List.of("Your reply was not allowed: {reason}. Answer the question again, following the rules.",
                    "That reply broke a rule ({reason}). Please answer again.", "Rejected: {reason}. Give another answer.",
                    "回复不合规: {reason}. 请重新回答."));

    /**
     * Hook feedback: how each block is worded to the model ({@code feedback}), and the corrections
     * the pipeline wraps around blocks and tool failures ({@code corrections}); the decisions stay the hooks'.
     */
    public record RewordHookFeedback() implements Transformation {
        public String name() { return "reword-hook-feedback"; }
        public String description() {
            return "hook feedback messages and the pipeline's corrections reworded (the words around each reason); every hook decides as before";
        }
        public void apply(HarnessEdit h, Random random) {
            ObjectNode manifest = h.manifest();
            for (JsonNode hook : manifest.path("hooks")) {
                String at = hook.path("at").asText();
                if (at.equals("input")) continue; // an input block is never read by the model
                ((ObjectNode) hook).put("feedback", HarnessEdit.pick(FEEDBACK, random));
            }
            ObjectNode corrections = manifest.objectNode();
            for (Corrections.Kind kind : Corrections.Kind.values()) corrections.put(kind.key(), HarnessEdit.pick(CORRECTIONS.get(kind), random));
            manifest.set("corrections", corrections);
            h.manifest(manifest);
        }
    }

    private Transformations() { }
}
