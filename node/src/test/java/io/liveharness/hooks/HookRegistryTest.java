package io.liveharness.hooks;

import io.liveharness.router.Intent;
import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookPoint;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.testing.Fixtures;
import io.liveharness.hooks.testing.TestHookFactories;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HookRegistryTest {
    final HookRegistry registry = HookRegistry.load();

    @Test
    void theBuiltInTypesAndACustomTypeOnTheClasspathAreLoadedThroughTheSpi() {
        List<String> types = registry.types();
        for (String builtIn : List.of("tts-length", "banned-terms", "no-contact-details", "unbacked-promise", "prohibitions",
                "not-empty", "schema-arguments", "result-size", "input-length", "abuse-filter", "require-tool")) {
            assertTrue(types.contains(builtIn), builtIn);
        }
        assertTrue(types.contains("test-shout"), "the test jar's META-INF/services entry adds its type");
    }

    @Test
    void aCustomTypeCompilesAndRunsLikeABuiltIn() {
        HookSet set = registry.compile("v1", List.of(HookSpec.of("test-shout", HookPoint.OUTPUT, Map.of())), Fixtures.ENV);
        HookVerdict v = set.at(HookPoint.OUTPUT).getFirst().hook().check(
                HookContext.output("r", Intent.CHITCHAT, "hi", "hello", List.of(), List.of()));
        assertEquals("HELLO", v.text());
    }

    @Test
    void validSpecsHaveNoProblemsAndCompileInOrderPerPoint() {
        List<HookSpec> specs = List.of(
                HookSpec.of("input-length", HookPoint.INPUT, Map.of("maxChars", 200)),
                HookSpec.of("not-empty", HookPoint.OUTPUT, Map.of()),
                HookSpec.of("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 160)));
        assertEquals(List.of(), registry.validate(specs, Fixtures.ENV));
        HookSet set = registry.compile("v1", specs, Fixtures.ENV);
        assertEquals(List.of("not-empty", "tts-length"), set.at(HookPoint.OUTPUT).stream().map(HookSet.BoundHook::type).toList());
        assertEquals("hook.v1.2", set.at(HookPoint.OUTPUT).get(1).address());
        assertEquals(List.of(), set.at(HookPoint.STOP));
    }

    @Test
    void anUnknownTypeIsNamedWithTheKnownTypes() {
        List<String> problems = registry.validate(List.of(HookSpec.of("tts-lenght", HookPoint.OUTPUT, Map.of())), Fixtures.ENV);
        assertEquals(1, problems.size());
        assertTrue(problems.getFirst().startsWith("hooks[0] (tts-lenght): unknown hook type; known types: "), problems.getFirst());
        assertTrue(problems.getFirst().contains("tts-length"), problems.getFirst());
    }

    @Test
    void aTypeAtAPointItDoesNotSupportIsNamed() {
        List<String> problems = registry.validate(List.of(
                HookSpec.of("not-empty", HookPoint.OUTPUT, Map.of()),
                HookSpec.of("schema-arguments", HookPoint.OUTPUT, Map.of())), Fixtures.ENV);
        assertEquals(List.of("hooks[1] (schema-arguments): cannot run at output; it runs at [pre-tool]"), problems);
    }

    @Test
    void badParametersAreNamed() {
        List<String> problems = registry.validate(List.of(
                HookSpec.of("tts-length", HookPoint.OUTPUT, Map.of("maxChars", "lots")),
                HookSpec.of("tts-length", HookPoint.OUTPUT, Map.of()),
                HookSpec.of("banned-terms", HookPoint.OUTPUT, Map.of("terms", "全网最低")),
                HookSpec.of("result-size", HookPoint.POST_TOOL, Map.of("maxChar", 100)),
                HookSpec.of("prohibitions", HookPoint.OUTPUT, Map.of("categories", List.of("medicine"))),
                HookSpec.of("prohibitions", HookPoint.OUTPUT, Map.of("patterns", List.of("(unclosed"))),
                HookSpec.of("require-tool", HookPoint.STOP, Map.of("intents", List.of("product_qa"), "tool", "price_check")),
                HookSpec.of("require-tool", HookPoint.STOP, Map.of("intents", List.of("product_question"), "tool", "product_lookup"))),
                Fixtures.ENV);
        assertEquals(8, problems.size(), problems.toString());
        assertEquals("hooks[0] (tts-length): parameter 'maxChars' must be a positive integer, got 'lots'", problems.get(0));
        assertEquals("hooks[1] (tts-length): parameter 'maxChars' is required", problems.get(1));
        assertEquals("hooks[2] (banned-terms): parameter 'terms' must be a list of strings, got '全网最低'", problems.get(2));
        assertEquals("hooks[3] (result-size): unknown parameter 'maxChar'; known: maxChars", problems.get(3));
        assertTrue(problems.get(4).startsWith("hooks[4] (prohibitions): parameter 'categories' has unknown category 'medicine'"));
        assertTrue(problems.get(5).startsWith("hooks[5] (prohibitions): parameter 'patterns' has an invalid regular expression"));
        assertTrue(problems.get(6).startsWith("hooks[6] (require-tool): parameter 'tool' names 'price_check'"));
        // a typo in an intent used to load, and the hook never fired
        assertTrue(problems.get(7).startsWith("hooks[7] (require-tool): parameter 'intents' names 'product_question', which is not a router intent"),
                problems.get(7));
    }

    @Test
    void aBadTimeoutAndAToolWithABrokenSchemaAreNamed() {
        assertEquals(List.of("hooks[0] (not-empty): 'timeoutMs' must be between 1 and 5000, got -5"), registry.validate(
                List.of(new HookSpec("not-empty", HookPoint.OUTPUT, Map.of(), -5, null)), Fixtures.ENV));
        HookEnvironment broken = new HookEnvironment(Map.of("product_lookup", "{\"type\": \"strnig\"}"), List.of());
        List<String> problems = registry.validate(List.of(HookSpec.of("schema-arguments", HookPoint.PRE_TOOL, Map.of())), broken);
        assertTrue(problems.getFirst().startsWith("hooks[0] (schema-arguments): tool 'product_lookup' has an invalid arguments schema"),
                problems.toString());
    }

    @Test
    void compilingInvalidSpecsFailsWithEveryProblem() {
        var e = assertThrows(IllegalArgumentException.class, () -> registry.compile("v1", List.of(
                HookSpec.of("nope", HookPoint.OUTPUT, Map.of()), HookSpec.of("test-output-only", HookPoint.STOP, Map.of())),
                Fixtures.ENV));
        assertTrue(e.getMessage().contains("hooks[0] (nope)") && e.getMessage().contains("hooks[1] (test-output-only)"), e.getMessage());
    }

    @Test
    void twoFactoriesClaimingOneTypeAreRefused() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new HookRegistry(List.of(new TestHookFactories.Shout(), new TestHookFactories.Shout())));
        assertTrue(e.getMessage().contains("'test-shout' is defined twice"));
    }

    @Test
    void theFailurePolicyDefaultsToBlockWhereAReplyOrAToolCallIsAtStake() {
        assertEquals(HookSpec.OnFailure.BLOCK, HookSpec.of("x", HookPoint.OUTPUT, null).onFailure());
        assertEquals(HookSpec.OnFailure.BLOCK, HookSpec.of("x", HookPoint.PRE_TOOL, null).onFailure());
        assertEquals(HookSpec.OnFailure.ALLOW, HookSpec.of("x", HookPoint.INPUT, null).onFailure());
        assertEquals(HookSpec.OnFailure.ALLOW, HookSpec.of("x", HookPoint.POST_TOOL, null).onFailure());
        assertEquals(HookSpec.OnFailure.ALLOW, HookSpec.of("x", HookPoint.STOP, null).onFailure());
        assertEquals(HookSpec.DEFAULT_TIMEOUT_MS, HookSpec.of("x", HookPoint.STOP, null).timeoutMs());
        assertEquals(HookPoint.PRE_TOOL, HookPoint.fromYaml("pre-tool"));
        assertThrows(IllegalArgumentException.class, () -> HookPoint.fromYaml("after"));
    }
}
