package io.liveharness.hooks;

import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookSpecs;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A hook's feedback words its block for the model around the hook's own reason; it needs the reason in it. */
class HookFeedbackTest {

    @Test
    void feedbackWrapsTheReasonAndNoFeedbackLeavesItAlone() {
        HookSpec worded = HookSpecs.parse(List.of(Map.of("type", "tts-length", "at", "output", "feedback", "Please fix this: {reason}"))).getFirst();
        assertEquals("Please fix this: too long", worded.worded("too long"));
        HookSpec plain = HookSpecs.parse(List.of(Map.of("type", "tts-length", "at", "output"))).getFirst();
        assertEquals("too long", plain.worded("too long"));
    }

    @Test
    void feedbackWithoutTheReasonIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> HookSpecs.parse(List.of(Map.of("type", "tts-length", "at", "output", "feedback", "no"))));
    }
}
