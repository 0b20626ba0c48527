package io.liveharness.hooks;

import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookSpecs;
import io.liveharness.harness.HookPoint;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.liveharness.hooks.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HookSpecsTest {
    static List<?> yaml(String text) throws Exception {
        return new ObjectMapper(new YAMLFactory()).readValue(text, List.class);
    }

    @Test
    void aHooksListFromHarnessYamlBecomesSpecsWithDefaultsFilledIn() throws Exception {
        List<HookSpec> specs = HookSpecs.parse(yaml("""
                - type: tts-length
                  at: output
                  params: {maxChars: 160}
                - type: schema-arguments
                  at: pre-tool
                - type: test-sleep
                  at: post-tool
                  params: {ms: 5}
                  timeoutMs: 200
                  onFailure: block
                """));
        assertEquals(new HookSpec("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 160), 50, HookSpec.OnFailure.BLOCK), specs.get(0));
        assertEquals(HookSpec.OnFailure.BLOCK, specs.get(1).onFailure());
        assertEquals(200, specs.get(2).timeoutMs());
        assertEquals(HookSpec.OnFailure.BLOCK, specs.get(2).onFailure());
        assertEquals(List.of(), HookRegistry.load().validate(specs, Fixtures.ENV));
    }

    @Test
    void structuralMistakesNameTheHookAndTheKey() throws Exception {
        var e = assertThrows(IllegalArgumentException.class, () -> HookSpecs.parse(yaml("""
                - type: tts-length
                  at: after-output
                - type: not-empty
                  point: output
                - type: not-empty
                  at: output
                  onFailure: ignore
                """)));
        assertTrue(e.getMessage().contains("hooks[0]: unknown hook point 'after-output'"), e.getMessage());
        assertTrue(e.getMessage().contains("hooks[1]: unknown key 'point'"), e.getMessage());
        assertTrue(e.getMessage().contains("hooks[2]: onFailure must be 'allow' or 'block', got 'ignore'"), e.getMessage());
    }
}
