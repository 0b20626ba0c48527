package io.liveharness.eval;

import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.eval.run.Transcript;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A slice counts as the model's only the answers the model gave itself with both metrics passed. */
class RunSummaryTest {
    @Test
    void aFallbackThatStatesTheFactsIsEffectiveButNotTheModelsAnswer() {
        List<CaseScore> scores = List.of(
                score("a", Transcript.MODEL, true, true),
                score("b", "fallback", true, true),
                score("c", Transcript.MODEL, true, false),
                score("d", Transcript.MODEL, false, true));

        RunSummary.Slice shelf = RunSummary.of(scores).byTag().get("shelf-life");

        assertEquals(4, shelf.cases());
        assertEquals(0.75, shelf.accuracy(), 1e-12);
        assertEquals(0.75, shelf.effectiveness(), 1e-12);
        assertEquals(0.25, shelf.byModel(), 1e-12);
    }

    private static CaseScore score(String id, String outcome, boolean acc, boolean eff) {
        return new CaseScore(id, "snack-room", "product_qa", "zh", List.of("shelf-life"), "product_qa", outcome, acc, eff,
                List.of(), List.of(), List.of(), null, List.of());
    }
}
