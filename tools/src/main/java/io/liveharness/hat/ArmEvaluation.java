package io.liveharness.hat;

import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.rubric.CaseScore;
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

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One arm measured on every {@link EvalSet}, through the eval's own rig and runner: each harness's
 * run is an ordinary run folder ({@code eval compare} and {@code eval export} read it), under
 * {@code <arm>/eval/<set>/}. A folder that already has its run.json is read back, not run again.
 * A set of several variants is scored as one set of (case, variant) pairs, ids {@code case@hsaN}.
 */
final class ArmEvaluation {
    static final String DIR = "eval";

    /** The harnesses every arm is measured on: none of them was used for training. */
    record Harnesses(Harness base, List<Harness> variants, List<Harness> withheld) {
        static Harnesses of(HatPlan plan) {
            HarnessFiles files = HarnessFiles.fromDirectory(HatRun.BASE_HARNESS);
            var e = plan.eval();
            List<Harness> all = HarnessAugmenter.variants(files, e.heldOutVariants(), e.heldOutSeed()).stream()
                    .map(v -> HarnessLoader.load(v.files())).toList();
            var family = Transformations.all().stream().filter(t -> t.name().equals(plan.variants().withheld())).toList();
            List<Harness> only = HarnessAugmenter.variants(files, e.withheldVariants(), e.heldOutSeed(), family).stream()
                    .map(v -> HarnessLoader.load(v.files())).toList();
            return new Harnesses(HarnessLoader.load(files), all, only);
        }

        List<Harness> of(EvalSet set) {
            return switch (set) {
                case DEFAULT -> List.of(base);
                case VARIANTS -> variants;
                case WITHHELD -> withheld;
            };
        }

        List<Harness> all() {
            List<Harness> out = new ArrayList<>(List.of(base));
            out.addAll(variants);
            out.addAll(withheld);
            return out;
        }
    }

    /** The dev-set cases of the plan: every K-th, then the first N (as {@code eval run --every --limit}). */
    static List<DevCase> cases(HatPlan plan) {
        List<DevCase> all = DevSet.read(Path.of(plan.eval().devSet()));
        List<DevCase> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += plan.eval().every()) out.add(all.get(i));
        return out.subList(0, Math.min(out.size(), plan.eval().limit()));
    }

    /** Runs what is missing of the arm's eval folders and returns every set's scores. */
    static Map<EvalSet, List<CaseScore>> run(HatPlan plan, NodeConfig config, Arm arm, Path model, Path armDir, Harnesses h,
                                             PrintStream progress) throws Exception {
        List<DevCase> cases = cases(plan);
        Path devSet = Path.of(plan.eval().devSet());
        String devSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(devSet)));
        EvalRig rig = null;
        Map<EvalSet, List<CaseScore>> out = new EnumMap<>(EvalSet.class);
        try {
            for (EvalSet set : EvalSet.values()) {
                List<CaseScore> scores = new ArrayList<>();
                List<Harness> harnesses = h.of(set);
                for (int i = 0; i < harnesses.size(); i++) {
                    Harness harness = harnesses.get(i);
                    String variant = set == EvalSet.DEFAULT ? null : "hsa" + (i + 1);
                    Path dir = folder(armDir, set, variant);
                    if (!Files.isRegularFile(dir.resolve("run.json"))) {
                        if (rig == null) rig = EvalRig.open(config, EvalModels.open(EvalModels.engine(config, model.toString(), null, null, null)),
                                EvalModels.router(config), h.all(), config.rooms().replyDeadlineMs());
                        if (progress != null) progress.println("eval: " + arm.id() + " on " + set.id() + (variant == null ? "" : " " + variant)
                                + " (" + harness.version() + "), " + cases.size() + " cases");
                        long started = System.currentTimeMillis();
                        List<CaseRecord> records = EvalRunner.run(rig, harness, cases, new EvalRunner.Options(dir, null, null));
                        var info = rig.modelInfo();
                        EvalRunner.finish(dir, new RunMeta(arm.id() + "/" + set.id() + (variant == null ? "" : "/" + variant), harness.version(),
                                set == EvalSet.DEFAULT ? HatRun.BASE_HARNESS.toString() : set.title() + " " + variant + " of seed " + plan.eval().heldOutSeed(),
                                info.name() + " (llamacpp)", info.testModel(), devSet.toString(), devSha, null,
                                Instant.ofEpochMilli(started).toString(), System.currentTimeMillis() - started, "./liveharness hat run"), records);
                    }
                    for (CaseScore s : RunFiles.read(dir).scores()) scores.add(variant == null ? s : renamed(s, s.caseId() + "@" + variant));
                }
                out.put(set, scores);
            }
        } finally {
            if (rig != null) rig.close();
        }
        return out;
    }

    /** The scores of a set's finished run folders, as {@link #run} returns them (ids {@code case@hsaN} for variants). */
    static List<CaseScore> read(Path armDir, EvalSet set, int variants) throws IOException {
        if (set == EvalSet.DEFAULT) return RunFiles.read(folder(armDir, set, null)).scores();
        List<CaseScore> out = new ArrayList<>();
        for (int i = 1; i <= variants; i++) {
            for (CaseScore s : RunFiles.read(folder(armDir, set, "hsa" + i)).scores()) out.add(renamed(s, s.caseId() + "@hsa" + i));
        }
        return out;
    }

    static Path folder(Path armDir, EvalSet set, String variant) {
        Path d = armDir.resolve(DIR).resolve(set.id());
        return variant == null ? d : d.resolve(variant);
    }

    /** Each set's figures, and the spread over the held-out variants as {@code eval robustness} reports it. */
    static Map<String, Object> summary(HatPlan plan, Map<EvalSet, List<CaseScore>> scores, Path armDir, Harnesses h) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        for (var e : scores.entrySet()) {
            RunSummary s = RunSummary.of(e.getValue());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cases", s.cases());
            m.put("accuracy", s.accuracy());
            m.put("effectiveness", s.effectiveness());
            m.put("failedChecks", s.checkFailures());
            m.put("failureKinds", s.failureKinds());
            m.put("outcomes", s.outcomes());
            out.put(e.getKey().id(), m);
        }
        Map<String, RunSummary> runs = new LinkedHashMap<>();
        runs.put(h.base().version(), RunFiles.read(folder(armDir, EvalSet.DEFAULT, null)).summary());
        for (int i = 0; i < h.variants().size(); i++) {
            runs.put(h.variants().get(i).version(), RunFiles.read(folder(armDir, EvalSet.VARIANTS, "hsa" + (i + 1))).summary());
        }
        out.put("robustness", io.liveharness.eval.run.Robustness.of(h.base().version(), plan.eval().heldOutSeed(), runs));
        return out;
    }

    private static CaseScore renamed(CaseScore s, String id) {
        return new CaseScore(id, s.room(), s.intent(), s.lang(), s.tags(), s.routedIntent(), s.outcome(), s.accuracy(), s.effectiveness(),
                s.accuracyBy(), s.effectivenessBy(), s.checks(), s.judge(), s.failures());
    }

    private ArmEvaluation() { }
}
