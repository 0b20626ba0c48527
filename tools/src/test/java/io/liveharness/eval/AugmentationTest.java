package io.liveharness.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.rubric.CheckResult;
import io.liveharness.eval.rubric.RubricChecks;
import io.liveharness.eval.run.Transcript;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.PromptSection;
import io.liveharness.harness.Skill;
import io.liveharness.harness.ToolSpec;
import io.liveharness.harness.HookSpec;
import io.liveharness.router.Intent;
import io.liveharness.tools.AfterSalesPolicyTool;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.CouponRulesTool;
import io.liveharness.tools.LocalTool;
import io.liveharness.tools.LogisticsInfoTool;
import io.liveharness.tools.Policies;
import io.liveharness.tools.ProductLookupTool;
import io.liveharness.tools.StockCheckTool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each augmentation, alone and all together, keeps the task: the variant validates, every intent
 * gets a skill with the same tools (by verticle), priority and fallback, every tool reaches its
 * verticle and gets the same answer for the same arguments, the prompt has the same sections with
 * stable ones first, the hooks decide the same, and the dev set's rubrics still mean the same.
 */
class AugmentationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HarnessFiles BASE_FILES = HarnessFiles.fromDirectory(Path.of("harness/default"));
    private static final Harness BASE = HarnessLoader.load(BASE_FILES);
    private static final Catalog CATALOG = Catalog.load(Path.of("catalog/products.yaml"));
    private static final Policies POLICIES = Policies.load(Path.of("catalog/policies.yaml"));
    private static final Map<String, LocalTool> VERTICLES = Map.of("product_lookup", new ProductLookupTool(CATALOG),
            "stock_check", new StockCheckTool(CATALOG), "coupon_rules", new CouponRulesTool(CATALOG, POLICIES),
            "logistics_info", new LogisticsInfoTool(CATALOG, POLICIES), "after_sales_policy", new AfterSalesPolicyTool(POLICIES));
    /** Arguments in the verticles' own names, one call per tool. */
    private static final Map<String, String> SAMPLE_ARGS = Map.of("product_lookup", "{\"productId\":\"dress-101\"}",
            "stock_check", "{\"productId\":\"dress-101\",\"size\":\"M\",\"color\":\"black\"}", "coupon_rules", "{\"productId\":\"earbuds-201\"}",
            "logistics_info", "{\"productId\":\"snack-301\",\"region\":\"新疆\"}", "after_sales_policy", "{\"topic\":\"warranty\"}");

    static List<Transformation> transformations() { return Transformations.all(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transformations")
    void eachTransformationAloneChangesTheSurfaceAndKeepsTheTask(Transformation t) throws Exception {
        for (long seed : List.of(1L, 2L, 3L)) {
            var v = HarnessAugmenter.variants(BASE_FILES, 1, seed, List.of(t)).getFirst();
            Harness variant = HarnessLoader.load(v.files());
            assertNotEquals(BASE_FILES.hash(), v.files().hash());
            assertTaskPreserved(variant, t.name() + " seed " + seed);
        }
    }

    @Test
    void allTransformationsTogetherKeepTheTaskAndVariantsDifferFromEachOther() throws Exception {
        var variants = HarnessAugmenter.variants(BASE_FILES, 4, 11);
        Set<String> hashes = new TreeSet<>();
        for (var v : variants) {
            assertTaskPreserved(HarnessLoader.load(v.files()), "variant " + v.index());
            hashes.add(v.files().hash());
        }
        assertEquals(4, hashes.size());
        assertEquals(variants.getLast().files().hash(), HarnessAugmenter.variants(BASE_FILES, 4, 11).getLast().files().hash(), "seeded");
    }

    @Test
    void rewordingHookFeedbackAlsoRewordsThePipelinesCorrectionsAroundTheSameReason() {
        Set<String> stops = new TreeSet<>();
        for (var v : HarnessAugmenter.variants(BASE_FILES, 6, 5, List.of(new Transformations.RewordHookFeedback()))) {
            String said = HarnessLoader.load(v.files()).corrections().stopBlocked("call the tool first");
            assertTrue(said.contains("call the tool first"), said);
            stops.add(said);
        }
        assertTrue(stops.size() > 1, "the same words on every variant: " + stops);
    }

    private static void assertTaskPreserved(Harness variant, String what) throws Exception {
        // S: every intent is served by a skill doing the same job with the same tools
        for (Intent intent : Intent.values()) {
            var a = BASE.skillFor(intent);
            var b = variant.skillFor(intent);
            assertEquals(a.isPresent(), b.isPresent(), what + ": " + intent);
            if (a.isEmpty()) continue;
            assertEquals(a.get().priority(), b.get().priority(), what);
            assertEquals(a.get().fallback(), b.get().fallback(), what);
            assertEquals(a.get().intents(), b.get().intents(), what);
            assertEquals(handlers(BASE, a.get()), handlers(variant, b.get()), what + ": tools of " + b.get().name());
        }
        // T: every tool resolves to its verticle, which answers the same call the same way
        assertEquals(BASE.tools().stream().map(ToolSpec::handler).collect(Collectors.toSet()),
                variant.tools().stream().map(ToolSpec::handler).collect(Collectors.toSet()), what);
        for (ToolSpec tool : variant.tools()) {
            LocalTool verticle = VERTICLES.get(tool.handler());
            assertTrue(verticle != null, what + ": tool " + tool.name() + " has no verticle " + tool.handler());
            String canonical = SAMPLE_ARGS.get(tool.handler());
            String asModelWrites = inModelNames(tool, canonical);
            ToolResult direct = verticle.call(new ToolCall("r", tool.handler(), canonical));
            ToolResult throughVariant = verticle.call(new ToolCall("r", tool.name(), tool.handlerArguments(asModelWrites)));
            assertTrue(direct.ok(), direct.error());
            assertEquals(direct.contentJson(), throughVariant.contentJson(), what + ": " + tool.name());
            ToolSpec base = BASE.tools().stream().filter(x -> x.handler().equals(tool.handler())).findFirst().orElseThrow();
            assertEquals(schemaInHandlerNames(BASE, base), schemaInHandlerNames(variant, tool), what + ": schema of " + tool.name());
        }
        // P: the same sections, stable first
        assertEquals(BASE.prompt().sections().stream().map(PromptSection::name).collect(Collectors.toSet()),
                variant.prompt().sections().stream().map(PromptSection::name).collect(Collectors.toSet()), what);
        assertEquals(BASE.prompt().sections().stream().filter(PromptSection::stable).map(PromptSection::name).collect(Collectors.toSet()),
                variant.prompt().sections().stream().filter(PromptSection::stable).map(PromptSection::name).collect(Collectors.toSet()), what);
        assertEquals(BASE.prompt().tokenBudget(), variant.prompt().tokenBudget(), what);
        // K: the same hooks deciding the same
        assertEquals(BASE.hooks().stream().map(s -> decisionPart(BASE, s)).toList(),
                variant.hooks().stream().map(s -> decisionPart(variant, s)).toList(), what);
        // the dev set's rubrics keep their meaning on the variant
        for (DevCase c : DevSet.read(Path.of("eval/dev/demo.jsonl"))) {
            Intent intent = Intent.fromLabel(c.intent());
            Set<String> offered = variant.skillFor(intent).map(s -> handlers(variant, s)).orElse(Set.of());
            for (String tool : c.rubric().requireTools()) assertTrue(offered.contains(tool), what + ": " + c.id() + " needs " + tool);
            for (var e : c.rubric().toolArgs().entrySet()) {
                ToolSpec t = variant.tools().stream().filter(x -> x.handler().equals(e.getKey())).findFirst().orElseThrow();
                for (String arg : e.getValue().keySet()) {
                    assertTrue(schemaInHandlerNames(variant, t).path("properties").has(arg), what + ": " + c.id() + " argument " + arg);
                }
            }
        }
        assertRubricScoresAlike(variant, what);
    }

    /** A call written in the variant's names scores as the same call written in the base's. */
    private static void assertRubricScoresAlike(Harness variant, String what) throws Exception {
        DevCase c = new DevCase("t", "dress-room", "after_sales", "zh", "怎么退货?", "dress-101", null, List.of(),
                new io.liveharness.eval.devset.Rubric(List.of("7"), List.of("after_sales_policy"), null,
                        Map.of("after_sales_policy", Map.of("topic", "returns")), null, null, null));
        ToolSpec base = BASE.tool("after_sales_policy").orElseThrow();
        ToolSpec renamed = variant.tools().stream().filter(x -> x.handler().equals("after_sales_policy")).findFirst().orElseThrow();
        String canonical = "{\"topic\":\"returns\"}";
        List<String> a = statuses(c, base, canonical, base.handlerArguments(canonical));
        String modelArgs = inModelNames(renamed, canonical);
        List<String> b = statuses(c, renamed, modelArgs, renamed.handlerArguments(modelArgs));
        assertEquals(a, b, what);
        assertTrue(a.stream().noneMatch(s -> s.endsWith(CheckResult.FAIL)), what + ": " + a);
    }

    /** The policy the call returns: the "7天" the reply says must be backed by the turn's facts. */
    private static final String RETURNS_POLICY = "{\"topic\":\"returns\",\"policy\":\"7天无理由退货, 吊牌完好\"}";

    private static List<String> statuses(DevCase c, ToolSpec tool, String args, String handlerArgs) {
        Transcript t = new Transcript("t", "dress-room", "v", c.text(), "after_sales", 1, Transcript.MODEL, null, "7天无理由退货哦",
                List.of(), List.of(new Transcript.ToolCallRecord(tool.name(), tool.handler(), args, handlerArgs, true, RETURNS_POLICY, null)),
                List.of(), List.of(RETURNS_POLICY), Map.of(), List.of());
        return RubricChecks.run(c, t).stream().map(r -> r.check() + "=" + r.status()).toList();
    }

    private static Set<String> handlers(Harness h, Skill s) {
        return s.allowedTools().stream().map(n -> h.tool(n).map(ToolSpec::handler).orElse(n)).collect(Collectors.toSet());
    }

    /** The arguments as the model would write them for this tool: the handler's names mapped back. */
    private static String inModelNames(ToolSpec tool, String canonical) throws Exception {
        Map<String, String> back = new HashMap<>();
        tool.argumentNames().forEach((model, handler) -> back.put(handler, model));
        ObjectNode out = JSON.createObjectNode();
        JSON.readTree(canonical).fields().forEachRemaining(e -> out.set(back.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
        return out.toString();
    }

    /** A tool's schema with its argument names as the handler takes them and no descriptions or order: what it accepts. */
    private static JsonNode schemaInHandlerNames(Harness h, ToolSpec tool) throws Exception {
        ObjectNode schema = (ObjectNode) JSON.readTree(tool.parametersSchemaJson());
        ObjectNode props = JSON.createObjectNode();
        new TreeSet<String>() {{ schema.path("properties").fieldNames().forEachRemaining(this::add); }}.forEach(k -> {
            ObjectNode p = ((ObjectNode) schema.path("properties").get(k)).deepCopy();
            p.remove("description");
            props.set(tool.argumentNames().getOrDefault(k, k), p);
        });
        ObjectNode out = JSON.createObjectNode();
        out.put("type", schema.path("type").asText());
        ObjectNode sorted = JSON.createObjectNode();
        new TreeSet<>(iter(props)).forEach(k -> sorted.set(k, props.get(k)));
        out.set("properties", sorted);
        TreeSet<String> required = new TreeSet<>();
        schema.path("required").forEach(r -> required.add(tool.argumentNames().getOrDefault(r.asText(), r.asText())));
        out.put("required", String.join(",", required));
        out.put("additionalProperties", schema.path("additionalProperties").toString());
        return out;
    }

    private static List<String> iter(ObjectNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /**
     * What a hook decides with: type, point, parameters, timeout, failure policy (not its feedback
     * wording); a parameter naming a tool counts by the tool's verticle, as a renamed tool is the same tool.
     */
    private static String decisionPart(Harness h, HookSpec s) {
        java.util.TreeMap<String, Object> params = new java.util.TreeMap<>(s.params());
        params.replaceAll((k, v) -> v instanceof String name ? h.tool(name).map(ToolSpec::handler).map(x -> (Object) ("tool:" + x)).orElse(v) : v);
        return s.type() + "@" + s.at() + " " + params + " " + s.timeoutMs() + " " + s.onFailure();
    }
}
