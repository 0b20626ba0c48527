package io.liveharness.eval.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.Json;
import io.liveharness.ops.Interval;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live half of `harness promote`: refused only where the canary's interval lies wholly on the wrong side of stable's. */
class LiveGateTest {

    @Test
    void aCanaryWhoseFalseClaimRateIntervalLiesAboveStablesIsRefused() {
        JsonNode q = quality(arm("v2", "hooks-ab", "treatment", 200, 30, 5, 190), arm("v1", "hooks-ab", "control", 200, 2, 5, 190));
        LiveGate.Decision d = LiveGate.check(q, "v2", "v1");
        assertFalse(d.allowed(), d.reason());
        assertTrue(d.reason().contains("false-claim rate: v2 15.0% [10.7-20.6] (200 replies) vs stable 1.0% [0.3-3.6] (200 replies)"), d.reason());
        assertTrue(d.reason().startsWith("live evidence (experiment hooks-ab)"), d.reason());
        assertEquals(3, d.evidence().size(), "each rate compared is shown: " + d.evidence());
    }

    @Test
    void overlappingIntervalsAreNoEvidenceEitherWay() {
        JsonNode q = quality(arm("v2", "hooks-ab", "treatment", 20, 2, 1, 19), arm("v1", "hooks-ab", "control", 20, 0, 1, 19));
        assertTrue(LiveGate.check(q, "v2", "v1").allowed(), "2 of 20 against 0 of 20 could be chance");
    }

    @Test
    void aCanaryCoveringFewerQuestionsBeyondItsIntervalIsRefused() {
        JsonNode q = quality(arm("v2", "hooks-ab", "treatment", 200, 0, 0, 100), arm("v1", "hooks-ab", "control", 200, 0, 0, 195));
        LiveGate.Decision d = LiveGate.check(q, "v2", "v1");
        assertFalse(d.allowed());
        assertTrue(d.reason().contains("question coverage"), d.reason());
    }

    @Test
    void withoutLiveFiguresOfBothVersionsTheOfflineGateDecides() {
        LiveGate.Decision d = LiveGate.check(quality(arm("v1", "none", "none", 50, 0, 0, 50)), "v2", "v1");
        assertTrue(d.allowed());
        assertTrue(d.reason().startsWith("no live figures"), d.reason());
    }

    private static JsonNode quality(ObjectNode... arms) {
        ObjectNode q = Json.MAPPER.createObjectNode();
        for (ObjectNode a : arms) q.withArray("arms").add(a);
        return q;
    }

    /** An arm as GET /v1/quality gives it: {@code replies} spoken of {@code replies} questions, {@code covered} of them covered. */
    private static ObjectNode arm(String version, String experiment, String arm, int replies, int wrong, int fallbacks, int covered) {
        ObjectNode a = Json.MAPPER.createObjectNode().put("version", version).put("experiment", experiment).put("arm", arm)
                .put("questions", replies).put("replies", replies).put("covered", covered);
        a.set("falseClaimRate", wilson(wrong, replies));
        a.set("fallbackShare", wilson(fallbacks, replies));
        a.set("coverage", wilson(covered, replies));
        return a;
    }

    private static ObjectNode wilson(int k, int n) {
        Interval i = Interval.wilson(k, n);
        return Json.MAPPER.createObjectNode().put("value", i.value()).put("low", i.low()).put("high", i.high());
    }
}
