package io.liveharness.harness;

import io.liveharness.router.Intent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A harness version is refused with every problem and its file and line; a good one loads whole. */
class HarnessLoaderTest {

    private static List<String> problems(HarnessFixture f) {
        return assertThrows(HarnessException.class, () -> HarnessLoader.load(f.build())).problems();
    }

    /** "h/harness.yaml:N", N the line of the default harness's manifest that holds {@code text}. */
    private static String manifestLine(String text) {
        List<String> lines = new HarnessFixture().text("harness.yaml").lines().toList();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return "h/harness.yaml:" + (i + 1) + ":";
        throw new AssertionError("the default harness.yaml has no line with " + text);
    }

    private static void assertProblem(List<String> problems, String fileAndLine, String words) {
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(fileAndLine) && p.contains(words)),
                "expected a problem at " + fileAndLine + " about '" + words + "' in " + problems);
    }

    @Test
    void theDefaultHarnessLoadsWithItsFourParts() {
        Harness h = HarnessLoader.load(new HarnessFixture().build());
        assertEquals("default", h.name());
        assertEquals(List.of("after-sales", "chitchat", "logistics", "product-qa", "promotions", "refusal"), h.skills().stream().map(Skill::name).toList());
        assertEquals(5, h.tools().size());
        // the version-wide sections lead (rules, skills), then the room's own (persona, products), then the volatile ones
        assertEquals(List.of("rules", "skills", "persona", "products"), h.prompt().sections().stream().filter(s -> s.stable())
                .map(s -> s.name()).toList());
        assertTrue(h.hooks().size() >= 5);
        assertEquals("product-qa", h.skillFor(Intent.CLARIFICATION).orElseThrow().name());
        assertEquals("after-sales", h.skillFor(Intent.AFTER_SALES).orElseThrow().name());
    }

    @Test
    void theVersionIsAHashOfTheContent() {
        String a = HarnessLoader.load(new HarnessFixture().build()).version();
        assertEquals(a, HarnessLoader.load(new HarnessFixture().build()).version());
        String b = HarnessLoader.load(new HarnessFixture().replace("prompts/rules.md", "## Rules", "## Rules!").build()).version();
        assertNotEquals(a, b);
        assertTrue(a.matches("default-[0-9a-f]{12}"), a);
    }

    @Test
    void frontMatterThatDoesNotParseIsReportedWithItsLine() {
        var f = new HarnessFixture().put("skills/chitchat/SKILL.md", "---\nname: chitchat\ndescription: [unclosed\n---\nbody\n");
        assertProblem(problems(f), "h/skills/chitchat/SKILL.md:", "front matter does not parse");
        var g = new HarnessFixture().put("skills/chitchat/SKILL.md", "no front matter here\n");
        assertProblem(problems(g), "h/skills/chitchat/SKILL.md:1", "must start with YAML front matter");
    }

    @Test
    void skillNamesThatBreakTheRulesAreRefused() {
        for (String bad : List.of("Chitchat", "-chitchat", "chit--chat", "chit_chat", "a".repeat(65))) {
            var f = new HarnessFixture().replace("skills/chitchat/SKILL.md", "name: chitchat", "name: " + bad);
            assertProblem(problems(f), "h/skills/chitchat/SKILL.md:2", "name '" + bad + "'");
        }
        var f = new HarnessFixture().replace("skills/chitchat/SKILL.md", "name: chitchat", "name: small-talk");
        assertProblem(problems(f), "h/skills/chitchat/SKILL.md:2", "must equal its folder name");
    }

    @Test
    void descriptionsMustSayWhatTheSkillDoes() {
        var f = new HarnessFixture().put("skills/chitchat/SKILL.md", "---\nname: chitchat\ndescription: \"\"\n---\nbody\n");
        assertProblem(problems(f), "h/skills/chitchat/SKILL.md:3", "description must be 1-1024");
        var g = new HarnessFixture().put("skills/chitchat/SKILL.md", "---\nname: chitchat\ndescription: " + "x".repeat(1025) + "\n---\nbody\n");
        assertProblem(problems(g), "h/skills/chitchat/SKILL.md:3", "(it has 1025)");
    }

    @Test
    void aSkillNamingAToolThatDoesNotExistIsRefused() {
        var f = new HarnessFixture().replace("skills/product-qa/SKILL.md", "allowed-tools: product_lookup stock_check",
                "allowed-tools: product_lookup size_chart");
        assertProblem(problems(f), "h/skills/product-qa/SKILL.md:5", "'size_chart'");
    }

    @Test
    void collidingNamesAreRefused() {
        var f = new HarnessFixture().put("tools/stock_check2.json", new HarnessFixture().text("tools/stock_check.json"));
        assertProblem(problems(f), "h/tools/stock_check2.json:2", "defined twice");
        var g = new HarnessFixture().replace("harness.yaml", "- {name: faqs, file: prompts/faqs.md, trim: 1}",
                "- {name: room, file: prompts/faqs.md, trim: 1}");
        assertProblem(problems(g), "h/harness.yaml:", "appears twice");
    }

    @Test
    void aTemplateVariableThatNoSectionProvidesIsRefused() {
        var f = new HarnessFixture().put("prompts/room.md", "## Room now\n{{room_state}}\n{{weather}}\n");
        assertProblem(problems(f), "h/prompts/room.md:3", "{{weather}}");
    }

    @Test
    void aStableSectionAfterAVolatileOneIsRefused() {
        var f = new HarnessFixture().replace("harness.yaml", "- {name: faqs, file: prompts/faqs.md, trim: 1}",
                "- {name: faqs, file: prompts/faqs.md, stable: true}");
        assertProblem(problems(f), "h/harness.yaml:", "comes after a volatile one");
    }

    @Test
    void anUnknownHookPointAndAnUnknownKeyAreRefused() {
        var f = new HarnessFixture().replace("harness.yaml", "at: post-tool", "at: after-tool").put("harness.yaml",
                new HarnessFixture().replace("harness.yaml", "at: post-tool", "at: after-tool").text("harness.yaml") + "colour: red\n");
        List<String> p = problems(f);
        assertProblem(p, manifestLine("at: post-tool"), "unknown hook point 'after-tool'");
        assertProblem(p, "h/harness.yaml:", "unknown key 'colour'");
    }

    @Test
    void aHookTypeThatDoesNotExistOrBadParametersAreRefusedAtTheirLine() {
        var f = new HarnessFixture().replace("harness.yaml", "{type: tts-length, at: output, params: {maxChars: 160}}",
                "{type: tts-lenght, at: output, params: {maxChars: 160}}");
        assertProblem(problems(f), manifestLine("{type: tts-length,"), "tts-lenght");
        var g = new HarnessFixture().replace("harness.yaml", "{type: tts-length, at: output, params: {maxChars: 160}}",
                "{type: tts-length, at: output, params: {maxChar: 160}}");
        assertProblem(problems(g), manifestLine("{type: tts-length,"), "maxChar");
        var i = new HarnessFixture().replace("harness.yaml", "{type: schema-arguments, at: pre-tool}", "{type: schema-arguments, at: output}");
        assertProblem(problems(i), manifestLine("{type: schema-arguments,"), "schema-arguments");
        var t = new HarnessFixture().replace("harness.yaml", "{type: tts-length, at: output, params: {maxChars: 160}}",
                "{type: require-tool, at: stop, params: {intents: [product_question], tool: product_lookup}}");
        assertProblem(problems(t), manifestLine("{type: tts-length,"), "'product_question', which is not a router intent");
    }

    @Test
    void theCorrectionsAreTheHarnesssWordsAndAreCheckedAtTheirLine() {
        Harness h = HarnessLoader.load(new HarnessFixture()
                .replace("harness.yaml", "stop-blocked: \"Not yet: {reason}\"", "stop-blocked: \"还不能结束: {reason}\"").build());
        assertEquals("还不能结束: 先查价格", h.corrections().stopBlocked("先查价格"));
        assertEquals("tool 'x' is not available here; available: a, b", h.corrections().toolUnavailable("x", List.of("a", "b")));
        String manifest = new HarnessFixture().text("harness.yaml");
        Harness bare = HarnessLoader.load(new HarnessFixture().put("harness.yaml", manifest.substring(0, manifest.indexOf("\ncorrections:") + 1)).build());
        assertEquals(Corrections.DEFAULT, bare.corrections(), "a harness that says none gets the documented defaults");

        assertProblem(problems(new HarnessFixture().replace("harness.yaml", "\"Not yet: {reason}\"", "\"Not yet\"")),
                manifestLine("stop-blocked:"), "'stop-blocked' must contain {reason}");
        assertProblem(problems(new HarnessFixture().replace("harness.yaml", "tool call failed: {reason}", "{tool} failed: {reason}")),
                manifestLine("tool-failed:"), "'tool-failed' uses {tool}");
        assertProblem(problems(new HarnessFixture().replace("harness.yaml", "  stop-blocked:", "  stop-blockd:")),
                manifestLine("stop-blocked:"), "unknown correction 'stop-blockd'");
    }

    @Test
    void aFallbackTemplateInAnyLanguageNamingAFieldNoProductHasIsRefusedAtItsLine() {
        var f = new HarnessFixture().replace("skills/product-qa/SKILL.md", "ask me anything about it", "tap {link}");
        assertProblem(problems(f), "h/skills/product-qa/SKILL.md:11", "metadata.fallback-en uses {link}");
        var g = new HarnessFixture().replace("skills/product-qa/SKILL.md", "{name}现在¥{price}", "{name}现在¥{cost}");
        assertProblem(problems(g), "h/skills/product-qa/SKILL.md:10", "metadata.fallback uses {cost}");
    }

    @Test
    void aFallbackAnswerTemplateMayUseOnlyItsAnswersFieldsAndMustNameAKnownAnswer() {
        var price = new HarnessFixture().replace("skills/product-qa/SKILL.md", "It's ¥{price} now, tap {actionLinkId} to order",
                "It's ¥{price} now, {colors} too");
        assertProblem(problems(price), "h/skills/product-qa/SKILL.md:13", "metadata.fallback-price-en uses {colors}; this answer has [name, price, actionLinkId]");
        var decline = new HarnessFixture().replace("skills/product-qa/SKILL.md", "抱歉, 我们不谈治疗效果哦", "抱歉, {name}不谈治疗效果哦");
        assertProblem(problems(decline), "h/skills/product-qa/SKILL.md", "metadata.fallback-decline-medical-zh uses {name}; this answer has []");
        var unknown = new HarnessFixture().replace("skills/product-qa/SKILL.md", "  fallback-colors-zh:", "  fallback-colours-zh:");
        assertProblem(problems(unknown), "h/skills/product-qa/SKILL.md:28", "metadata.fallback-colours-zh is no fallback template");
    }

    @Test
    void aRefusalSkillMayDeclineOnlyTheMustRefuseClassesTheQuestionReadKnows() {
        assertEquals(List.of("medical", "off-platform", "contact"),
                HarnessLoader.load(new HarnessFixture().build()).skills().stream().filter(s -> s.name().equals("refusal")).findFirst().orElseThrow().declines());
        var f = new HarnessFixture().replace("skills/refusal/SKILL.md", "declines: medical off-platform contact", "declines: medical politics");
        assertProblem(problems(f), "h/skills/refusal/SKILL.md:7", "metadata.declines names 'politics', which is not a must-refuse class [medical, off-platform, contact, price-claim, haggle]");
    }

    @Test
    void aToolSchemaThatIsNotValidJsonSchemaIsRefused() {
        var f = new HarnessFixture().replace("tools/stock_check.json", "\"type\": \"object\"", "\"type\": \"objekt\"");
        assertProblem(problems(f), "h/tools/stock_check.json:4", "not a valid JSON Schema");
        var g = new HarnessFixture().replace("tools/stock_check.json", "\"required\": [\"productId\"]", "\"required\": \"productId\"");
        assertProblem(problems(g), "h/tools/stock_check.json:4", "not a valid JSON Schema");
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        var f = new HarnessFixture()
                .replace("skills/chitchat/SKILL.md", "name: chitchat", "name: Chit")
                .put("prompts/room.md", "{{nope}}\n")
                .replace("skills/logistics/SKILL.md", "allowed-tools: logistics_info", "allowed-tools: courier_api");
        assertEquals(3, problems(f).size(), problems(f).toString());
    }

    @Test
    void aSkillWrittenForOtherAgentsLoadsUnchanged() {
        // The shape of public Agent Skills folders: license pointing at a file, a folded multi-line
        // description with a colon, metadata as strings, scripts and references beside SKILL.md,
        // CRLF line ends, and no fields of ours.
        String skill = "---\r\nname: pdf-forms\r\ndescription: >\r\n  Fill PDF forms: extract fields, fill them, flatten.\r\n"
                + "  Use when the user gives a PDF form.\r\nlicense: Complete terms in LICENSE.txt\r\n"
                + "compatibility: Needs python3 and pypdf\r\nallowed-tools: product_lookup\r\n"
                + "metadata:\r\n  author: example-org\r\n  version: \"1.0\"\r\n---\r\n\r\n# PDF forms\r\n\r\nRun `scripts/fill.py`.\r\n";
        var f = new HarnessFixture().put("skills/pdf-forms/SKILL.md", skill)
                .put("skills/pdf-forms/scripts/fill.py", "print('fill')\n")
                .put("skills/pdf-forms/references/FORMS.md", "# Forms\n")
                .put("skills/pdf-forms/LICENSE.txt", "Apache-2.0\n");
        Harness h = HarnessLoader.load(f.build());
        Skill s = h.skills().stream().filter(x -> x.name().equals("pdf-forms")).findFirst().orElseThrow();
        assertTrue(s.description().startsWith("Fill PDF forms: extract fields"), s.description());
        assertEquals("Complete terms in LICENSE.txt", s.license());
        assertEquals("example-org", s.metadata().get("author"));
        assertEquals(List.of(), s.intents(), "a skill of other agents serves no router intent until an operator says so");
        assertTrue(s.body().startsWith("# PDF forms"), s.body());

        String edge = "---\nname: " + "a".repeat(64) + "\ndescription: x\n---\n";
        var g = new HarnessFixture().put("skills/" + "a".repeat(64) + "/SKILL.md", edge);
        assertEquals("", HarnessLoader.load(g.build()).skills().stream().filter(x -> x.name().length() == 64).findFirst().orElseThrow().body());
    }

    @Test
    void unknownFrontMatterFieldsAndNonStringMetadataAreRefused() {
        var f = new HarnessFixture().replace("skills/chitchat/SKILL.md", "license: Apache-2.0", "license: Apache-2.0\ntags: [a]");
        assertProblem(problems(f), "h/skills/chitchat/SKILL.md:5", "unknown front matter field 'tags'");
        var g = new HarnessFixture().replace("skills/chitchat/SKILL.md", "  priority: \"1\"", "  priority: [1]");
        assertProblem(problems(g), "h/skills/chitchat/SKILL.md:", "metadata.priority must be a string");
        var i = new HarnessFixture().replace("skills/chitchat/SKILL.md", "  intents: chitchat", "  intents: chitchat smalltalk");
        assertProblem(problems(i), "h/skills/chitchat/SKILL.md:7", "'smalltalk'");
    }
}
