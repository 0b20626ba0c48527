package io.liveharness.cli;

import io.liveharness.config.YamlFiles;
import io.liveharness.training.recipe.RecipeRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code model recipe RECIPE.yaml [--out DIR]}: the avatar trained end to end from one recipe (docs/training.md, "One recipe"). */
@Command(name = "recipe", mixinStandardHelpOptions = true, description = "Train the avatar end to end from one recipe: its stages (sft, or rl with the"
        + " strict claim checks as reward) from scratch or a named checkpoint, then the last model on every eval set; rerun to resume after a kill;"
        + " exit 1 when it stopped before the report.")
final class RecipeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RECIPE.yaml", description = "the recipe, e.g. models/avatar/recipe.yaml") Path recipe;
    @Option(names = "--out", paramLabel = "DIR", description = "the run folder (default: var/recipes/<recipe>)") Path out;
    @Mixin ConfOption conf;

    @Override
    public Integer call() throws Exception {
        String stem = recipe.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path dir = out != null ? out : Path.of("var/recipes/" + stem);
        var config = conf.load();
        RecipeRun.Result r;
        try {
            r = RecipeRun.run(recipe, dir, config, System.err, 0);
        } catch (YamlFiles.FileException | IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        System.out.println("recipe: " + (r.finished() ? "done; model " + r.model() + ", report " + r.report() : "stopped; rerun to continue")
                + " (" + r.out() + ")");
        return r.finished() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
