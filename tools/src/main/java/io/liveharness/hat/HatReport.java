package io.liveharness.hat;

import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.eval.run.Transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.report.Html;
import io.liveharness.training.recipe.Steps;

import java.nio.file.Files;
import java.nio.file.Path;
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

    static String html(JsonNode r) {
        StringBuilder h = new StringBuilder("<!doctype html><meta charset=utf-8><title>HAT replay: ").append(Html.esc(r.path("plan").asText()))
                .append("</title>").append(Html.STYLE).append("<h1>HAT replay: fixed-harness SFT, HSA-SFT, HSA-RL</h1>");
        JsonNode p = r.path("planSettings");
        h.append("<p>Plan <code>").append(Html.esc(r.path("plan").asText())).append("</code>: qwen3 hidden ").append(p.path("model").path("hidden"))
                .append(", ").append(p.path("model").path("layers")).append(" layers, init <code>").append(Html.esc(p.path("init").asText()))
                .append("</code>, ").append(String.format(Locale.ROOT, "%,d", p.path("training").path("tokens").asLong()))
                .append(" tokens per SFT arm. Withheld from HSA training: <code>").append(Html.esc(p.path("variants").path("withheld").asText()))
                .append("</code>. Eval: ").append(r.path("arms").path(0).path("sets").path("default").path("cases"))
                .append(" dev-set cases; held-out variants of seed ").append(p.path("eval").path("heldOutSeed")).append(" (")
                .append(p.path("eval").path("heldOutVariants")).append(" with every transformation, ")
                .append(p.path("eval").path("withheldVariants")).append(" with the withheld family only). Checks only, no judge.</p>");

        h.append("<h2>Scores</h2><table><tr><th>arm</th>");
        for (EvalSet s : EvalSet.values()) h.append("<th>").append(Html.esc(s.title())).append("<br><small>accuracy / effectiveness</small></th>");
        h.append("<th>spread over held-out variants<br><small>points, accuracy / effectiveness</small></th></tr>");
        for (JsonNode a : r.path("arms")) {
            h.append("<tr><th>").append(a.path("arm").asText()).append("</th>");
            for (EvalSet s : EvalSet.values()) {
                JsonNode x = a.path("sets").path(s.id());
                h.append("<td class=num>").append(Html.pct(x.path("accuracy").asDouble())).append(" / ").append(Html.pct(x.path("effectiveness").asDouble()))
                        .append(" <small>(").append(x.path("cases").asInt()).append(")</small><br><small>own ")
                        .append(Html.pct(x.path("accuracyOwn").asDouble())).append(" / ").append(Html.pct(x.path("effectivenessOwn").asDouble()))
                        .append("; fallback ").append(Html.pct(x.path("byFallback").asDouble())).append("</small></td>");
            }
            h.append(String.format(Locale.ROOT, "<td class=num>%.1f / %.1f</td></tr>", 100 * a.path("spread").path("accuracy").asDouble(),
                    100 * a.path("spread").path("effectiveness").asDouble()));
        }
        h.append("</table><p><small>Each cell: what the viewer got (the eval's scores, the node's grounded fallback included);"
                + " below it, <b>own</b>: the cases that pass and were not answered by the fallback (the model's own replies and silences),"
                + " and the share the fallback answered. A model that breaks under a harness (its tool calls refused, its reply blocked)"
                + " is answered for by the fallback, which states the catalogue's facts and often scores better than a small model's"
                + " replies: the upper figure then rises as the model fails. The intervals below are of the upper figures.</small></p>\n");

        h.append("<h2>Paired-bootstrap intervals (95%)</h2><table><tr><th>B vs A</th><th>set</th><th>pairs</th><th>accuracy B−A [interval]</th>"
                + "<th>effectiveness B−A [interval]</th><th>file</th></tr>");
        for (JsonNode c : r.path("comparisons")) {
            h.append("<tr><td>").append(c.path("b").asText()).append(" vs ").append(c.path("a").asText()).append("</td><td>")
                    .append(c.path("set").asText()).append("</td><td class=num>").append(c.path("pairs")).append("</td>");
            for (String m : List.of("accuracy", "effectiveness")) {
                JsonNode d = c.path("deltas").path(m);
                boolean sig = d.path("low").asDouble() > 0 || d.path("high").asDouble() < 0;
                h.append(String.format(Locale.ROOT, "<td class=num>%s%+.1f [%+.1f, %+.1f]%s</td>", sig ? "<b>" : "", 100 * d.path("delta").asDouble(),
                        100 * d.path("low").asDouble(), 100 * d.path("high").asDouble(), sig ? "</b>" : ""));
            }
            h.append("<td><a href=\"").append(Html.esc(c.path("file").asText())).append("\">json</a></td></tr>");
        }
        h.append("</table><p><small>Bold: the interval lies wholly on one side of zero. Pairs are (case, variant).</small></p>");

        h.append("<h2>Cost</h2><table><tr><th>arm</th><th>tokens trained on</th><th>CPU hours (data + training)</th><th>wall hours</th>"
                + "<th>held-out loss</th><th>loss curve</th><th>eval CPU hours</th></tr>");
        for (JsonNode a : r.path("arms")) {
            h.append("<tr><th>").append(a.path("arm").asText()).append("</th><td class=num>")
                    .append(String.format(Locale.ROOT, "%,d", a.path("tokens").asLong()));
            if (a.has("tokensIncludingHsaSft")) h.append(String.format(Locale.ROOT, " <small>(%,d with hsa-sft's)</small>", a.path("tokensIncludingHsaSft").asLong()));
            h.append(String.format(Locale.ROOT, "</td><td class=num>%.4f", a.path("cpuHours").asDouble()));
            if (a.has("cpuHoursIncludingHsaSft")) h.append(String.format(Locale.ROOT, " <small>(%.4f with hsa-sft's)</small>", a.path("cpuHoursIncludingHsaSft").asDouble()));
            h.append(String.format(Locale.ROOT, "</td><td class=num>%.4f</td><td class=num>%s</td><td>%s</td><td class=num>%.4f</td></tr>",
                    a.path("wallHours").asDouble(), a.path("heldOutLoss").isNumber() ? String.format(Locale.ROOT, "%.4f", a.path("heldOutLoss").asDouble()) : "",
                    a.has("lossCurve") ? "<a href=\"" + Html.esc(a.path("lossCurve").asText()) + "\">loss.html</a>" : Html.esc(a.path("note").asText()),
                    a.path("evalCpuHours").asDouble()));
        }
        h.append("</table>");

        JsonNode rl = r.path("rl");
        h.append("<h2>Reinforcement stage (expert iteration from hsa-sft)</h2><p>").append(rl.path("cases")).append(" training cases, ")
                .append(rl.path("samples")).append(" samples, ").append(rl.path("kept")).append(" kept (best sample of a case with reward ≥ ")
                .append(rl.path("threshold")).append(String.format(Locale.ROOT, "); mean reward %.3f, mean best reward %.3f. Mean of each part: ",
                        rl.path("meanReward").asDouble(), rl.path("meanBestReward").asDouble()))
                .append(Html.esc(rl.path("meanRewardParts").toString())).append(". Every sample: <a href=\"rl/samples.jsonl\">rl/samples.jsonl</a>.</p>");

        h.append("<h2>Failed checks per arm and set</h2><table><tr><th>arm</th><th>set</th><th>failed checks (cases)</th><th>failure kinds</th></tr>");
        for (JsonNode a : r.path("arms")) {
            for (EvalSet s : EvalSet.values()) {
                JsonNode x = a.path("sets").path(s.id());
                h.append("<tr><td>").append(a.path("arm").asText()).append("</td><td>").append(s.id()).append("</td><td>")
                        .append(pairs(x.path("failedChecks"))).append("</td><td>").append(pairs(x.path("failureKinds"))).append("</td></tr>");
            }
        }
        h.append("</table>");

        h.append("<h2>Steps</h2><table><tr><th>step</th><th>wall s</th><th>CPU s</th></tr>");
        for (JsonNode s : r.path("steps")) {
            h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td class=num>%.1f</td><td class=num>%.1f</td></tr>", Html.esc(s.path("step").asText()),
                    s.path("wallMs").asLong() / 1000.0, s.path("cpuMs").asLong() / 1000.0));
        }
        return h.append("</table>").toString();
    }

    private static String pairs(JsonNode counts) {
        TreeSet<String> keys = new TreeSet<>();
        counts.fieldNames().forEachRemaining(keys::add);
        StringBuilder s = new StringBuilder();
        for (String k : keys) s.append(s.isEmpty() ? "" : ", ").append(Html.esc(k)).append(' ').append(counts.path(k).asInt());
        return s.isEmpty() ? "none" : s.toString();
    }

    private HatReport() { }
}
