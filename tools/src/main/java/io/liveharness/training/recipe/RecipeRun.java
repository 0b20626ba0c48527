package io.liveharness.training.recipe;

import io.liveharness.config.NodeConfig;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.EvalRunner;
import io.liveharness.eval.run.RunFiles;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.training.data.ChatEncoder;
import io.liveharness.training.data.EncodedSet;
import io.liveharness.training.data.KindMix;
import io.liveharness.training.data.TrajectoryBuilder;
import io.liveharness.training.rl.ExpertIteration;
import io.liveharness.training.tokenizer.GgufVocabulary;
import io.liveharness.training.trainer.GgufExport;
import io.liveharness.training.trainer.TrainSettings;
import io.liveharness.training.trainer.Trainer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link Recipe} in an output folder, one step at a time, each with its done marker
 * ({@link Steps}): a stage's data, its training (resumed from its checkpoint after a kill), its
 * model; then every eval set on the last model, and the report. A rerun skips what is done, so
 * after a kill the same command continues. The folder keeps a copy of the recipe and refuses
 * another one: its steps would mix two recipes.
 *
 * <pre>
 * OUT/recipe.yaml             the recipe as run
 * OUT/stages/NAME/data/       trajectories and tokens (sft), or samples, kept trajectories and tokens (rl)
 * OUT/stages/NAME/run/        the trainer's run folder: settings, log, loss.html, checkpoint
 * OUT/stages/NAME/model.gguf  the stage's model
 * OUT/model.gguf              the last stage's model, named as the recipe says
 * OUT/eval/SET/               an eval run folder per set
 * OUT/report.html, report.json, steps/
 * </pre>
 */
public final class RecipeRun {
    static final String COPY = "recipe.yaml", MODEL = "model.gguf";

    /** How an invocation ended. */
    public record Result(Path out, boolean finished, Path report, Path model) { }

    /** @param maxNewSteps how many steps this invocation may run; 0 for all (tests use it as a kill) */
    public static Result run(Path recipeFile, Path out, NodeConfig config, PrintStream progress, int maxNewSteps) throws Exception {
        Recipe recipe = Recipe.load(recipeFile);
        claim(recipeFile, out);
        int total = recipe.stages().size() * 3 + recipe.eval().size() + 2;
        Steps steps = new Steps(out, progress, "recipe", total, maxNewSteps);
        boolean quiet = progress == null;
        Path previousRun = recipe.fromScratch() ? null : Path.of(recipe.init());
        Path previousModel = previousRun;
        Path heldOut = null;
        try {
            for (Recipe.Stage stage : recipe.stages()) {
                Path dir = out.resolve("stages").resolve(stage.name());
                Path data = dir.resolve("data"), run = dir.resolve("run"), model = dir.resolve(MODEL);
                if (stage.isRl()) {
                    Path policy = previousModel;
                    var d = steps.run("samples:" + stage.name(), () -> ExpertIteration.sample(rlSettings(recipe, stage.rl()), config, policy, data, progress));
                    if (((Number) d.result().get("kept")).intValue() == 0) {
                        // nothing reached the threshold: nothing to learn, and the stage's model is the one before it
                        Path from = previousModel, fromRun = previousRun;
                        steps.run("train:" + stage.name(), () -> Map.of("skipped", "no sample reached rl.threshold " + stage.rl().threshold(),
                                "initFrom", String.valueOf(fromRun)));
                        steps.run("model:" + stage.name(), () -> {
                            Files.createDirectories(dir);
                            Files.copy(from, model, StandardCopyOption.REPLACE_EXISTING);
                            return Map.of("model", model.toString(), "copiedFrom", from.toString());
                        });
                        continue;
                    }
                    var rl = stage.rl();
                    // the held-out loss is the last sft stage's sessions (what RL may make it forget); none from a checkpoint alone
                    train(steps, recipe, stage, data.resolve(ExpertIteration.TOKENS), heldOut, run, previousRun, rl.batch(), rl.lr(), rl.lr() / 10, quiet);
                } else {
                    var sft = stage.sft();
                    steps.run("data:" + stage.name(), () -> sftData(recipe, sft, config, data, progress));
                    heldOut = data.resolve("held-out.tokens.jsonl");
                    train(steps, recipe, stage, data.resolve("train.tokens.jsonl"), heldOut, run, previousRun, sft.batch(), sft.lr(), sft.minLr(), quiet);
                }
                steps.run("model:" + stage.name(), () -> {
                    Trainer.export(run, model, recipe.name(), GgufExport.Precision.F16);
                    return Map.of("model", model.toString(), "bytes", Files.size(model));
                });
                previousRun = run;
                previousModel = model;
            }
            Path last = previousModel;
            steps.run("model", () -> {
                Files.copy(last, out.resolve(MODEL), StandardCopyOption.REPLACE_EXISTING);
                return Map.of("model", out.resolve(MODEL).toString(), "from", last.toString());
            });
            for (Recipe.EvalSet set : recipe.eval()) {
                steps.run("eval:" + set.name(), () -> evaluate(set, config, out.resolve(MODEL), out.resolve("eval").resolve(set.name()), progress));
            }
            steps.run("report", () -> {
                RecipeReport.write(recipe, recipeFile, out, steps.done());
                return Map.of("html", out.resolve(RecipeReport.HTML).toString());
            });
        } catch (Steps.Stopped stopped) {
            if (progress != null) progress.println("recipe: " + stopped.getMessage() + " (the step limit of this invocation); rerun to continue");
            return new Result(out, false, null, null);
        }
        return new Result(out, true, out.resolve(RecipeReport.HTML), out.resolve(MODEL));
    }

    private static void train(Steps steps, Recipe recipe, Recipe.Stage stage, Path data, Path heldOut, Path run, Path initFrom, int batch,
                              double lr, double minLr, boolean quiet) {
        var m = recipe.model();
        steps.run("train:" + stage.name(), () -> {
            TrainSettings s = TrainSettings.defaults(data, heldOut, Path.of(m.vocab()), run)
                    .withShape(m.hidden(), m.layers(), m.heads(), m.kvHeads(), m.headDim(), m.ffn(), m.context(), true)
                    .withSchedule(batch, lr, minLr, -1, 0, stage.tokens())
                    .withRun(recipe.seed(), recipe.threads(), recipe.checkpointMinutes(), 50, 0, 5)
                    .withInitFrom(initFrom);
            Trainer.Result r = new Trainer(s, quiet).run();
            if (!r.finished()) throw new IllegalStateException(stage.name() + ": training stopped at step " + r.step() + " of " + r.totalSteps());
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("purpose", stage.purpose());
            out.put("steps", r.step());
            out.put("tokens", stage.tokens());
            out.put("loss", r.lastLoss());
            out.put("heldOutLoss", Double.isNaN(r.heldOutLoss()) ? null : r.heldOutLoss());
            out.put("lossCurve", run.resolve("loss.html").toString());
            out.put("initFrom", initFrom == null ? Recipe.SCRATCH : initFrom.toString());
            return out;
        });
    }

    private static Map<String, Object> sftData(Recipe recipe, Recipe.Sft d, NodeConfig config, Path dir, PrintStream progress) throws Exception {
        var options = new TrajectoryBuilder.Options(config, Path.of(recipe.baseHarness()), dir, d.cases(), d.rooms(), d.variants(), d.defaultShare(),
                d.worldSeed(), d.variantSeed(), List.of(), d.heldOutEvery(), d.maxTurns(), 0, d.mix() == null ? KindMix.DEFAULT_FILE : Path.of(d.mix()),
                progress);
        var s = TrajectoryBuilder.build(options);
        int retyped = d.paraphrase() > 0 ? ViewerRetyping.rewrite(dir.resolve("train.jsonl"), d.paraphrase(), d.worldSeed(),
                io.liveharness.router.dataset.NearCopies.ofEvalMessages()) : 0;
        ChatEncoder encoder = new ChatEncoder(GgufVocabulary.read(Path.of(recipe.model().vocab())));
        var train = EncodedSet.write(encoder, dir.resolve("train.jsonl"), dir.resolve("train.tokens.jsonl"), recipe.model().context(), d.keyWeight());
        // held-out loss stays comparable across weightings with weight 1 (docs/training.md)
        var held = EncodedSet.write(encoder, dir.resolve("held-out.jsonl"), dir.resolve("held-out.tokens.jsonl"), recipe.model().context(), 1);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cases", s.cases());
        out.put("trajectories", s.kept());
        out.put("heldOut", s.heldOut());
        out.put("nearCopiesLeftOut", s.nearCopiesLeftOut());
        out.put("sessionsRetyped", retyped);
        out.put("byHarness", s.byHarness());
        out.put("trainSequences", train.sequences());
        out.put("trainTokens", train.tokens());
        out.put("heldOutSequences", held.sequences());
        return out;
    }

    private static ExpertIteration.Settings rlSettings(Recipe recipe, Recipe.Rl rl) {
        return new ExpertIteration.Settings(Path.of(recipe.baseHarness()), rl.rooms(), rl.seed(), Path.of(recipe.devSet()), rl.variants(),
                rl.variantSeed(), List.of(), rl.defaultShare(), rl.cases(), rl.samples(), rl.temperature(), rl.threshold(),
                Path.of(recipe.model().vocab()), recipe.model().context(), rl.keyWeight());
    }

    /** One eval set on the recipe's model: an ordinary eval run folder, so {@code eval compare} and {@code eval rescore} read it. */
    private static Map<String, Object> evaluate(Recipe.EvalSet set, NodeConfig config, Path model, Path dir, PrintStream progress) throws Exception {
        Harness harness = HarnessLoader.load(HarnessFiles.fromDirectory(Path.of(set.harness())));
        List<DevCase> cases = DevSet.read(Path.of(set.cases()));
        if (set.limit() > 0) cases = cases.subList(0, Math.min(set.limit(), cases.size()));
        long started = System.currentTimeMillis();
        List<CaseRecord> records;
        String modelName;
        boolean testModel;
        try (EvalRig rig = EvalRig.open(config, EvalModels.open(EvalModels.engine(config, model.toString(), null, null, null)),
                EvalModels.router(config), List.of(harness), config.rooms().replyDeadlineMs())) {
            if (progress != null) progress.println("recipe: eval " + set.name() + " (" + harness.version() + "), " + cases.size() + " cases");
            records = EvalRunner.run(rig, harness, cases, new EvalRunner.Options(dir, null, null));
            modelName = rig.modelInfo().name();
            testModel = rig.modelInfo().testModel();
        }
        EvalRunner.finish(dir, new RunMeta("recipe/" + set.name(), harness.version(), set.harness(), modelName + " (llamacpp)", testModel,
                set.cases(), null, null, Instant.ofEpochMilli(started).toString(), System.currentTimeMillis() - started, "./liveharness model recipe"), records);
        RunSummary s = RunFiles.read(dir).summary();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cases", s.cases());
        out.put("accuracy", s.accuracy());
        out.put("effectiveness", s.effectiveness());
        out.put("outcomes", s.outcomes());
        out.put("falseClaims", s.falseClaims());
        out.put("run", dir.toString());
        return out;
    }

    /** The folder belongs to this recipe: a fresh one takes a copy of it, a used one must hold the same text. */
    private static void claim(Path recipeFile, Path out) throws IOException {
        Files.createDirectories(out);
        Path copy = out.resolve(COPY);
        String text = Files.readString(recipeFile);
        if (Files.isRegularFile(copy)) {
            if (!Files.readString(copy).equals(text) && !Recipe.load(copy).equals(Recipe.load(recipeFile))) {
                throw new IllegalArgumentException(out + " holds a run of another recipe (" + copy + " differs from " + recipeFile
                        + "): use another --out, or the same recipe to resume");
            }
            return;
        }
        Files.writeString(copy, text);
    }

    private RecipeRun() { }
}
