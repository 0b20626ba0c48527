package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.engine.ModelBackend;
import io.liveharness.eval.compare.Comparison;
import io.liveharness.eval.compare.ComparisonText;
import io.liveharness.eval.compare.PairedBootstrap;
import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.RunComparer;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.run.Robustness;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.export.ExportFormat;
import io.liveharness.eval.export.TrajectoryExport;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.devset.DevSetGenerator;
import io.liveharness.eval.rubric.Judge;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.CatalogRecovery;
import io.liveharness.eval.run.EvalHarness;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.EvalRunner;
import io.liveharness.eval.run.Rescorer;
import io.liveharness.eval.run.RunFiles;
import io.liveharness.eval.run.RunMeta;
import io.liveharness.eval.run.RunSummary;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;
import io.liveharness.training.data.SyntheticWorld;
import io.liveharness.training.expert.ExpertBackend;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code eval run|rescore|compare|robustness|export|devset}: a harness version measured on a dev set,
 * a run's transcripts scored again by today's checks, two runs compared, the spread over harness variants, trajectories for training, the demo dev set.
 */
public final class EvalCommand implements Main.Command {
    static final Path DEFAULT_DEV_SET = Path.of("eval/dev/demo.jsonl");
    static final Path ROBUSTNESS_ROOT = Path.of("eval/robustness");
    private static final Set<String> RUN_OPTIONS = Set.of("harness", "dev-set", "model", "remote", "remote-model", "judge",
            "judge-model", "id", "out", "limit", "every", "conf", "deadline-ms", "world");

    public String summary() {
        return "eval run --harness V [--dev-set F] [--world DIR] [--model GGUF|--remote URL] | rescore RUN [--out DIR] [--id ID] | compare A B"
                + " | robustness | export RUN | devset";
    }

    public int run(String[] args) throws Exception {
        String verb = args.length == 0 ? "" : args[0];
        return switch (verb) {
            case "run" -> run(Options.parse(args, 1, RUN_OPTIONS, Set.of("expert")), String.join(" ", args));
            case "devset" -> devset(Options.parse(args, 1, Set.of("out", "seed", "conf"), Set.of()));
            case "robustness" -> robustness(Options.parse(args, 1, union(RUN_OPTIONS, Set.of("variants", "seed")), Set.of("expert")), String.join(" ", args));
            case "export" -> export(arg(args, 1, "eval export RUN --format openai-chat|sharegpt"),
                    Options.parse(args, 2, Set.of("format", "out", "require"), Set.of("include-fallbacks")));
            case "rescore" -> rescore(arg(args, 1, "eval rescore RUN [--out DIR] [--id ID] [--conf F] [--world DIR]"),
                    Options.parse(args, 2, Set.of("out", "id", "conf", "world"), Set.of()), String.join(" ", args));
            case "compare" -> compare(arg(args, 1, "eval compare RUN_A RUN_B"), arg(args, 2, "eval compare RUN_A RUN_B"),
                    Options.parse(args, 3, Set.of("seed", "resamples", "out"), Set.of()));
            default -> throw new UsageException("usage: " + summary());
        };
    }

    private static String arg(String[] args, int i, String usage) {
        if (args.length <= i || args[i].startsWith("--")) throw new UsageException("usage: " + usage);
        return args[i];
    }

    /** The conf; with {@code --world DIR}, reading the rooms and catalog of the world {@code model data} wrote there. */
    private static NodeConfig config(Options o) {
        NodeConfig conf = ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString())));
        if (!o.has("world")) return conf;
        try {
            return SyntheticWorld.configOf(conf, Path.of(o.get("world", "")));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    // --- run ------------------------------------------------------------------------------------

    private static int run(Options o, String command) throws Exception {
        if (!o.has("harness")) throw new UsageException("eval run needs --harness (a folder, a version id or a channel)");
        NodeConfig config = config(o);
        EvalHarness harness = EvalHarness.resolve(o.get("harness", null), config);
        Path devSet = Path.of(o.get("dev-set", DEFAULT_DEV_SET.toString()));
        List<DevCase> cases = DevSet.read(devSet);
        cases = subset(cases, o);
        String id = o.get("id", harness.harness().name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(Instant.now()));
        Path dir = Path.of(o.get("out", RunFiles.DEFAULT_ROOT.toString())).resolve(id);
        if (Files.exists(dir.resolve("run.json"))) throw new UsageException("run " + dir + " exists; choose another --id");
        String apiKey = System.getenv("LIVEHARNESS_REMOTE_API_KEY");
        var engine = EvalModels.engine(config, o.get("model", null), o.get("remote", null), o.get("remote-model", null), apiKey);
        long deadline = (long) o.number("deadline-ms", config.rooms().replyDeadlineMs());
        Judge judge = null;
        if (o.has("judge")) {
            ModelBackend judgeModel = EvalModels.judge(o.get("judge", null), o.get("judge-model", "judge"), apiKey, 60_000);
            judge = new Judge(judgeModel, harness.files().text(Judge.PROMPT_FILE), 60_000);
        }
        System.err.println("eval: " + cases.size() + " cases of " + devSet + " on " + harness.harness().version() + " ("
                + harness.source() + "), model " + (o.has("expert") ? "the expert" : engine.backend().equals("remote") ? engine.remoteUrl() : engine.model())
                + "; writing " + dir);
        long started = System.currentTimeMillis();
        String startedAt = Instant.ofEpochMilli(started).toString();
        List<CaseRecord> records;
        RunMeta meta;
        try (EvalRig rig = openRig(config, engine, List.of(harness.harness()), deadline, o.has("expert"))) {
            records = EvalRunner.run(rig, harness.harness(), cases, new EvalRunner.Options(dir, judge, System.err));
            var info = rig.modelInfo();
            meta = new RunMeta(id, harness.harness().version(), harness.source(), info.name() + " (" + engine.backend() + ")",
                    info.testModel(), devSet.toString(), sha256(devSet), judge == null ? null : o.get("judge-model", "judge") + " at " + o.get("judge", null),
                    startedAt, System.currentTimeMillis() - started, "./liveharness eval " + command);
        } finally {
            if (judge != null) judge.close();
        }
        EvalRunner.finish(dir, meta, records);
        RunSummary s = RunSummary.of(records.stream().map(CaseRecord::score).toList());
        System.out.printf("run %s: %d cases, accuracy %.1f%%, effectiveness %.1f%%, outcomes %s, %.1f s; report %s%n", id, s.cases(),
                100 * s.accuracy(), 100 * s.effectiveness(), s.outcomes(), meta.wallMs() / 1000.0, dir.resolve("report.html"));
        s.byTag().forEach((tag, t) -> System.out.printf("  %-24s %3d cases, accuracy %.1f%%, effectiveness %.1f%%, both by the model %.1f%%%n",
                tag, t.cases(), 100 * t.accuracy(), 100 * t.effectiveness(), 100 * t.byModel()));
        if (meta.testModel()) System.out.println("note: " + meta.model() + " is a test model; these scores say nothing about answer quality");
        return 0;
    }

    /** The rig over conf's model, or with {@code --expert} over the training expert (which the rig tells each case). */
    private static EvalRig openRig(NodeConfig config, NodeConfig.EngineConfig engine, List<io.liveharness.harness.Harness> harnesses,
                                   long deadline, boolean expert) {
        if (!expert) return EvalRig.open(config, EvalModels.open(engine), EvalModels.router(config), harnesses, deadline);
        ExpertBackend scripted = ExpertBackend.load(Catalog.load(Path.of(config.catalog().file())));
        return EvalRig.open(config, scripted, EvalModels.router(config), harnesses, deadline).observe(scripted);
    }

    /** {@code --every K}: every K-th case (a sample across all rooms and intents); {@code --limit N}: the first N of those. */
    private static List<DevCase> subset(List<DevCase> cases, Options o) {
        int every = (int) o.number("every", 1);
        if (every < 1) throw new UsageException("--every must be at least 1");
        List<DevCase> out = new java.util.ArrayList<>();
        for (int i = 0; i < cases.size(); i += every) out.add(cases.get(i));
        return o.has("limit") ? out.subList(0, Math.min(out.size(), (int) o.number("limit", out.size()))) : out;
    }

    static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    // --- rescore -------------------------------------------------------------------------------

    /**
     * A run (an id under eval/runs, or a folder) or a robustness folder scored again by today's
     * checks; the catalog's facts of cases from runs that did not store them come from conf's rooms
     * and catalog (or {@code --world}'s) where those agree with what each case recorded.
     */
    private static int rescore(String run, Options o, String command) throws Exception {
        Path source = Path.of(run);
        boolean robustness = Rescorer.isRobustness(source);
        if (!robustness) {
            try {
                source = RunFiles.resolve(run);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage() + "; or a robustness folder with " + Robustness.FILE);
            }
        }
        String name = source.toAbsolutePath().normalize().getFileName().toString();
        String id = o.get("id", name + "-rescored");
        Path out = Path.of(o.get("out", robustness ? ROBUSTNESS_ROOT.toString() : RunFiles.DEFAULT_ROOT.toString())).resolve(id);
        CatalogRecovery facts = CatalogRecovery.of(config(o));
        String how = "./liveharness eval " + command;
        List<Rescorer.Result> results;
        try {
            results = robustness ? Rescorer.rescoreRobustness(source, out, id, how, facts) : List.of(Rescorer.rescore(source, out, id, how, facts));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage()); // a missing or garbled file of the run, named
        }
        for (Rescorer.Result r : results) {
            System.out.printf("%s: %d cases, accuracy %.1f%% -> %.1f%% (%d flipped), effectiveness %.1f%% -> %.1f%% (%d flipped), %d cases scored differently%n",
                    r.meta().id(), r.after().cases(), 100 * r.before().accuracy(), 100 * r.after().accuracy(), r.accuracyFlips(),
                    100 * r.before().effectiveness(), 100 * r.after().effectiveness(), r.effectivenessFlips(), r.changed());
            for (String note : r.meta().rescored().notes()) System.out.println("  note: " + note);
        }
        System.out.println("written to " + out);
        return 0;
    }

    // --- compare --------------------------------------------------------------------------------

    private static int compare(String a, String b, Options o) throws Exception {
        RunFiles.Run x = RunFiles.read(RunFiles.resolve(a)), y = RunFiles.read(RunFiles.resolve(b));
        Comparison c = RunComparer.compare(x.meta().id(), x.meta().harnessVersion(), x.scores(), y.meta().id(),
                y.meta().harnessVersion(), y.scores(), (long) o.number("seed", 20260802), (int) o.number("resamples", PairedBootstrap.DEFAULT_RESAMPLES));
        Path file = PromotionGate.write(Path.of(o.get("out", PromotionGate.DEFAULT_COMPARISONS.toString())), c);
        System.out.println(ComparisonText.render(c));
        System.out.println("written to " + file);
        return 0;
    }

    // --- robustness -----------------------------------------------------------------------------

    private static int robustness(Options o, String command) throws Exception {
        if (!o.has("harness")) throw new UsageException("eval robustness needs --harness (a folder, a version id or a channel)");
        NodeConfig config = config(o);
        EvalHarness base = EvalHarness.resolve(o.get("harness", null), config);
        int n = (int) o.number("variants", 3);
        long seed = (long) o.number("seed", 1);
        List<EvalHarness> all = new java.util.ArrayList<>(List.of(base));
        for (var v : HarnessAugmenter.variants(base.files(), n, seed)) {
            all.add(new EvalHarness(io.liveharness.harness.HarnessLoader.load(v.files()), v.files(), "variant " + v.index() + " of " + base.harness().version()));
        }
        Path devSet = Path.of(o.get("dev-set", DEFAULT_DEV_SET.toString()));
        List<DevCase> cases = DevSet.read(devSet);
        cases = subset(cases, o);
        String id = o.get("id", "robustness-" + base.harness().name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(Instant.now()));
        Path root = Path.of(o.get("out", ROBUSTNESS_ROOT.toString())).resolve(id);
        String apiKey = System.getenv("LIVEHARNESS_REMOTE_API_KEY");
        var engine = EvalModels.engine(config, o.get("model", null), o.get("remote", null), o.get("remote-model", null), apiKey);
        long deadline = (long) o.number("deadline-ms", config.rooms().replyDeadlineMs());
        Map<String, RunSummary> summaries = new LinkedHashMap<>();
        try (EvalRig rig = openRig(config, engine, all.stream().map(EvalHarness::harness).toList(), deadline, o.has("expert"))) {
            for (int i = 0; i < all.size(); i++) {
                EvalHarness h = all.get(i);
                String runId = i == 0 ? "base" : "hsa" + i;
                Path dir = root.resolve(runId);
                System.err.println("robustness: " + runId + " = " + h.harness().version() + " (" + h.source() + "), " + cases.size() + " cases");
                long started = System.currentTimeMillis();
                List<CaseRecord> records = EvalRunner.run(rig, h.harness(), cases, new EvalRunner.Options(dir, null, System.err));
                var info = rig.modelInfo();
                EvalRunner.finish(dir, new RunMeta(id + "/" + runId, h.harness().version(), h.source(), info.name() + " (" + engine.backend() + ")",
                        info.testModel(), devSet.toString(), sha256(devSet), null, Instant.ofEpochMilli(started).toString(),
                        System.currentTimeMillis() - started, "./liveharness eval " + command), records);
                summaries.put(h.harness().version(), RunSummary.of(records.stream().map(CaseRecord::score).toList()));
            }
        }
        Robustness r = Robustness.of(base.harness().version(), seed, summaries);
        r.write(root.resolve(Robustness.FILE));
        System.out.printf("%-34s %9s %13s%n", "harness", "accuracy", "effectiveness");
        summaries.forEach((v, s) -> System.out.printf("%-34s %8.1f%% %12.1f%%%n", v, 100 * s.accuracy(), 100 * s.effectiveness()));
        for (var e : Map.of("accuracy", r.accuracy(), "effectiveness", r.effectiveness()).entrySet()) {
            var sp = e.getValue();
            System.out.printf("%s over %d variants: base %.1f%%, mean %.1f%%, min %.1f%%, max %.1f%%, spread %.1f points, stdev %.1f%n", e.getKey(), n,
                    100 * sp.base(), 100 * sp.mean(), 100 * sp.min(), 100 * sp.max(), 100 * (sp.max() - sp.min()), 100 * sp.stdev());
        }
        System.out.println("written to " + root);
        return 0;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new java.util.HashSet<>(a);
        out.addAll(b);
        return out;
    }

    // --- export ---------------------------------------------------------------------------------

    private static int export(String run, Options o) throws Exception {
        RunFiles.Run r = RunFiles.read(RunFiles.resolve(run));
        ExportFormat format;
        TrajectoryExport.Filter filter;
        try {
            format = ExportFormat.named(o.get("format", "openai-chat"));
            filter = new TrajectoryExport.Filter(o.get("require", "none"), o.has("include-fallbacks"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path out = Path.of(o.get("out", r.dir().resolve("trajectories-" + format.name() + ".jsonl").toString()));
        int n = TrajectoryExport.write(r.cases(), format, filter, out);
        System.out.println("wrote " + n + " of " + r.cases().size() + " trajectories (" + format.name() + ", require " + filter.require()
                + (filter.includeFallbacks() ? ", fallbacks included" : ", fallbacks left out") + ") to " + out);
        return 0;
    }

    // --- devset ---------------------------------------------------------------------------------

    private static int devset(Options o) throws Exception {
        NodeConfig config = config(o);
        Catalog catalog = Catalog.load(Path.of(config.catalog().file()));
        Policies policies = Policies.load(Path.of(config.catalog().policies()));
        var rooms = RoomManifests.load(Path.of(config.rooms().dir()), catalog);
        Map<String, Product> products = new LinkedHashMap<>();
        rooms.forEach(r -> r.products().forEach(id -> catalog.find(id).ifPresent(p -> products.put(id, p))));
        List<DevCase> cases = DevSetGenerator.generate(rooms, products, policies, (long) o.number("seed", 9));
        Path out = Path.of(o.get("out", DEFAULT_DEV_SET.toString()));
        DevSet.write(out, cases);
        Map<String, Integer> byIntent = new LinkedHashMap<>();
        cases.forEach(c -> byIntent.merge(c.intent(), 1, Integer::sum));
        System.out.println("wrote " + cases.size() + " cases to " + out + ": " + byIntent);
        return 0;
    }
}
