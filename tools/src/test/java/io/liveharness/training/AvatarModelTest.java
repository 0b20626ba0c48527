package io.liveharness.training;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.Transcript;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.ToolSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed avatar model through the real pipeline (router, five stages, tool and hook
 * verticles, llama.cpp batcher), greedy, so each case has one answer: it calls the right tool
 * under the name the harness gives it, with the argument names that harness gives, on the default
 * harness and on a variant (seed 424242, never used for training data) that renames tools and
 * arguments (and on the robustness run's second variant of seed 7 for a reply's language), with
 * the argument's value copied from the prompt, and its reply states the fact the
 * tool returned. Only what the model does today is asserted; what it does not yet do is in its card.
 */
class AvatarModelTest {
    static final Path MODEL = Path.of("models/avatar/liveharness-avatar.gguf");
    static EvalRig rig;
    static Harness base, variant, heldOut;
    static Map<String, DevCase> cases;

    @BeforeAll
    static void open() {
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        HarnessFiles files = HarnessFiles.fromDirectory(Path.of("harness/default"));
        base = HarnessLoader.load(files);
        variant = HarnessLoader.load(HarnessAugmenter.variants(files, 1, 424242).getFirst().files());
        heldOut = HarnessLoader.load(HarnessAugmenter.variants(files, 2, 7).get(1).files());
        var engine = EvalModels.engine(config, MODEL.toString(), null, null, null);
        rig = EvalRig.open(config, EvalModels.open(engine), EvalModels.router(config), List.of(base, variant, heldOut), 30_000);
        cases = new java.util.HashMap<>();
        DevSet.read(Path.of("eval/dev/demo.jsonl")).forEach(c -> cases.put(c.id(), c));
    }

    @AfterAll
    static void close() {
        if (rig != null) rig.close();
    }

    private static Harness harness(String which) { return which.equals("default") ? base : variant; }

    private static String visibleTool(Harness h, String handler) {
        return h.tools().stream().filter(t -> t.handler().equals(handler)).map(ToolSpec::name).findFirst().orElseThrow();
    }

    private static String visibleArgument(Harness h, String handler, String argument) {
        ToolSpec t = h.tools().stream().filter(x -> x.handler().equals(handler)).findFirst().orElseThrow();
        return t.argumentNames().entrySet().stream().filter(e -> e.getValue().equals(argument)).map(Map.Entry::getKey).findFirst().orElse(argument);
    }

    private static void assertCalled(Transcript t, Harness h, String handler, String argument, String value) {
        assertFalse(t.toolCalls().isEmpty(), "no tool was called: " + t.modelCalls());
        Transcript.ToolCallRecord call = t.toolCalls().getFirst();
        assertEquals(visibleTool(h, handler), call.tool(), "the tool is called by the harness's name for " + handler);
        assertTrue(call.arguments().contains("\"" + visibleArgument(h, handler, argument) + "\":\"" + value + "\""),
                "argument " + argument + "=" + value + " under the harness's name: " + call.arguments());
        assertTrue(call.ok(), "the tool answered: " + call.error());
    }

    private static void assertSays(Transcript t, String fact) {
        assertEquals(Transcript.MODEL, t.outcome(), "answered by the model: " + t.detail());
        assertTrue(t.reply() != null && t.reply().contains(fact), "the reply states " + fact + ": " + t.reply());
    }

    @ParameterizedTest
    @CsvSource({"default, dress-after-sales-zh-003, damaged, 48", "variant, dress-after-sales-zh-003, damaged, 48",
                "default, dress-after-sales-zh-002, exchange, 15", "variant, dress-after-sales-zh-002, exchange, 15"})
    void looksUpThePolicyTheQuestionIsAboutByTheHarnesssNamesAndStatesIt(String which, String caseId, String topic, String fact) {
        // stage 6 answered the damaged-goods question with the returns policy; since the tokenizer
        // spells a word the same everywhere (stage 7 on), the topic is read from the question
        Transcript t = rig.run(cases.get(caseId), harness(which));
        assertCalled(t, harness(which), "after_sales_policy", "topic", topic);
        assertSays(t, fact);
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "variant"})
    void checksTheStockOfTheProductOnStageAndStatesIt(String which) {
        // the product id is copied from the prompt, the count from the tool's result (42 in the catalog)
        Transcript t = rig.run(cases.get("dress-product-qa-zh-003"), harness(which));
        assertCalled(t, harness(which), "stock_check", "productId", "dress-101");
        assertSays(t, "42");
        assertSays(t, "link-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "variant"})
    void looksUpTheProductTheViewerNamesNotTheOneOnStageAndNeverStatesTheOneOnStagesFigures(String which) {
        // the demo's question: with the earbuds on stage, stage 17 looked up the earbuds unless the
        // grammar held the call to the product the message is about (LoadedContext.callableProductIds),
        // then answered about the earbuds, which asked-product does not let through; from stage 45 on
        // the model says the power bank is sold out itself
        DevCase demo = new DevCase("demo-power-bank", "tech-room", "product_qa", "en", "is the power bank in stock", "earbuds-201",
                null, List.of(), null);
        Transcript t = rig.run(demo, harness(which));
        assertCalled(t, harness(which), "stock_check", "productId", "powerbank-202");
        assertTrue(java.util.regex.Pattern.compile("(?i)sold out|out of stock|库存0件|售罄|缺货").matcher(t.reply()).find(),
                "the power bank's stock, 0: " + t.reply());
        assertFalse(t.reply().contains("299") || t.reply().contains("120") || t.reply().contains("link-5"),
                "nothing of the earbuds': " + t.reply());
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "variant"})
    void answersWhetherTheProductHasTheFeatureItsNameCarriesAndHowLongTheNutsKeep(String which) {
        // the demo's two questions every stage up to 45 answered with the price; stage 46 trained on
        // such answers, and stage 47 keeps 0.6 of it (models/avatar/history.md)
        Transcript anc = rig.run(new DevCase("demo-anc", "tech-room", "product_qa", "en", "does the earbuds have noise cancelling?",
                "earbuds-201", null, List.of(), null), harness(which));
        assertEquals(Transcript.MODEL, anc.outcome(), "answered by the model: " + anc.detail());
        assertTrue(anc.reply().startsWith("Yes") && anc.reply().contains("noise-cancelling") && !anc.reply().contains("¥"),
                "a yes from the name, not the price: " + anc.reply());
        Transcript nuts = rig.run(new DevCase("demo-nuts", "snack-room", "product_qa", "zh", "坚果礼盒保质期多久",
                "snack-301", null, List.of(), null), harness(which));
        assertSays(nuts, "9个月");
        assertFalse(nuts.reply().contains("89.9"), "not the price: " + nuts.reply());
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "variant"})
    void callsTheCouponToolWithAnIdTheRoomSellsAlthoughTheModelAloneWritesOneItMadeUp(String which) {
        // unconstrained, stages 10-12 wrote "nuts-301" for the snack room's "snack-301";
        // the tool-call grammar (ToolCallGrammars) only lets it write the ids of the room's products
        Transcript t = rig.run(cases.get("snack-promotion-en-001"), harness(which));
        assertCalled(t, harness(which), "coupon_rules", "productId", "snack-301");
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "variant"})
    void asksTheShippingToolAboutTheRegionTheViewerNamedAndStatesItsSurcharge(String which) {
        // unconstrained, stage 12 asked about a typical region ("成都") whatever the viewer named;
        // the grammar lets a region be only words the viewer wrote (ToolCallGrammars)
        Transcript t = rig.run(cases.get("dress-logistics-zh-002"), harness(which));
        assertCalled(t, harness(which), "logistics_info", "region", "新疆");
        assertSays(t, "10");
    }

    @ParameterizedTest
    @CsvSource({"default, tech-complaint-en-002", "variant, tech-complaint-en-002", "default, snack-clarification-en-002"})
    void answersAnEnglishQuestionInEnglishWhereTheModelAloneOpensInChinese(String which, String caseId) {
        // unconstrained, stage 12 answered these in Chinese; the reply's opening is held to the viewer's script (ReplyScript)
        Transcript t = rig.run(cases.get(caseId), harness(which));
        assertEquals(Transcript.MODEL, t.outcome(), "answered by the model: " + t.detail());
        long han = t.reply().codePoints().filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN).count();
        long latin = t.reply().codePoints().filter(c -> c < 128 && Character.isLetter(c)).count();
        assertTrue(latin > han, "in English: " + t.reply());
    }

    @ParameterizedTest
    @CsvSource({"tech-clarification-en-002, black", "dress-product-qa-en-006, white"})
    void aColourTheProductLacksIsNeverSaidTheFallbackSaysTheCatalogsInstead(String caseId, String catalogs) {
        // asked for colours, this model lists the colours of its training worlds ("silver/silver/white"
        // for black and white earbuds); unbacked-attribute blocks that, the retry writes it again, and
        // the fallback says the catalog's colours
        Transcript t = rig.run(cases.get(caseId), base);
        assertTrue(t.reply().contains(catalogs), "the catalog's colours: " + t.reply());
        if (t.outcome().equals(Transcript.MODEL)) {
            // with the catalog's texts one field per language, this model answers the dress itself: no colour it lacks
            var dev = cases.get(caseId);
            var product = io.liveharness.tools.Catalog.load(Path.of("catalog/products.yaml")).find(dev.onStage()).orElseThrow();
            List<String> lacked = io.liveharness.router.question.QuestionLexicon.standard().colorWords().stream()
                    .filter(w -> w.chars().allMatch(c -> c < 128)).filter(w -> !product.colorsIn("en").contains(w)).toList();
            assertTrue(lacked.stream().noneMatch(w -> java.util.regex.Pattern.compile("\\b" + w + "\\b").matcher(t.reply().toLowerCase()).find()),
                    "no colour the product lacks: " + t.reply());
            return;
        }
        assertEquals(Transcript.FALLBACK, t.outcome(), "the fallback: " + t.detail() + " | " + t.reply());
        // false-claims (a colour, or a name, it made up) or disfluency (the colours said again and again) sent it back
        var invented = java.util.regex.Pattern.compile("the reply [^']*'([^']+)'").matcher(t.detail());
        assertTrue((t.detail().contains("false-claims") || t.detail().contains("disfluency")) && invented.find(), t.detail());
        assertFalse(t.reply().contains(invented.group(1)), "never said: " + t.reply());
    }

    @Test
    void anEnglishReplyThatOpensWithANumberAndItsUnitGoesOnInEnglish() {
        // on the second variant of seed 7 (eval/robustness/avatar/hsa2), held only to a Latin first letter,
        // this model writes "220000mAh" and goes on in Chinese ("220000mAh快充充电宝现在¥129, 点link-6下单哦";
        // stage 12 the same way);
        // the opening is held until its first word ends (ReplyScript)
        // (what it writes, "220000mAh fast-charge power bank", the false-claims hook now sends to the
        // fallback: the power bank is 20000mAh; the opening is judged on the model's own words)
        Transcript t = rig.run(cases.get("tech-clarification-en-008"), heldOut);
        String written = t.modelCalls().stream().map(Transcript.ModelCall::output).filter(o -> o != null && !o.contains("<tool_call>"))
                .findFirst().orElseThrow(() -> new AssertionError("the model wrote no reply: " + t.detail()));
        assertTrue(written.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), "in English: " + written);
        assertTrue(t.reply().codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN),
                "what is spoken is English too: " + t.reply());
    }
}
