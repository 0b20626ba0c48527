package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.report.Html;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.json} and {@code report.html} of a recipe run: each stage with its purpose, tokens,
 * losses, time and a link to its loss curve; the last model's figures on every eval set.
 */
final class RecipeReport {
    static final String HTML = "report.html", JSON_FILE = "report.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static void write(Recipe recipe, Path recipeFile, Path out, Map<String, Steps.Done> done) throws Exception {
        ObjectNode report = JSON.createObjectNode();
        report.put("recipe", recipeFile.toString());
        report.set("settings", JSON.valueToTree(recipe));
        report.set("steps", JSON.valueToTree(done));
        Files.writeString(out.resolve(JSON_FILE), JSON.writeValueAsString(report));
        JsonNode steps = report.path("steps");

        StringBuilder h = new StringBuilder("<!doctype html><meta charset=utf-8><title>recipe ").append(Html.esc(recipe.name()))
                .append("</title><style>").append(Html.STYLE).append("</style>");
        h.append("<h1>Recipe ").append(Html.esc(recipe.name())).append("</h1><p>").append(Html.esc(recipeFile)).append(", from ")
                .append(Html.esc(recipe.init())).append("</p>");
        h.append("<h2>Stages</h2><table><tr><th>stage</th><th>purpose</th><th>kind</th><th>tokens</th><th>steps</th><th>loss</th>"
                + "<th>held-out loss</th><th>kept samples</th><th>wall min</th><th>loss curve</th></tr>");
        for (Recipe.Stage s : recipe.stages()) {
            JsonNode train = steps.path("train:" + s.name());
            JsonNode r = train.path("result");
            JsonNode samples = steps.path("samples:" + s.name()).path("result");
            long wallMs = train.path("wallMs").asLong() + steps.path("data:" + s.name()).path("wallMs").asLong()
                    + steps.path("samples:" + s.name()).path("wallMs").asLong();
            h.append("<tr><td>").append(Html.esc(s.name())).append("</td><td>").append(Html.esc(s.purpose())).append("</td><td>")
                    .append(s.isRl() ? "rl" : "sft").append("</td><td>").append(String.format(Locale.ROOT, "%,d", s.tokens())).append("</td><td>")
                    .append(r.path("steps").asText(r.path("skipped").asText(""))).append("</td><td>").append(num(r.path("loss")))
                    .append("</td><td>").append(num(r.path("heldOutLoss"))).append("</td><td>")
                    .append(s.isRl() ? samples.path("kept").asText() + " of " + samples.path("cases").asText() : "").append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.1f", wallMs / 60000.0)).append("</td><td>");
            if (r.has("lossCurve")) {
                String rel = out.relativize(Path.of(r.path("lossCurve").asText())).toString();
                h.append("<a href=\"").append(Html.esc(rel)).append("\">loss.html</a>");
            }
            h.append("</td></tr>");
        }
        h.append("</table><h2>The last model on each eval set</h2><table><tr><th>set</th><th>cases</th><th>Accuracy</th><th>Effectiveness</th>"
                + "<th>outcomes</th><th>run</th></tr>");
        for (Recipe.EvalSet e : recipe.eval()) {
            JsonNode r = steps.path("eval:" + e.name()).path("result");
            h.append("<tr><td>").append(Html.esc(e.name())).append("</td><td>").append(r.path("cases").asText()).append("</td><td>")
                    .append(Html.pct(r.path("accuracy").asDouble())).append("</td><td>").append(Html.pct(r.path("effectiveness").asDouble()))
                    .append("</td><td>").append(Html.esc(r.path("outcomes").toString())).append("</td><td><a href=\"eval/")
                    .append(Html.esc(e.name())).append("/report.html\">report</a></td></tr>");
        }
        h.append("</table>");
        Files.writeString(out.resolve(HTML), h.toString());
    }

    private static String num(JsonNode n) { return n.isNumber() ? String.format(Locale.ROOT, "%.3f", n.asDouble()) : ""; }

    private RecipeReport() { }
}
