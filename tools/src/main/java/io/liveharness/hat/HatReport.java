package io.liveharness.hat;

import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.run.Transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.report.Html;
import io.liveharness.report.HtmlReport;
import io.liveharness.training.recipe.Steps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code report.json} and {@code report.html} of a plan run, from its steps' results: one row per
 * arm, with both metrics on the default harness, on held-out variants (all transformations), on
 * variants of the withheld family only, and the spread over the held-out variants; the paired
 * bootstrap intervals; tokens and CPU hours per arm with the trainer's loss curves; the failed
 * checks and failure kinds per arm and set; the reinforcement stage's samples.
 */
final class HatReport {
    static final String HTML = "report.html", JSON_FILE = "report.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The steps whose cost is each arm's own: data and training (hsa-rl's also stands on hsa-sft's). */
    private static final Map<Arm, List<String>> OWN_STEPS = Map.of(
            Arm.FIXED_SFT, List.of("data:fixed-sft", "train:fixed-sft"),
            Arm.HSA_SFT, List.of("data:hsa-sft", "train:hsa-sft"),
            Arm.HSA_RL, List.of("rl:samples", "train:hsa-rl"));

    static void write(HatPlan plan, Path planFile, Path out, Map<String, Steps.Done> done) throws Exception {
        JsonNode steps = JSON.valueToTree(done);
        ObjectNode report = JSON.createObjectNode();
        report.put("plan", planFile.toString());
        report.set("planSettings", JSON.valueToTree(plan));
        ArrayNode arms = report.putArray("arms");
        for (Arm arm : Arm.values()) {
            ObjectNode a = arms.addObject();
            a.put("arm", arm.id());
            JsonNode train = steps.path("train:" + arm.id()).path("result");
            long tokens = train.path("tokensSeen").asLong();
            double cpu = cpuHours(steps, OWN_STEPS.get(arm));
            a.put("tokens", tokens);
            a.put("cpuHours", cpu);
            a.put("wallHours", wallHours(steps, OWN_STEPS.get(arm)));
            if (arm == Arm.HSA_RL) { // it starts from hsa-sft: what it took in all
                a.put("tokensIncludingHsaSft", tokens + steps.path("train:hsa-sft").path("result").path("tokensSeen").asLong());
                a.put("cpuHoursIncludingHsaSft", cpu + cpuHours(steps, OWN_STEPS.get(Arm.HSA_SFT)));
                if (train.has("skipped")) a.put("note", train.path("skipped").asText());
            }
            a.put("trainSeconds", train.path("trainSeconds").asDouble());
            a.put("heldOutLoss", train.path("heldOutLoss").isNumber() ? train.path("heldOutLoss").asDouble() : null);
            if (train.has("lossCurve")) a.put("lossCurve", out.relativize(Path.of(train.path("lossCurve").asText())).toString());
            a.put("evalCpuHours", cpuHours(steps, List.of("eval:" + arm.id())));
            JsonNode eval = steps.path("eval:" + arm.id()).path("result");
            ObjectNode sets = a.putObject("sets");
            for (EvalSet set : EvalSet.values()) {
                JsonNode s = eval.path(set.id());
                ObjectNode o = sets.putObject(set.id());
                o.put("cases", s.path("cases").asInt());
                o.put("accuracy", s.path("accuracy").asDouble());
                o.put("effectiveness", s.path("effectiveness").asDouble());
                // The eval scores what the viewer got, the grounded fallback included; a model that breaks under a harness
                // (its tool calls refused) is answered for by the fallback, which often scores better than its own replies.
                List<CaseScore> cases = ArmEvaluation.read(out.resolve("arms").resolve(arm.id()), set, switch (set) {
                    case DEFAULT -> 1;
                    case VARIANTS -> plan.eval().heldOutVariants();
                    case WITHHELD -> plan.eval().withheldVariants();
                });
                long byModel = cases.stream().filter(c -> Transcript.MODEL.equals(c.outcome())).count();
                long fallback = cases.stream().filter(c -> Transcript.FALLBACK.equals(c.outcome())).count();
                o.put("byModel", cases.isEmpty() ? 0 : byModel / (double) cases.size());
                o.put("byFallback", cases.isEmpty() ? 0 : fallback / (double) cases.size());
                o.put("accuracyOwn", own(cases, CaseScore::accuracy));
                o.put("effectivenessOwn", own(cases, CaseScore::effectiveness));
                o.set("failedChecks", s.path("failedChecks"));
                o.set("failureKinds", nonZero(s.path("failureKinds")));
            }
            JsonNode rob = eval.path("robustness");
            ObjectNode spread = a.putObject("spread");
            for (String m : List.of("accuracy", "effectiveness")) {
                spread.put(m, rob.path(m).path("max").asDouble() - rob.path(m).path("min").asDouble());
                spread.put(m + "Mean", rob.path(m).path("mean").asDouble());
            }
        }
        report.set("comparisons", steps.path("compare").path("result").path("comparisons"));
        report.set("rl", steps.path("rl:samples").path("result"));
        ArrayNode costs = report.putArray("steps");
        steps.properties().forEach(e -> costs.addObject().put("step", e.getKey()).put("wallMs", e.getValue().path("wallMs").asLong())
                .put("cpuMs", e.getValue().path("cpuMs").asLong()));
        JSON.writeValue(out.resolve(JSON_FILE).toFile(), report);
        Files.writeString(out.resolve(HTML), html(report));
    }

    /** The share of cases that pass and were not answered by the fallback: the model's own (or its silence). */
    private static double own(List<CaseScore> cases, java.util.function.Predicate<CaseScore> pass) {
        if (cases.isEmpty()) return 0;
        return cases.stream().filter(c -> !Transcript.FALLBACK.equals(c.outcome()) && pass.test(c)).count() / (double) cases.size();
    }

    private static double cpuHours(JsonNode steps, List<String> names) {
        return names.stream().mapToLong(n -> steps.path(n).path("cpuMs").asLong()).sum() / 3_600_000.0;
    }

    private static double wallHours(JsonNode steps, List<String> names) {
        return names.stream().mapToLong(n -> steps.path(n).path("wallMs").asLong()).sum() / 3_600_000.0;
    }

    private static ObjectNode nonZero(JsonNode kinds) {
        ObjectNode o = JSON.createObjectNode();
        kinds.properties().forEach(e -> { if (e.getValue().asInt() != 0) o.set(e.getKey(), e.getValue()); });
        return o;
    }

    /** report.html (reports/hat.mustache) from report.json's content. */
    static String html(JsonNode r) {
        JsonNode p = r.path("planSettings");
        Map<String, Object> scope = new HashMap<>();
        scope.put("style", Html.STYLE);
        scope.put("plan", r.path("plan").asText());
        scope.put("hidden", p.path("model").path("hidden").toString());
        scope.put("layers", p.path("model").path("layers").toString());
        scope.put("init", p.path("init").asText());
        scope.put("tokensPerArm", String.format(Locale.ROOT, "%,d", p.path("training").path("tokens").asLong()));
        scope.put("withheld", p.path("variants").path("withheld").asText());
        scope.put("devCases", r.path("arms").path(0).path("sets").path("default").path("cases").toString());
        scope.put("heldOutSeed", p.path("eval").path("heldOutSeed").toString());
        scope.put("heldOutVariants", p.path("eval").path("heldOutVariants").toString());
        scope.put("withheldVariants", p.path("eval").path("withheldVariants").toString());
        scope.put("sets", Arrays.stream(EvalSet.values()).map(EvalSet::title).toList());

        List<Map<String, Object>> scores = new ArrayList<>(), costs = new ArrayList<>(), failures = new ArrayList<>();
        for (JsonNode a : r.path("arms")) {
            String arm = a.path("arm").asText();
            List<Map<String, Object>> cells = new ArrayList<>();
            for (EvalSet set : EvalSet.values()) {
                JsonNode x = a.path("sets").path(set.id());
                cells.add(Map.of("accuracy", Html.pct(x.path("accuracy").asDouble()), "effectiveness", Html.pct(x.path("effectiveness").asDouble()),
                        "cases", x.path("cases").asInt(), "accuracyOwn", Html.pct(x.path("accuracyOwn").asDouble()),
                        "effectivenessOwn", Html.pct(x.path("effectivenessOwn").asDouble()), "byFallback", Html.pct(x.path("byFallback").asDouble())));
                failures.add(Map.of("arm", arm, "set", set.id(), "checks", pairs(x.path("failedChecks")), "kinds", pairs(x.path("failureKinds"))));
            }
            scores.add(Map.of("arm", arm, "cells", cells, "spread", String.format(Locale.ROOT, "%.1f / %.1f",
                    100 * a.path("spread").path("accuracy").asDouble(), 100 * a.path("spread").path("effectiveness").asDouble())));
            Map<String, Object> cost = new HashMap<>();
            cost.put("arm", arm);
            cost.put("tokens", String.format(Locale.ROOT, "%,d", a.path("tokens").asLong()));
            if (a.has("tokensIncludingHsaSft")) cost.put("tokensWithHsaSft", String.format(Locale.ROOT, "%,d", a.path("tokensIncludingHsaSft").asLong()));
            cost.put("cpuHours", String.format(Locale.ROOT, "%.4f", a.path("cpuHours").asDouble()));
            if (a.has("cpuHoursIncludingHsaSft")) cost.put("cpuHoursWithHsaSft", String.format(Locale.ROOT, "%.4f", a.path("cpuHoursIncludingHsaSft").asDouble()));
            cost.put("wallHours", String.format(Locale.ROOT, "%.4f", a.path("wallHours").asDouble()));
            cost.put("heldOutLoss", a.path("heldOutLoss").isNumber() ? String.format(Locale.ROOT, "%.4f", a.path("heldOutLoss").asDouble()) : "");
            if (a.has("lossCurve")) cost.put("lossCurve", a.path("lossCurve").asText());
            cost.put("note", a.path("note").asText());
            cost.put("evalCpuHours", String.format(Locale.ROOT, "%.4f", a.path("evalCpuHours").asDouble()));
            costs.add(cost);
        }
        scope.put("scores", scores);
        scope.put("costs", costs);
        scope.put("failures", failures);

        List<Map<String, Object>> comparisons = new ArrayList<>();
        for (JsonNode c : r.path("comparisons")) {
            List<Map<String, Object>> deltas = new ArrayList<>();
            for (String m : List.of("accuracy", "effectiveness")) {
                JsonNode d = c.path("deltas").path(m);
                deltas.add(Map.of("significant", d.path("low").asDouble() > 0 || d.path("high").asDouble() < 0,
                        "text", String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", 100 * d.path("delta").asDouble(),
                                100 * d.path("low").asDouble(), 100 * d.path("high").asDouble())));
            }
            comparisons.add(Map.of("a", c.path("a").asText(), "b", c.path("b").asText(), "set", c.path("set").asText(),
                    "pairs", c.path("pairs").toString(), "deltas", deltas, "file", c.path("file").asText()));
        }
        scope.put("comparisons", comparisons);

        JsonNode rl = r.path("rl");
        scope.put("rl", Map.of("cases", rl.path("cases").toString(), "samples", rl.path("samples").toString(), "kept", rl.path("kept").toString(),
                "threshold", rl.path("threshold").toString(), "meanReward", String.format(Locale.ROOT, "%.3f", rl.path("meanReward").asDouble()),
                "meanBestReward", String.format(Locale.ROOT, "%.3f", rl.path("meanBestReward").asDouble()), "parts", rl.path("meanRewardParts").toString()));
        List<Map<String, Object>> steps = new ArrayList<>();
        for (JsonNode st : r.path("steps")) {
            steps.add(Map.of("step", st.path("step").asText(), "wall", String.format(Locale.ROOT, "%.1f", st.path("wallMs").asLong() / 1000.0),
                    "cpu", String.format(Locale.ROOT, "%.1f", st.path("cpuMs").asLong() / 1000.0)));
        }
        scope.put("steps", steps);
        return HtmlReport.render("hat", scope);
    }

    /** "kind count, ..." in name order, or "none"; escaped by the template. */
    private static String pairs(JsonNode counts) {
        TreeSet<String> keys = new TreeSet<>();
        counts.fieldNames().forEachRemaining(keys::add);
        StringBuilder s = new StringBuilder();
        for (String k : keys) s.append(s.isEmpty() ? "" : ", ").append(k).append(' ').append(counts.path(k).asInt());
        return s.isEmpty() ? "none" : s.toString();
    }

    private HatReport() { }
}
