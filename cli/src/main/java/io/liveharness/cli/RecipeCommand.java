package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.YamlFiles;
import io.liveharness.training.recipe.RecipeRun;

import java.nio.file.Path;
import java.util.Set;

/** {@code model recipe RECIPE.yaml [--out DIR]}: the avatar trained end to end from one recipe (docs/training.md, "One recipe"). */
final class RecipeCommand {
    static final String USAGE = "model recipe RECIPE.yaml [--out DIR] [--conf F]";

    static int run(String[] args) throws Exception {
        if (args.length < 2 || args[1].startsWith("--")) throw new UsageException("usage: " + USAGE);
        Path recipe = Path.of(args[1]);
        Options o = Options.parse(args, 2, Set.of("out", "conf"), Set.of());
        String stem = recipe.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path out = Path.of(o.get("out", "var/recipes/" + stem));
        var config = ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString())));
        RecipeRun.Result r;
        try {
            r = RecipeRun.run(recipe, out, config, System.err, 0);
        } catch (YamlFiles.FileException | IllegalArgumentException e) {
            System.err.println("liveharness model recipe: " + e.getMessage());
            return 1;
        }
        System.out.println("recipe: " + (r.finished() ? "done; model " + r.model() + ", report " + r.report() : "stopped; rerun to continue")
                + " (" + r.out() + ")");
        return r.finished() ? 0 : 1;
    }

    private RecipeCommand() { }
}
