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

    @Test
    void theHtmlReportShowsEachClassAndTheMatrixWithLabelsEscaped() {
        Evaluation e = Evaluation.of(List.of("price", "<spam>", "price"), List.of("price", "price", "price"));
        String html = ReportWriter.html("router <eval>", List.of("seed 7"), e);
        assertTrue(html.contains("<title>router &lt;eval&gt;</title>"), html);
        assertTrue(html.contains("<p class=\"note\">seed 7</p>"), html);
        assertTrue(html.contains("<td class=\"l\">&lt;spam&gt;</td>"), html);
        assertTrue(html.contains("accuracy <b>0.6667</b>"), html);
        assertTrue(html.contains("<td style=\"background:rgba(46,160,67,1.000)\">2</td>"), "price's row, all right: " + html);
    }
}
