package io.liveharness.training.expert;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.rubric.Scorer;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.Transcript;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.ToolSpec;
import io.liveharness.tools.Catalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The expert plays a good avatar through the real pipeline, under the default harness and under a variant that renames everything. */
class ExpertBackendTest {
    static final List<String> CASES = List.of("dress-product-qa-zh-001", "dress-product-qa-en-003", "dress-product-qa-zh-004", "dress-product-qa-zh-008",
            "dress-after-sales-en-001", "dress-after-sales-zh-002", "dress-logistics-zh-002", "dress-promotion-en-001",
            "tech-product-qa-zh-016", "snack-promotion-zh-001", "dress-chitchat-zh-001", "tech-complaint-en-001");
    static EvalRig rig;
    static Harness base, variant;
    static List<DevCase> cases;

    @BeforeAll
    static void open() {
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        HarnessFiles files = HarnessFiles.fromDirectory(Path.of("harness/default"));
        base = HarnessLoader.load(files);
        variant = HarnessLoader.load(HarnessAugmenter.variants(files, 1, 424242).getFirst().files());
        ExpertBackend expert = ExpertBackend.load(Catalog.load(Path.of(config.catalog().file())));
        rig = EvalRig.open(config, expert, EvalModels.router(config), List.of(base, variant), 8_000).observe(expert);
        cases = DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().filter(c -> CASES.contains(c.id())).toList();
        assertEquals(CASES.size(), cases.size(), "every chosen dev case exists");
    }

    @AfterAll
    static void close() {
        if (rig != null) rig.close();
    }

    @Test
    void passesEveryRubricCheckOfChosenCasesUnderTheDefaultHarnessAndAVariant() {
        List<String> failed = new ArrayList<>();
        for (Harness h : List.of(base, variant)) {
            for (DevCase c : cases) {
                Transcript t = rig.run(c, h);
                CaseScore s = Scorer.score(c, t, null);
                if (!s.accuracy() || !s.effectiveness()) failed.add(h.version() + " " + c.id() + ": " + t.reply() + " " + s.checks());
            }
        }
        assertTrue(failed.isEmpty(), String.join("\n", failed));
    }

    @Test
    void callsToolsByTheNamesAndArgumentNamesTheVariantGivesThem() {
        ToolSpec renamed = variant.tools().stream().filter(t -> t.handler().equals("after_sales_policy")).findFirst().orElseThrow();
        assertNotEquals("after_sales_policy", renamed.name(), "the variant renames the tool");
        DevCase returns = cases.stream().filter(c -> c.id().equals("dress-after-sales-en-001")).findFirst().orElseThrow();
        Transcript t = rig.run(returns, variant);
        assertEquals(1, t.toolCalls().size());
        Transcript.ToolCallRecord call = t.toolCalls().getFirst();
        assertEquals(renamed.name(), call.tool());
        String topicName = renamed.argumentNames().entrySet().stream().filter(e -> e.getValue().equals("topic"))
                .map(java.util.Map.Entry::getKey).findFirst().orElse("topic");
        assertTrue(call.arguments().contains("\"" + topicName + "\":\"returns\""), call.arguments());
        assertTrue(call.ok(), "the real tool verticle answered: " + call.error());
        assertTrue(t.reply().contains("7"), t.reply());
        assertFalse(t.modelCalls().getFirst().output().contains("after_sales_policy"), "no base name in what it wrote");
    }

    @Test
    void answersAColourTheProductOnStageLacksFromItsLineAndListsTheColoursItHas() {
        DevCase purple = cases.stream().filter(c -> c.id().equals("dress-product-qa-zh-008")).findFirst().orElseThrow();
        Transcript t = rig.run(purple, variant);
        assertEquals(List.of(), t.toolCalls(), "the product on stage is answered from the prompt");
        assertTrue(t.reply().contains("白色") && t.reply().contains("黑色") && t.reply().contains("没有紫色"), t.reply());
    }

    @Test
    void declinesAMedicalClaimAndAnswersInTheViewersLanguage() {
        DevCase medical = DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().filter(c -> c.tags().contains("medical") && c.lang().equals("en"))
                .findFirst().orElseThrow();
        Transcript t = rig.run(medical, base);
        assertTrue(t.reply().toLowerCase().contains("doctor"), t.reply());
        assertTrue(t.toolCalls().isEmpty());
    }

    @Test
    void answersWhetherTheProductHasAFeatureFromItsNameOrMaterialAndNeverPromisesOneTheDataLacks() {
        Transcript anc = rig.run(viewer("tech-room", "earbuds-201", "en", "does the earbuds have noise cancelling?"), base);
        assertTrue(anc.reply().startsWith("Yes") && anc.reply().contains("noise-cancelling"), anc.reply());
        Transcript shelf = rig.run(viewer("snack-room", "snack-301", "zh", "坚果礼盒保质期多久"), variant);
        assertTrue(shelf.reply().contains("保质期 9个月"), "the material's clause, as the catalog writes it: " + shelf.reply());
        Transcript shelfEn = rig.run(viewer("snack-room", "snack-301", "en", "what's the shelf life of the nuts?"), base);
        assertTrue(shelfEn.reply().contains("shelf life 9 months"), "the material's English field, as the catalog writes it: " + shelfEn.reply());
        for (String asked : List.of("保质期多长时间", "能放多久?", "保质期怎么样", "多久会过期", "how long until it expires", "shelf life?", "when does it expire")) {
            String reply = rig.run(viewer("snack-room", "snack-301", Bilingual.languageOf(asked), asked), base).reply();
            assertTrue(reply.contains(Bilingual.languageOf(asked).equals("zh") ? "保质期 9个月" : "shelf life 9 months")
                            && !reply.startsWith("有的") && !reply.startsWith("Yes"),
                    "a shelf life is a value, said without a yes (asked " + asked + "): " + reply);
        }
        Transcript none = rig.run(viewer("dress-room", "dress-101", "en", "is the dress waterproof?"), base);
        assertTrue(none.reply().contains("waterproof") && !none.reply().startsWith("Yes"), none.reply());
        assertFalse(none.reply().contains("¥"), "a feature question is not answered with the price: " + none.reply());
    }

    @Test
    void aProductAskedOffStageIsSaidAsItNotByItsName() {
        // a second product's name is two hops from the reply (its id in the tool result, its line in the
        // prompt); every stage up to 35 wrote the product on stage there, so the expert says "it"
        List<String> asked = List.of("is the power bank in stock", "充电宝还有货吗", "what's the power bank made of", "充电宝什么颜色", "any power bank left?");
        for (Harness h : List.of(base, variant)) {
            for (String text : asked) {
                Transcript t = rig.run(viewer("tech-room", "earbuds-201", Bilingual.languageOf(text), text), h);
                assertEquals(1, t.toolCalls().size(), text + ": " + t.toolCalls());
                assertTrue(t.toolCalls().getFirst().arguments().contains("powerbank-202"), text + ": " + t.toolCalls());
                String reply = t.reply().toLowerCase();
                assertFalse(reply.contains("power bank") || reply.contains("充电宝") || reply.contains("earbuds") || reply.contains("耳机"),
                        h.version() + " " + text + ": " + t.reply());
            }
        }
        Transcript soldOut = rig.run(viewer("tech-room", "earbuds-201", "en", "is the power bank in stock"), base);
        assertTrue(soldOut.reply().contains("sold out"), soldOut.reply());
    }

    @Test
    void aProductIsTheOneTheMessageNamesByTheMostWordsThoughBothDressesShareOne() {
        // "连衣裙" names both dresses; "泡泡袖" and "法式" only the second: it is asked about, not the one on stage
        Map<String, String> asked = Map.of(
                "那条法式泡泡袖连衣裙多少钱", "219",
                "how much is the square-neck puff-sleeve dress?", "219",
                "碎花雪纺连衣裙多少钱呀", "159");
        for (var e : asked.entrySet()) {
            String onStage = e.getValue().equals("219") ? "dress-101" : "dress-102";
            Transcript t = rig.run(viewer("dress-room", onStage, Bilingual.languageOf(e.getKey()), e.getKey()), base);
            assertTrue(t.reply().contains(e.getValue()), e.getKey() + " (" + onStage + " on stage): " + t.reply());
        }
    }

    private static DevCase viewer(String room, String onStage, String lang, String text) {
        return new DevCase("feature-" + text.hashCode(), room, "product_qa", lang, text, onStage, null, List.of("feature"), null);
    }
}
