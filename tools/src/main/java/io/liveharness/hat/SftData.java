package io.liveharness.hat;

import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.training.data.ChatEncoder;
import io.liveharness.training.data.EncodedSet;
import io.liveharness.training.data.KindMix;
import io.liveharness.training.data.TrajectoryBuilder;
import io.liveharness.training.tokenizer.GgufVocabulary;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An SFT arm's data: the expert's trajectories ({@link TrajectoryBuilder}, as {@code model data})
 * and those as token sequences ({@link EncodedSet}, as {@code model encode}). Both arms draw the
 * same cases from the same world seed; fixed-sft runs every one under the default harness, hsa-sft
 * under the default or one of the training variants, made without the withheld family.
 */
final class SftData {
    static final String TRAIN = "train.tokens.jsonl", HELD_OUT = "held-out.tokens.jsonl";

    static Map<String, Object> build(HatPlan plan, Arm arm, NodeConfig config, Path dir, PrintStream progress) throws Exception {
        boolean hsa = arm == Arm.HSA_SFT;
        var d = plan.data();
        var options = new TrajectoryBuilder.Options(config, HatRun.BASE_HARNESS, dir, d.cases(), d.rooms(), hsa ? plan.variants().count() : 0,
                hsa ? d.defaultShare() : 1.0, d.worldSeed(), plan.variants().seed(), hsa ? trainingFamilies(plan) : List.of(),
                d.heldOutEvery(), d.maxTurns(), 0, KindMix.DEFAULT_FILE, progress);
        var s = TrajectoryBuilder.build(options);
        ChatEncoder encoder = new ChatEncoder(GgufVocabulary.read(Path.of(plan.model().vocab())));
        var train = EncodedSet.write(encoder, dir.resolve("train.jsonl"), dir.resolve(TRAIN), plan.model().context(), plan.training().keyWeight());
        // held-out loss stays comparable across weightings with weight 1 (docs/training.md)
        var held = EncodedSet.write(encoder, dir.resolve("held-out.jsonl"), dir.resolve(HELD_OUT), plan.model().context(), 1);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cases", s.cases());
        out.put("trajectories", s.kept());
        out.put("heldOut", s.heldOut());
        out.put("byHarness", s.byHarness());
        out.put("variantVersions", s.variantVersions());
        out.put("transformations", options.transformations().isEmpty() && hsa ? "all" : options.transformations());
        out.put("trainSequences", train.sequences());
        out.put("trainTokens", train.tokens());
        out.put("trainTargets", train.targets());
        out.put("heldOutSequences", held.sequences());
        return out;
    }

    /** Every transformation but the withheld one: the families HSA training may use. */
    static List<String> trainingFamilies(HatPlan plan) {
        return Transformations.all().stream().map(Transformation::name).filter(n -> !n.equals(plan.variants().withheld())).toList();
    }

    private SftData() { }
}
