package io.liveharness.hat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.training.trainer.GgufExport;
import io.liveharness.training.trainer.TrainSettings;
import io.liveharness.training.trainer.Trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One arm's training through the project's trainer, in the arm's run folder: a rerun after a kill
 * continues from the folder's checkpoint (the trainer's own resume), then the model is exported
 * as the GGUF the eval serves.
 */
final class ArmTraining {
    static final String RUN = "run", MODEL = "model.gguf";

    /** What one training run is told beyond the plan's shape. */
    record Job(Path data, Path heldOut, Path armDir, Path initFrom, long tokens, double lr, double minLr, long seed) { }

    static Map<String, Object> run(HatPlan plan, Arm arm, Job job, boolean quiet) throws IOException {
        var m = plan.model();
        var t = plan.training();
        Path run = job.armDir().resolve(RUN);
        TrainSettings s = TrainSettings.defaults(job.data(), job.heldOut(), Path.of(m.vocab()), run)
                .withShape(m.hidden(), m.layers(), m.heads(), m.kvHeads(), m.headDim(), m.ffn(), m.context(), true)
                .withSchedule(t.batch(), job.lr(), job.minLr(), -1, 0, job.tokens())
                .withRun(job.seed(), t.threads(), t.checkpointMinutes(), t.evalEvery(), 0, 5)
                .withInitFrom(job.initFrom());
        Trainer.Result r = new Trainer(s, quiet).run();
        if (!r.finished()) throw new IllegalStateException(arm.id() + ": training stopped at step " + r.step() + " of " + r.totalSteps());
        Path model = job.armDir().resolve(MODEL);
        Trainer.export(run, model, "liveharness-hat-" + arm.id(), GgufExport.Precision.F32);
        JsonNode last = lastMetrics(run.resolve("metrics.jsonl"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("steps", r.step());
        out.put("tokensSeen", last.path("tokens").asLong());
        out.put("trainedTokensSeen", last.path("trainedTokens").asLong());
        out.put("trainSeconds", last.path("trainSeconds").asDouble());
        out.put("threads", t.threads());
        out.put("loss", r.lastLoss());
        out.put("heldOutLoss", Double.isNaN(r.heldOutLoss()) ? null : r.heldOutLoss());
        out.put("model", model.toString());
        out.put("lossCurve", run.resolve("loss.html").toString());
        out.put("initFrom", job.initFrom() == null ? HatPlan.SCRATCH : job.initFrom().toString());
        return out;
    }

    private static JsonNode lastMetrics(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) throw new IllegalStateException(file + " has no steps");
        return new ObjectMapper().readTree(lines.getLast());
    }

    private ArmTraining() { }
}
