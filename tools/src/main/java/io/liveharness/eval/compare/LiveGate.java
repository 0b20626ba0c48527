package io.liveharness.eval.compare;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The live half of a promotion: a node's per-arm figures ({@code GET /v1/quality}) for the
 * candidate and the stable version, ideally the two arms of one experiment. The candidate is
 * refused where its 95 % interval lies wholly on the wrong side of stable's: a false-claim rate or
 * a fallback share above, a question coverage below. Overlapping intervals are no evidence either
 * way, and neither are figures the node does not have: the offline gate decides those.
 */
public final class LiveGate {

    /** {@code evidence}: the figures compared, one line each, for the operator and the promotion log. */
    public record Decision(boolean allowed, String reason, List<String> evidence) { }

    private record Rate(String key, String label, int better) { }

    private static final List<Rate> RATES = List.of(new Rate("falseClaimRate", "false-claim rate", -1),
            new Rate("fallbackShare", "fallback share", -1), new Rate("coverage", "question coverage", +1));

    public static Decision check(JsonNode quality, String candidate, String stable) {
        JsonNode[] pair = arms(quality, candidate, stable);
        if (pair == null) {
            return new Decision(true, "no live figures of both " + candidate + " and " + stable + " on the node (run an experiment between them)", List.of());
        }
        JsonNode c = pair[0];
        JsonNode s = pair[1];
        List<String> evidence = new ArrayList<>();
        List<String> worse = new ArrayList<>();
        for (Rate r : RATES) {
            JsonNode ci = c.path(r.key());
            JsonNode si = s.path(r.key());
            String line = String.format(Locale.ROOT, "%s: %s %s vs stable %s", r.label(), candidate, text(ci, c, r), text(si, s, r));
            evidence.add(line);
            if (ci.path("value").isNull() || si.path("value").isNull()) continue;
            boolean wrongSide = r.better() < 0 ? ci.path("low").asDouble() > si.path("high").asDouble()
                    : ci.path("high").asDouble() < si.path("low").asDouble();
            if (wrongSide) worse.add(line);
        }
        String where = c.path("experiment").asText().equals("none") ? "outside an experiment" : "experiment " + c.path("experiment").asText();
        if (!worse.isEmpty()) return new Decision(false, "live evidence (" + where + "): " + String.join("; ", worse), evidence);
        return new Decision(true, "live evidence (" + where + ") shows no arm worse beyond its interval", evidence);
    }

    /** The candidate's and stable's arms: of one experiment if there is one, else each version's own. */
    private static JsonNode[] arms(JsonNode quality, String candidate, String stable) {
        JsonNode bestC = null, bestS = null;
        for (JsonNode a : quality.path("arms")) {
            if (!a.path("version").asText().equals(candidate)) continue;
            for (JsonNode b : quality.path("arms")) {
                if (b.path("version").asText().equals(stable) && b.path("experiment").asText().equals(a.path("experiment").asText())
                        && !a.path("experiment").asText().equals("none")) return new JsonNode[]{a, b};
            }
            if (bestC == null) bestC = a;
        }
        for (JsonNode b : quality.path("arms")) if (bestS == null && b.path("version").asText().equals(stable)) bestS = b;
        return bestC == null || bestS == null ? null : new JsonNode[]{bestC, bestS};
    }

    private static String text(JsonNode i, JsonNode arm, Rate r) {
        String n = r.key().equals("coverage") ? arm.path("questions").asText() + " questions" : arm.path("replies").asText() + " replies";
        if (i.path("value").isNull()) return "- (" + n + ")";
        return String.format(Locale.ROOT, "%.1f%% [%.1f-%.1f] (%s)", 100 * i.path("value").asDouble(), 100 * i.path("low").asDouble(),
                100 * i.path("high").asDouble(), n);
    }

    private LiveGate() { }
}
