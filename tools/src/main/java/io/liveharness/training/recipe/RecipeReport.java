package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.report.Html;
import io.liveharness.report.HtmlReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.json} and {@code report.html} of a recipe run: each stage with its purpose, tokens,
 * losses, time and a link to its loss curve; the last model's figures on every eval set.
 */
final class RecipeReport {
    static final String HTML = "report.html", JSON_FILE = "report.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One stage's row. */
    record StageRow(String name, String purpose, String kind, String tokens, String steps, String loss, String heldOutLoss, String kept,
                    String wallMinutes, String lossCurve) { }

    /** One eval set's row. */
    record EvalRow(String name, String cases, String accuracy, String effectiveness, String outcomes) { }

    static void write(Recipe recipe, Path recipeFile, Path out, Map<String, Steps.Done> done) throws Exception {
        ObjectNode report = JSON.createObjectNode();
        report.put("recipe", recipeFile.toString());
        report.set("settings", JSON.valueToTree(recipe));
        report.set("steps", JSON.valueToTree(done));
        Files.writeString(out.resolve(JSON_FILE), JSON.writeValueAsString(report));
        JsonNode steps = report.path("steps");

        List<StageRow> stages = recipe.stages().stream().map(s -> {
            JsonNode r = steps.path("train:" + s.name()).path("result");
            JsonNode samples = steps.path("samples:" + s.name()).path("result");
            long wallMs = steps.path("train:" + s.name()).path("wallMs").asLong() + steps.path("data:" + s.name()).path("wallMs").asLong()
                    + steps.path("samples:" + s.name()).path("wallMs").asLong();
            return new StageRow(s.name(), s.purpose(), s.isRl() ? "rl" : "sft", String.format(Locale.ROOT, "%,d", s.tokens()),
                    r.path("steps").asText(r.path("skipped").asText("")), num(r.path("loss")), num(r.path("heldOutLoss")),
                    s.isRl() ? samples.path("kept").asText() + " of " + samples.path("cases").asText() : "",
                    String.format(Locale.ROOT, "%.1f", wallMs / 60000.0),
                    r.has("lossCurve") ? out.relativize(Path.of(r.path("lossCurve").asText())).toString() : null);
        }).toList();
        List<EvalRow> evals = recipe.eval().stream().map(e -> {
            JsonNode r = steps.path("eval:" + e.name()).path("result");
            return new EvalRow(e.name(), r.path("cases").asText(), Html.pct(r.path("accuracy").asDouble()),
                    Html.pct(r.path("effectiveness").asDouble()), r.path("outcomes").toString());
        }).toList();
        Files.writeString(out.resolve(HTML), HtmlReport.render("recipe", Map.of("name", recipe.name(), "file", recipeFile.toString(),
                "init", recipe.init(), "style", Html.STYLE, "stages", stages, "evals", evals)));
    }

    private static String num(JsonNode n) { return n.isNumber() ? String.format(Locale.ROOT, "%.3f", n.asDouble()) : ""; }

    private RecipeReport() { }
}
