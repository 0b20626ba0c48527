package io.liveharness.cli;

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

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code eval run|rescore|compare|robustness|export|devset}: a harness version measured on a dev set,
 * a run's transcripts scored again by today's checks, two runs compared, the spread over harness variants, trajectories for training, the demo dev set.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, description = "A harness version measured on a dev set (Accuracy, Effectiveness), runs re-scored or compared, the spread over harness variants, trajectories for training, the demo dev set (docs/eval.md).")
final class EvalCommand {
    static final Path DEFAULT_DEV_SET = Path.of("eval/dev/demo.jsonl");
    static final Path ROBUSTNESS_ROOT = Path.of("eval/robustness");

    /** What a run answers with, shared by {@code eval run} and {@code eval robustness}. */
    static final class RunOptions {
        @Option(names = "--harness", paramLabel = "V", required = true, description = "a harness folder, a version id or a channel") String harness;
        @Option(names = "--dev-set", paramLabel = "F", defaultValue = "eval/dev/demo.jsonl", description = "the cases (default: ${DEFAULT-VALUE})") Path devSet;
        @Option(names = "--world", paramLabel = "DIR", description = "the rooms and catalog of a world `model data` wrote, instead of conf's") Path world;
        @Option(names = "--model", paramLabel = "GGUF", description = "a model instead of conf's engine.model") String model;
        @Option(names = "--remote", paramLabel = "URL", description = "an OpenAI-compatible server instead of a local model (key: LIVEHARNESS_REMOTE_API_KEY)") String remote;
        @Option(names = "--remote-model", paramLabel = "NAME", description = "the remote server's model name") String remoteModel;
        @Option(names = "--expert", description = "answer by the training expert (the stand-in for a strong model)") boolean expert;
        @Option(names = "--judge", paramLabel = "URL", description = "an OpenAI-compatible judge model for the rubric") String judge;
        @Option(names = "--judge-model", paramLabel = "NAME", defaultValue = "judge", description = "the judge's model name (default: ${DEFAULT-VALUE})") String judgeModel;
        @Option(names = "--id", paramLabel = "ID", description = "the run's id (default: <harness>-<time>)") String id;
        @Option(names = "--out", paramLabel = "DIR", description = "where the run folder goes (default: eval/runs, eval/robustness)") Path out;
        @Option(names = "--every", paramLabel = "K", defaultValue = "1", description = "every K-th case only (default: ${DEFAULT-VALUE})") int every;
        @Option(names = "--limit", paramLabel = "N", description = "the first N of those") Integer limit;
        @Option(names = "--deadline-ms", paramLabel = "MS", description = "a reply's deadline (default: conf's rooms.replyDeadlineMs)") Long deadlineMs;
        @Mixin ConfOption conf;
    }

    /** The conf; with {@code --world DIR}, reading the rooms and catalog of the world {@code model data} wrote there. */
    private static NodeConfig config(ConfOption conf, Path world) {
        NodeConfig c = conf.load();
        if (world == null) return c;
        try {
            return SyntheticWorld.configOf(c, world);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Spec CommandSpec spec;

    /** The command line as typed after {@code eval}, for the run's record of how it was made. */
    private String typed() {
        List<String> all = spec.root().commandLine().getParseResult().originalArgs();
        return String.join(" ", all.subList(all.indexOf("eval") + 1, all.size()));
    }

    // --- run ------------------------------------------------------------------------------------

    @Command(name = "run", mixinStandardHelpOptions = true, description = "The dev set through a room's pipeline; Accuracy and Effectiveness per case and run, transcripts and report in eval/runs/<id>/.")
    int run(@Mixin RunOptions o) throws Exception {
        String command = typed();
        NodeConfig config = config(o.conf, o.world);
        EvalHarness harness = EvalHarness.resolve(o.harness, config);
        Path devSet = o.devSet;
        List<DevCase> cases = DevSet.read(devSet);
        cases = subset(cases, o);
        String id = o.id != null ? o.id : harness.harness().name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(Instant.now());
        Path dir = (o.out != null ? o.out : RunFiles.DEFAULT_ROOT).resolve(id);
        if (Files.exists(dir.resolve("run.json"))) throw new UsageException("run " + dir + " exists; choose another --id");
        String apiKey = System.getenv("LIVEHARNESS_REMOTE_API_KEY");
        var engine = EvalModels.engine(config, o.model, o.remote, o.remoteModel, apiKey);
        long deadline = o.deadlineMs != null ? o.deadlineMs : config.rooms().replyDeadlineMs();
        Judge judge = null;
        if (o.judge != null) {
            ModelBackend judgeModel = EvalModels.judge(o.judge, o.judgeModel, apiKey, 60_000);
            judge = new Judge(judgeModel, harness.files().text(Judge.PROMPT_FILE), 60_000);
        }
        System.err.println("eval: " + cases.size() + " cases of " + devSet + " on " + harness.harness().version() + " ("
                + harness.source() + "), model " + (o.expert ? "the expert" : engine.backend().equals("remote") ? engine.remoteUrl() : engine.model())
                + "; writing " + dir);
        long started = System.currentTimeMillis();
        String startedAt = Instant.ofEpochMilli(started).toString();
        List<CaseRecord> records;
        RunMeta meta;
        try (EvalRig rig = openRig(config, engine, List.of(harness.harness()), deadline, o.expert)) {
            records = EvalRunner.run(rig, harness.harness(), cases, new EvalRunner.Options(dir, judge, System.err));
            var info = rig.modelInfo();
            meta = new RunMeta(id, harness.harness().version(), harness.source(), info.name() + " (" + engine.backend() + ")",
                    info.testModel(), devSet.toString(), sha256(devSet), judge == null ? null : o.judgeModel + " at " + o.judge,
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
    private static List<DevCase> subset(List<DevCase> cases, RunOptions o) {
        if (o.every < 1) throw new UsageException("--every must be at least 1");
        List<DevCase> out = new java.util.ArrayList<>();
        for (int i = 0; i < cases.size(); i += o.every) out.add(cases.get(i));
        return o.limit != null ? out.subList(0, Math.min(out.size(), o.limit)) : out;
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
    @Command(name = "rescore", mixinStandardHelpOptions = true, description = "A run's stored transcripts (or each run of an eval robustness folder) scored again by today's checks.")
    int rescore(@Parameters(paramLabel = "RUN", description = "a run id under eval/runs, a run folder or a robustness folder") String run,
                @Option(names = "--out", paramLabel = "DIR", description = "where the re-scored run goes (default: eval/runs or eval/robustness)") Path outDir,
                @Option(names = "--id", paramLabel = "ID", description = "its id (default: <run>-rescored)") String newId,
                @Option(names = "--world", paramLabel = "DIR", description = "the world whose catalog facts older runs did not store") Path world,
                @Mixin ConfOption conf) throws Exception {
        String command = typed();
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
        String id = newId != null ? newId : name + "-rescored";
        Path out = (outDir != null ? outDir : robustness ? ROBUSTNESS_ROOT : RunFiles.DEFAULT_ROOT).resolve(id);
        CatalogRecovery facts = CatalogRecovery.of(config(conf, world));
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

    @Command(name = "compare", mixinStandardHelpOptions = true, description = "Per-metric deltas of two runs with paired-bootstrap intervals and the flipped cases; written where harness promote reads them.")
    int compare(@Parameters(paramLabel = "A", description = "the baseline run") String a,
                @Parameters(paramLabel = "B", description = "the candidate run") String b,
                @Option(names = "--seed", paramLabel = "S", defaultValue = "20260802", description = "the bootstrap's seed (default: ${DEFAULT-VALUE})") long seed,
                @Option(names = "--resamples", paramLabel = "N", defaultValue = "" + PairedBootstrap.DEFAULT_RESAMPLES, description = "bootstrap resamples (default: ${DEFAULT-VALUE})") int resamples,
                @Option(names = "--out", paramLabel = "DIR", defaultValue = "eval/comparisons", description = "where the comparison goes (default: ${DEFAULT-VALUE})") Path out) throws Exception {
        RunFiles.Run x = RunFiles.read(RunFiles.resolve(a)), y = RunFiles.read(RunFiles.resolve(b));
        Comparison c = RunComparer.compare(x.meta().id(), x.meta().harnessVersion(), x.scores(), y.meta().id(),
                y.meta().harnessVersion(), y.scores(), seed, resamples);
        Path file = PromotionGate.write(out, c);
        System.out.println(ComparisonText.render(c));
        System.out.println("written to " + file);
        return 0;
    }

    // --- robustness -----------------------------------------------------------------------------

    @Command(name = "robustness", mixinStandardHelpOptions = true, description = "The metrics' spread over N task-preserving harness variants of a version.")
    int robustness(@Mixin RunOptions o,
                   @Option(names = "--variants", paramLabel = "N", defaultValue = "3", description = "variants (default: ${DEFAULT-VALUE})") int n,
                   @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "the variants' seed (default: ${DEFAULT-VALUE})") long seed) throws Exception {
        String command = typed();
        NodeConfig config = config(o.conf, o.world);
        EvalHarness base = EvalHarness.resolve(o.harness, config);
        List<EvalHarness> all = new java.util.ArrayList<>(List.of(base));
        for (var v : HarnessAugmenter.variants(base.files(), n, seed)) {
            all.add(new EvalHarness(io.liveharness.harness.HarnessLoader.load(v.files()), v.files(), "variant " + v.index() + " of " + base.harness().version()));
        }
        Path devSet = o.devSet;
        List<DevCase> cases = DevSet.read(devSet);
        cases = subset(cases, o);
        String id = o.id != null ? o.id : "robustness-" + base.harness().name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(Instant.now());
        Path root = (o.out != null ? o.out : ROBUSTNESS_ROOT).resolve(id);
        String apiKey = System.getenv("LIVEHARNESS_REMOTE_API_KEY");
        var engine = EvalModels.engine(config, o.model, o.remote, o.remoteModel, apiKey);
        long deadline = o.deadlineMs != null ? o.deadlineMs : config.rooms().replyDeadlineMs();
        Map<String, RunSummary> summaries = new LinkedHashMap<>();
        try (EvalRig rig = openRig(config, engine, all.stream().map(EvalHarness::harness).toList(), deadline, o.expert)) {
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

    // --- export ---------------------------------------------------------------------------------

    @Command(name = "export", mixinStandardHelpOptions = true, description = "A run's full trajectories (system prompt, tool calls and results, reply) as JSONL, filtered by score.")
    int export(@Parameters(paramLabel = "RUN", description = "a run id or folder") String run,
               @Option(names = "--format", paramLabel = "openai-chat|sharegpt", defaultValue = "openai-chat", description = "(default: ${DEFAULT-VALUE})") String formatName,
               @Option(names = "--require", paramLabel = "WHAT", defaultValue = "none", description = "which scores a case needs to be kept (default: ${DEFAULT-VALUE})") String require,
               @Option(names = "--include-fallbacks", description = "keep replies the fallback gave too") boolean includeFallbacks,
               @Option(names = "--out", paramLabel = "F", description = "the JSONL file (default: in the run folder)") Path outFile) throws Exception {
        RunFiles.Run r = RunFiles.read(RunFiles.resolve(run));
        ExportFormat format;
        TrajectoryExport.Filter filter;
        try {
            format = ExportFormat.named(formatName);
            filter = new TrajectoryExport.Filter(require, includeFallbacks);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path out = outFile != null ? outFile : r.dir().resolve("trajectories-" + format.name() + ".jsonl");
        int n = TrajectoryExport.write(r.cases(), format, filter, out);
        System.out.println("wrote " + n + " of " + r.cases().size() + " trajectories (" + format.name() + ", require " + filter.require()
                + (filter.includeFallbacks() ? ", fallbacks included" : ", fallbacks left out") + ") to " + out);
        return 0;
    }

    // --- devset ---------------------------------------------------------------------------------

    @Command(name = "devset", mixinStandardHelpOptions = true, description = "Regenerate the demo dev set from the rooms and catalog.")
    int devset(@Option(names = "--out", paramLabel = "F", defaultValue = "eval/dev/demo.jsonl", description = "(default: ${DEFAULT-VALUE})") Path out,
               @Option(names = "--seed", paramLabel = "S", defaultValue = "9", description = "(default: ${DEFAULT-VALUE})") long seed,
               @Mixin ConfOption conf) throws Exception {
        NodeConfig config = conf.load();
        Catalog catalog = Catalog.load(Path.of(config.catalog().file()));
        Policies policies = Policies.load(Path.of(config.catalog().policies()));
        var rooms = RoomManifests.load(Path.of(config.rooms().dir()), catalog);
        Map<String, Product> products = new LinkedHashMap<>();
        rooms.forEach(r -> r.products().forEach(id -> catalog.find(id).ifPresent(p -> products.put(id, p))));
        List<DevCase> cases = DevSetGenerator.generate(rooms, products, policies, seed);
        DevSet.write(out, cases);
        Map<String, Integer> byIntent = new LinkedHashMap<>();
        cases.forEach(c -> byIntent.merge(c.intent(), 1, Integer::sum));
        System.out.println("wrote " + cases.size() + " cases to " + out + ": " + byIntent);
        return 0;
    }
}
