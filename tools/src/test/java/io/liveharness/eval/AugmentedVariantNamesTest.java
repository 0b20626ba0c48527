package io.liveharness.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.api.ViewerMessage;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.harness.Corrections;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.ToolSpec;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookRegistry;
import io.liveharness.hooks.HookSet;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.pipeline.ContextLoadStage;
import io.liveharness.pipeline.PromptAssemblyStage;
import io.liveharness.room.RoomRequest;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.room.RoomSnapshot;
import io.liveharness.router.Classification;
import io.liveharness.router.Intent;
import io.liveharness.tools.AfterSalesPolicyTool;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.CouponRulesTool;
import io.liveharness.tools.LocalTool;
import io.liveharness.tools.LogisticsInfoTool;
import io.liveharness.tools.Policies;
import io.liveharness.tools.ProductLookupTool;
import io.liveharness.tools.StockCheckTool;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On an augmented variant the model reads no base tool name and no base argument name: not in the
 * system prompt, the skills, the tool schemas, a hook's feedback, a correction, a tool's result or
 * a tool's error. A leaked base name would let a model that memorised the base harness score alike
 * on every variant, which is what augmentation is there to measure.
 */
class AugmentedVariantNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HarnessFiles BASE_FILES = HarnessFiles.fromDirectory(Path.of("harness/default"));
    private static final Harness BASE = HarnessLoader.load(BASE_FILES);
    private static final Catalog CATALOG = Catalog.load(Path.of("catalog/products.yaml"));
    private static final Policies POLICIES = Policies.load(Path.of("catalog/policies.yaml"));
    private static final List<RoomManifest> ROOMS = RoomManifests.load(Path.of("rooms"), CATALOG);
    private static final Map<String, LocalTool> VERTICLES = Map.of("product_lookup", new ProductLookupTool(CATALOG),
            "stock_check", new StockCheckTool(CATALOG), "coupon_rules", new CouponRulesTool(CATALOG, POLICIES),
            "logistics_info", new LogisticsInfoTool(CATALOG, POLICIES), "after_sales_policy", new AfterSalesPolicyTool(POLICIES));
    /** Calls in the verticles' own names: each good one, and ones each tool refuses. */
    private static final Map<String, List<String>> CALLS = Map.of(
            "product_lookup", List.of("{\"productId\":\"dress-101\"}", "{}", "{\"productId\":5}", "{\"productId\":\"nope\"}"),
            "stock_check", List.of("{\"productId\":\"dress-101\",\"size\":\"M\",\"color\":\"black\"}", "{}", "{\"productId\":\"dress-101\",\"size\":5}"),
            "coupon_rules", List.of("{\"productId\":\"earbuds-201\"}", "{}", "{\"productId\":5}"),
            "logistics_info", List.of("{\"productId\":\"snack-301\",\"region\":\"新疆\"}", "{\"region\":5}"),
            "after_sales_policy", List.of("{\"topic\":\"warranty\"}", "{}", "{\"topic\":\"bogus\"}"));
    /** Replies and calls that make the hooks block, so their feedback is read. */
    private static final List<String> BAD_REPLIES = List.of("这条裙子只要¥99!", "还剩5件", "明天就到", "", "加微信 shop8888",
            "全网最低", "能治愈", "x".repeat(400));

    @Test
    void noBaseToolOrArgumentNameReachesWhatTheModelReadsOnAVariant() throws Exception {
        Pattern leak = baseNames();
        Set<String> leaks = new LinkedHashSet<>();
        for (long seed : List.of(1L, 2L, 3L, 11L)) {
            for (var v : HarnessAugmenter.variants(BASE_FILES, 3, seed)) {
                for (String text : modelReads(HarnessLoader.load(v.files()))) {
                    Matcher m = leak.matcher(text);
                    if (m.find()) leaks.add("'" + (m.group(1) != null ? m.group(1) : m.group(2)) + "' in: " + text.replace('\n', ' '));
                }
            }
        }
        assertTrue(leaks.isEmpty(), leaks.size() + " model-visible texts show a base name, e.g.\n"
                + String.join("\n", leaks.stream().limit(12).toList()));
    }

    /** The held-out variant made by hand with pinyin names (eval/heldout) leaks no base name either. */
    @Test
    void theHandMadePinyinVariantShowsNoBaseName() throws Exception {
        Pattern leak = baseNames();
        List<String> leaks = modelReads(HarnessLoader.load(HarnessFiles.fromDirectory(Path.of("eval/heldout/harness-a")))).stream()
                .filter(t -> leak.matcher(t).find()).map(t -> t.replace('\n', ' ')).toList();
        assertTrue(leaks.isEmpty(), leaks.size() + " texts of heldout-a show a base name, e.g.\n" + String.join("\n", leaks.stream().limit(6).toList()));
    }

    @Test
    void theLeakCheckSeesTheBaseHarnessSpeakItsOwnNames() throws Exception {
        Pattern leak = baseNames();
        long shown = modelReads(BASE).stream().filter(t -> leak.matcher(t).find()).count();
        assertTrue(shown > 10, "the base's own texts name its tools and arguments: " + shown);
    }

    /**
     * A base name as the model would see it used as a name: a tool or identifier-like argument
     * name anywhere as a whole word; a plain-word argument name (size, topic) only where it is
     * marked as one, a JSON key or a quoted or backticked name, since "size" in a sentence is English.
     */
    private static Pattern baseNames() {
        Set<String> identifiers = new LinkedHashSet<>(), words = new LinkedHashSet<>();
        for (ToolSpec t : BASE.tools()) {
            identifiers.add(t.name());
            try {
                JSON.readTree(t.parametersSchemaJson()).path("properties").fieldNames().forEachRemaining(a ->
                        (a.matches("[a-z]+") ? words : identifiers).add(a));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        String id = String.join("|", identifiers.stream().map(Pattern::quote).toList());
        String word = String.join("|", words.stream().map(Pattern::quote).toList());
        return Pattern.compile("(?<![A-Za-z0-9_])(" + id + ")(?![A-Za-z0-9_])|[\"'`](" + word + ")[\"'`]");
    }

    /** Every text the model of a room on this harness may read. */
    private static List<String> modelReads(Harness h) throws Exception {
        List<String> out = new ArrayList<>();
        // P and S: the system prompt of every room for every intent, with the active skill and its tools
        for (RoomManifest room : ROOMS) {
            for (Intent intent : Intent.values()) {
                RoomRequest request = new RoomRequest(new ViewerMessage(room.id(), "m", "u", "有M码吗", 0),
                        new Classification(intent, 0.9), room, RoomSnapshot.fresh(room), h, Long.MAX_VALUE);
                var skill = h.skillFor(intent);
                var tools = h.tools().stream().filter(t -> skill.map(s -> s.allowedTools().contains(t.name())).orElse(false)).toList();
                new PromptAssemblyStage().assemble(request, new ContextLoadStage(CATALOG, io.liveharness.tools.Policies.load(Path.of("catalog/policies.yaml"))).load(request), skill, tools)
                        .messages().forEach(m -> out.add(m.content()));
            }
        }
        h.skills().forEach(s -> out.add(s.name() + "\n" + s.description() + "\n" + s.body()));
        // T: each tool's schema, its results and its errors as the model reads them
        List<String> visibleTools = h.tools().stream().map(ToolSpec::name).toList();
        for (ToolSpec t : h.tools()) {
            out.add(t.name() + "\n" + t.description() + "\n" + t.parametersSchemaJson());
            for (String call : CALLS.get(t.handler())) {
                ToolResult r = VERTICLES.get(t.handler()).call(new ToolCall("r", t.handler(), t.handlerArguments(inModelNames(t, call))));
                out.add(r.ok() ? t.modelResult(r.contentJson()) : t.modelError(r.error()));
            }
        }
        // K: every block a hook words to the model, and the corrections wrapped around them
        HookSet hooks = HookRegistry.load().compile("v", h.hooks(), HookEnvironment.of(h));
        for (var bound : hooks.all()) {
            List<HookContext> contexts = new ArrayList<>();
            for (String reply : BAD_REPLIES) {
                contexts.add(HookContext.output("r", Intent.PRODUCT_QA, "多少钱", reply, List.of(), List.of()));
                contexts.add(HookContext.stop("r", Intent.PRODUCT_QA, "多少钱", reply, List.of(), List.of()));
            }
            for (ToolSpec t : h.tools()) {
                for (String args : List.of("{}", "{\"bogus\":1}", "not json")) {
                    contexts.add(HookContext.preTool("r", Intent.PRODUCT_QA, "多少钱", t.name(), args, List.of(), List.of()));
                }
                contexts.add(HookContext.postTool("r", Intent.PRODUCT_QA, "多少钱", t.name(), "{}", "\"" + "x".repeat(3000) + "\"", List.of(), List.of()));
            }
            for (HookContext c : contexts) {
                if (c.point() != bound.spec().at()) continue;
                HookVerdict verdict = bound.hook().check(c);
                if (verdict.decision() == HookVerdict.Decision.BLOCK) out.add(bound.spec().worded(verdict.reason()));
            }
        }
        Corrections c = h.corrections();
        out.addAll(List.of(c.stopBlocked("R"), c.toolWithheld("R"), c.toolFailed("R"), c.replyBlocked("R"),
                c.toolUnavailable("no_such_tool", visibleTools)));
        assertEquals(h.tools().size(), visibleTools.size());
        return out;
    }

    /** The arguments as the model writes them for this tool: the handler's names mapped back. */
    private static String inModelNames(ToolSpec tool, String canonical) throws Exception {
        Map<String, String> back = new LinkedHashMap<>();
        tool.argumentNames().forEach((model, handler) -> back.put(handler, model));
        ObjectNode out = JSON.createObjectNode();
        JSON.readTree(canonical).fields().forEachRemaining(e -> out.set(back.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
        return out.toString();
    }
}
