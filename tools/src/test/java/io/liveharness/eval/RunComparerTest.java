package io.liveharness.eval;

import io.liveharness.eval.compare.Comparison;
import io.liveharness.eval.compare.ComparisonText;
import io.liveharness.eval.compare.RunComparer;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.run.Robustness;
import io.liveharness.eval.run.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two runs compared on synthetic scores: the flips, their groups, the deltas; and the spread over variants. */
class RunComparerTest {

    private static CaseScore score(String id, String intent, boolean acc, boolean eff, List<String> failures) {
        return new CaseScore(id, "dress-room", intent, "zh", List.of(), intent, "model", acc, eff, List.of(), List.of(), List.of(), null, failures);
    }

    @Test
    void flipsAreGroupedByIntentAndTheNewFailuresByKind() {
        List<CaseScore> a = new ArrayList<>(), b = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            a.add(score("p" + i, "product_qa", true, i < 20, List.of()));
            // B refuses more: accuracy stays, effectiveness loses 10 product cases to over-refusal
            b.add(score("p" + i, "product_qa", true, i < 10, i < 10 || i >= 20 ? List.of() : List.of("over_refusal")));
        }
        a.add(score("c1", "chitchat", false, true, List.of("missed_refusal")));
        b.add(score("c1", "chitchat", true, true, List.of()));
        a.add(score("only-a", "chitchat", true, true, List.of()));
        Comparison c = RunComparer.compare("A", "v1", a, "B", "v2", b, 5, 4000);
        assertEquals(41, c.cases());
        assertEquals(List.of("only-a"), c.onlyInOne());
        assertEquals(-10.0 / 41, c.deltas().get("effectiveness").delta(), 1e-12);
        assertTrue(c.deltas().get("effectiveness").high() < 0, "ten breaks and no fixes is a significant fall");
        assertEquals(1.0 / 41, c.deltas().get("accuracy").delta(), 1e-12);
        assertEquals(11, c.flips().size());
        assertEquals(new Comparison.Counts(0, 10), c.flipsByIntent().get("product_qa").get("effectiveness"));
        assertEquals(new Comparison.Counts(1, 0), c.flipsByIntent().get("chitchat").get("accuracy"));
        assertEquals(Map.of("over_refusal", 10), c.regressionsByKind());
        assertTrue(ComparisonText.render(c).contains("effectiveness"));
    }

    @Test
    void theSpreadIsOverTheVariantsWithTheBaseBesideThem() {
        Map<String, RunSummary> runs = new LinkedHashMap<>();
        runs.put("base", summary(0.9, 0.8));
        runs.put("v1", summary(0.8, 0.8));
        runs.put("v2", summary(0.6, 0.8));
        Robustness r = Robustness.of("base", 1, runs);
        assertEquals(0.9, r.accuracy().base(), 1e-12);
        assertEquals(0.7, r.accuracy().mean(), 1e-12);
        assertEquals(0.6, r.accuracy().min(), 1e-12);
        assertEquals(0.8, r.accuracy().max(), 1e-12);
        assertEquals(Math.sqrt(0.02), r.accuracy().stdev(), 1e-12);
        assertEquals(0, r.effectiveness().stdev(), 1e-12);
    }

    private static RunSummary summary(double acc, double eff) {
        return new RunSummary(10, acc, eff, Map.of(), Map.of(), Map.of(), Map.of(), 0, Map.of(), Map.of(), 0, Map.of(), null, null);
    }
}
