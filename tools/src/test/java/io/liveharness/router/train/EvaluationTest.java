package io.liveharness.router.train;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluationTest {
    @Test
    void accuracyMacroF1AndConfusionAgreeWithAHandCount() {
        Evaluation e = Evaluation.of(List.of("a", "a", "a", "b"), List.of("a", "a", "b", "b"));
        assertEquals(0.75, e.accuracy(), 1e-12);
        // a: p=1 r=2/3 f1=0.8; b: p=0.5 r=1 f1=2/3
        assertEquals((0.8 + 2.0 / 3) / 2, e.macroF1(), 1e-12);
        assertEquals(1, e.confusion()[0][1]);
        String html = ReportWriter.html("t", List.of(), e);
        assertTrue(html.contains("<table") && html.contains("rgba("));
    }
}
