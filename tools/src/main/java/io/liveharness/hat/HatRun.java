package io.liveharness.hat;

import io.liveharness.config.NodeConfig;
import io.liveharness.eval.rubric.CaseScore;
import io.liveharness.training.recipe.Steps;
import io.liveharness.training.rl.ExpertIteration;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one HAT plan end to end in an output folder: the SFT arms' data, their training, the
 * reinforcement stage's samples and training, every arm's evaluation, the comparisons and the
 * report. Each step leaves a done marker ({@link Steps}); a rerun after a kill skips the done
 * steps and continues the one that was cut, training from its checkpoint. The folder keeps a copy
 * of the plan, and a rerun with another plan is refused: its steps would mix two experiments.
 */
public final class HatRun {
    public static final Path BASE_HARNESS = Path.of("harness/default");
    static final String PLAN_COPY = "plan.yaml";
    private static final int STEPS = 11;

    /** How an invocation ended. */
    public record Result(Path out, boolean finished, Path report) { }

    /** @param maxNewSteps how many steps this invocation may run; 0 for all (tests use it as a kill) */
    public static Result run(Path planFile, Path out, NodeConfig config, PrintStream progress, int maxNewSteps) throws Exception {
        HatPlan plan = HatPlan.load(planFile);
        claim(plan, planFile, out);
        Steps steps = new Steps(out, progress, "hat", STEPS, maxNewSteps);
        boolean quiet = progress == null;
        Path data = out.resolve("data"), arms = out.resolve("arms"), rl = out.resolve("rl");
        try {
            for (Arm arm : List.of(Arm.FIXED_SFT, Arm.HSA_SFT)) {
                steps.run("data:" + arm.id(), () -> SftData.build(plan, arm, config, data.resolve(arm.id()), progress));
            }
            Path init = plan.fromScratch() ? null : Path.of(plan.init());
            for (Arm arm : List.of(Arm.FIXED_SFT, Arm.HSA_SFT)) {
                Path d = data.resolve(arm.id());
                var t = plan.training();
                steps.run("train:" + arm.id(), () -> ArmTraining.run(plan, arm, new ArmTraining.Job(d.resolve(SftData.TRAIN),
                        d.resolve(SftData.HELD_OUT), arms.resolve(arm.id()), init, t.tokens(), t.lr(), t.minLr(), plan.seed()), quiet));
            }
            Path hsaModel = arms.resolve(Arm.HSA_SFT.id()).resolve(ArmTraining.MODEL);
            var r0 = plan.rl();
            var settings = new ExpertIteration.Settings(BASE_HARNESS, plan.data().rooms(), r0.seed(), Path.of(plan.eval().devSet()),
                    plan.variants().count(), plan.variants().seed(), SftData.trainingFamilies(plan), plan.data().defaultShare(), r0.cases(),
                    r0.samples(), r0.temperature(), r0.threshold(), Path.of(plan.model().vocab()), plan.model().context(), plan.training().keyWeight());
            var samples = steps.run("rl:samples", () -> ExpertIteration.sample(settings, config, hsaModel, rl, progress));
            steps.run("train:" + Arm.HSA_RL.id(), () -> {
                Path dir = arms.resolve(Arm.HSA_RL.id());
                if (((Number) samples.result().get("kept")).intValue() == 0) {
                    // nothing reached the threshold: the stage has nothing to learn, and hsa-rl is hsa-sft as it was
                    Files.createDirectories(dir);
                    Files.copy(hsaModel, dir.resolve(ArmTraining.MODEL), StandardCopyOption.REPLACE_EXISTING);
                    return Map.of("skipped", "no sample reached the reward threshold " + plan.rl().threshold() + "; hsa-rl is hsa-sft's model",
                            "model", dir.resolve(ArmTraining.MODEL).toString(), "tokensSeen", 0);
                }
                var r = plan.rl();
                return ArmTraining.run(plan, Arm.HSA_RL, new ArmTraining.Job(rl.resolve(ExpertIteration.TOKENS),
                        data.resolve(Arm.HSA_SFT.id()).resolve(SftData.HELD_OUT), dir, arms.resolve(Arm.HSA_SFT.id()).resolve(ArmTraining.RUN),
                        r.tokens(), r.lr(), r.lr() / 10, r.seed()), quiet);
            });
            ArmEvaluation.Harnesses harnesses = ArmEvaluation.Harnesses.of(plan);
            for (Arm arm : Arm.values()) {
                Path dir = arms.resolve(arm.id());
                steps.run("eval:" + arm.id(), () -> ArmEvaluation.summary(plan,
                        ArmEvaluation.run(plan, config, arm, dir.resolve(ArmTraining.MODEL), dir, harnesses, progress), dir, harnesses));
            }
            steps.run("compare", () -> {
                Map<Arm, Map<EvalSet, List<CaseScore>>> scores = new EnumMap<>(Arm.class);
                for (Arm arm : Arm.values()) { // every folder is done: this reads them back
                    Path dir = arms.resolve(arm.id());
                    scores.put(arm, ArmEvaluation.run(plan, config, arm, dir.resolve(ArmTraining.MODEL), dir, harnesses, progress));
                }
                return Comparisons.run(plan, scores, out);
            });
            steps.run("report", () -> {
                HatReport.write(plan, planFile, out, steps.done());
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("html", out.resolve(HatReport.HTML).toString());
                r.put("json", out.resolve(HatReport.JSON_FILE).toString());
                return r;
            });
        } catch (Steps.Stopped stopped) {
            if (progress != null) progress.println("hat: " + stopped.getMessage() + " (the step limit of this invocation); rerun to continue");
            return new Result(out, false, null);
        }
        return new Result(out, true, out.resolve(HatReport.HTML));
    }

    /**
     * The folder belongs to this plan: a fresh one takes a copy of it, a used one must hold the same
     * settings (comments may have changed since: the plan file is where a run's outcome gets noted).
     */
    private static void claim(HatPlan plan, Path planFile, Path out) throws IOException {
        Files.createDirectories(out);
        Path copy = out.resolve(PLAN_COPY);
        String text = Files.readString(planFile);
        if (Files.isRegularFile(copy)) {
            if (!Files.readString(copy).equals(text) && !HatPlan.load(copy).equals(plan)) {
                throw new IllegalArgumentException(out + " holds a run of another plan (" + copy + " differs from " + planFile
                        + "): use another --out, or the same plan to resume");
            }
            return;
        }
        Files.writeString(copy, text);
    }

    private HatRun() { }
}
