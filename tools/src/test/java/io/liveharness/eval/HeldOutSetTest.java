package io.liveharness.eval;

import io.liveharness.config.Json;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.devset.Expect;
import io.liveharness.eval.devset.Rubric;
import io.liveharness.eval.devset.TrainingOverlap;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.Skill;
import io.liveharness.harness.ToolSpec;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.router.Intent;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The held-out material (eval/heldout): its cases are in no training text's words, they are well
 * formed against the demo rooms and catalog, and their rubrics that name tools keep their meaning
 * on the hand-made harness variants.
 */
class HeldOutSetTest {
    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final List<DevCase> CASES = DevSet.read(ROOT.resolve("eval/heldout/cases.jsonl"));
    private static final TrainingOverlap TRAINING = TrainingOverlap.of(ROOT);
    private static final Set<String> VERTICLES = Set.of("product_lookup", "stock_check", "coupon_rules", "logistics_info", "after_sales_policy");
    private static final Set<String> STYLES = Set.of("typo", "homophone", "colloquial", "dialect", "emoji", "code-mixed", "false-premise",
            "by-description", "two-questions", "must-refuse", "region-city", "spam", "abuse", "sold-out", "risky-answerable");

    @Test
    void noHeldOutCaseIsANearCopyOfAnyTrainingText() {
        assertTrue(TRAINING.size() > 10_000, "training material read: " + TRAINING.size() + " texts");
        List<TrainingOverlap.Copy> copies = TRAINING.copies(CASES);
        assertTrue(copies.isEmpty(), "held-out cases near training texts (rewrite them):\n"
                + copies.stream().map(c -> c.caseId() + " '" + c.text() + "' ~ '" + c.trainingText() + "' (" + c.source() + ")")
                .collect(Collectors.joining("\n")));
    }

    @Test
    void aCaseCopiedFromTrainingIsCaughtWithWhereItCameFrom() throws Exception {
        String routerMessage = Json.MAPPER.readTree(java.nio.file.Files.readAllLines(ROOT.resolve("data/router/train.jsonl")).get(3))
                .get("text").asText();
        DevCase fromRouter = heldOut("copied-router", routerMessage + "!!😂", null);
        DevCase fromDevSet = heldOut("copied-dev", "有XL码吗~~", null);
        DevCase fromPhrasings = heldOut("copied-phrasing", "耳机现在卖多少", null);
        DevCase previousCopied = heldOut("copied-previous", "那M码的呢 姐妹们帮我看看这个颜色", new DevCase.Previous("还剩几件", "还有42件"));

        List<TrainingOverlap.Copy> copies = TRAINING.copies(List.of(fromRouter, fromDevSet, fromPhrasings, previousCopied));

        assertEquals(List.of("copied-router", "copied-dev", "copied-phrasing", "copied-previous"),
                copies.stream().map(TrainingOverlap.Copy::caseId).toList());
        assertTrue(copies.get(0).source().startsWith("data/router/"), copies.get(0).source());
        assertEquals("eval/dev/demo.jsonl", copies.get(1).source());
        assertEquals("data/training/phrasings.yaml", copies.get(2).source());
        assertEquals("还剩几件", copies.get(3).text());
    }

    @Test
    void heldOutCasesCoverEveryIntentAndStyleAndFitTheDemoRooms() {
        Catalog catalog = Catalog.load(ROOT.resolve("catalog/products.yaml"));
        Policies policies = Policies.load(ROOT.resolve("catalog/policies.yaml"));
        Map<String, RoomManifest> rooms = RoomManifests.load(ROOT.resolve("rooms"), catalog).stream()
                .collect(Collectors.toMap(RoomManifest::id, r -> r));
        Set<String> links = new HashSet<>();
        for (RoomManifest r : rooms.values()) r.products().forEach(p -> links.add(catalog.find(p).map(Product::actionLinkId).orElseThrow()));
        policies.coupons().forEach(c -> links.add(c.actionLinkId()));

        assertTrue(CASES.size() >= 150, CASES.size() + " cases");
        assertEquals(Set.of(Intent.values()).stream().map(Intent::label).collect(Collectors.toSet()),
                CASES.stream().map(DevCase::intent).collect(Collectors.toSet()));
        for (DevCase c : CASES) {
            RoomManifest room = rooms.get(c.room());
            assertTrue(room != null, c.id() + ": no room " + c.room());
            assertTrue(room.products().contains(c.onStage()), c.id() + ": " + c.onStage() + " is not sold in " + c.room());
            assertTrue(c.tags().stream().anyMatch(STYLES::contains), c.id() + ": no style tag in " + c.tags());
            Rubric r = c.rubric();
            assertTrue(VERTICLES.containsAll(r.requireTools()) && VERTICLES.containsAll(r.toolArgs().keySet()), c.id() + ": a tool no verticle has");
            assertTrue(r.actionLink() == null || links.contains(r.actionLink()), c.id() + ": no link " + r.actionLink());
            assertEquals(r.expect() == Expect.REFUSE, c.tags().contains("must-refuse"), c.id() + ": must-refuse tag and expect disagree");
        }
        assertTrue(CASES.stream().filter(c -> c.rubric().expect() == Expect.REFUSE).count() >= 20, "must-refuse cases");
    }

    /** A rubric names tools and arguments by verticle, so on every variant each is offered for its intent, under whatever name. */
    @ParameterizedTest
    @ValueSource(strings = {"harness/default", "eval/heldout/harness-a", "eval/heldout/harness-b"})
    void rubricsThatNameToolsHoldOnEveryHeldOutHarness(String folder) throws Exception {
        Harness base = HarnessLoader.load(HarnessFiles.fromDirectory(ROOT.resolve("harness/default")));
        Harness variant = HarnessLoader.load(HarnessFiles.fromDirectory(ROOT.resolve(folder)));
        for (Intent intent : Intent.values()) {
            Skill a = base.skillFor(intent).orElse(null), b = variant.skillFor(intent).orElse(null);
            assertEquals(a == null, b == null, folder + ": " + intent);
            if (a == null) continue;
            assertEquals(List.of(a.priority(), a.fallback(), a.intents(), handlers(base, a)),
                    List.of(b.priority(), b.fallback(), b.intents(), handlers(variant, b)), folder + ": skill for " + intent);
        }
        for (DevCase c : CASES) {
            Set<String> offered = variant.skillFor(Intent.fromLabel(c.intent())).map(s -> handlers(variant, s)).orElse(Set.of());
            assertTrue(offered.containsAll(c.rubric().requireTools()), folder + ": " + c.id() + " needs " + c.rubric().requireTools());
            for (var e : c.rubric().toolArgs().entrySet()) {
                ToolSpec tool = variant.tools().stream().filter(t -> t.handler().equals(e.getKey())).findFirst().orElseThrow();
                Set<String> handlerArgs = new HashSet<>();
                Json.MAPPER.readTree(tool.parametersSchemaJson()).path("properties").fieldNames()
                        .forEachRemaining(n -> handlerArgs.add(tool.argumentNames().getOrDefault(n, n)));
                assertTrue(handlerArgs.containsAll(e.getValue().keySet()), folder + ": " + c.id() + " argument " + e.getValue().keySet());
            }
        }
    }

    /** What the model reads on heldout-a is checked for base names in AugmentedVariantNamesTest; here, its skills' names. */
    @Test
    void variantANamesEverySkillAnew() {
        Harness base = HarnessLoader.load(HarnessFiles.fromDirectory(ROOT.resolve("harness/default")));
        Harness a = HarnessLoader.load(HarnessFiles.fromDirectory(ROOT.resolve("eval/heldout/harness-a")));
        Set<String> baseSkills = base.skills().stream().map(Skill::name).collect(Collectors.toSet());
        assertTrue(a.skills().stream().map(Skill::name).noneMatch(baseSkills::contains), "heldout-a keeps a skill name of the default");
        assertTrue(a.tools().stream().noneMatch(t -> t.name().equals(t.handler())), "heldout-a keeps a tool name of the default");
    }

    private static DevCase heldOut(String id, String text, DevCase.Previous previous) {
        return new DevCase(id, "dress-room", "product_qa", "zh", text, "dress-101", previous, List.of("typo"), null);
    }

    private static Set<String> handlers(Harness h, Skill s) {
        return s.allowedTools().stream().map(n -> h.tool(n).map(ToolSpec::handler).orElse(n)).collect(Collectors.toSet());
    }
}
