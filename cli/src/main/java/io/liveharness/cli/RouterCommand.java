package io.liveharness.cli;

import io.liveharness.router.Classification;
import io.liveharness.router.RouteContext;
import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.router.dataset.ViewerMessageGenerator;
import io.liveharness.router.features.CueLexicon;
import io.liveharness.router.features.FeatureConfig;
import io.liveharness.router.model.RouterModel;
import io.liveharness.router.train.DataSetManifest;
import io.liveharness.router.train.Evaluation;
import io.liveharness.router.train.LabelledData;
import io.liveharness.router.train.LabelledMessage;
import io.liveharness.router.train.ReportWriter;
import io.liveharness.router.train.RouterTrainer;
import io.liveharness.router.train.TrainOptions;
import io.liveharness.router.train.Tuner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** `router dataset | train | eval | classify`: the intent router's data, model and measurements. */
public final class RouterCommand implements Main.Command {
    static final Path DATA_DIR = Path.of("data/router");
    static final Path TRAIN = DATA_DIR.resolve("train.jsonl");
    static final Path TEST = DATA_DIR.resolve("test.jsonl");
    static final Path REPORT_DIR = DATA_DIR.resolve("report");
    static final long DATASET_SEED = 20_250_505L;
    static final int DATASET_SIZE = 6000;

    @Override
    public String summary() { return "intent router: dataset | train | eval | classify (see router help)"; }

    @Override
    public int run(String[] args) throws Exception {
        String sub = args.length == 0 ? "help" : args[0];
        return switch (sub) {
            case "dataset" -> dataset(Options.parse(args, 1, Set.of("seed", "total", "out"), Set.of()));
            case "train" -> train(Options.parse(args, 1, Set.of("train", "test", "model", "report", "cost", "features"), Set.of("no-tune")));
            case "eval" -> eval(Options.parse(args, 1, Set.of("data", "model", "baseline", "train", "test", "cost", "features", "report"), Set.of("tune")));
            case "classify" -> classify(args);
            case "help" -> help();
            default -> throw new UsageException("unknown sub-command '" + sub + "' (try: router help)");
        };
    }

    private static int help() {
        System.out.println("""
                usage: ./liveharness router <sub-command>
                  dataset  [--seed N] [--total N] [--out DIR]   regenerate data/router/{train,test}.jsonl and dataset.json
                           (the SHA-256 of the data files they were made from, recorded in a model trained on them)
                  train    [--train F] [--test F] [--model F] [--report DIR] [--cost C [--features SPEC] | --no-tune]
                           tune features, C and class weights by 5-fold cross-validation over train (folds by
                           template), train on all of train, write model, cross-validation and test reports
                  eval     --data F [--model F] [--baseline F]   evaluate the model on a labelled CSV/JSONL (or eval cases,
                           labelled by their intent: eval/heldout/cases.jsonl); with --baseline, that model too, and the difference
                  eval     --train F --test F [--tune] [--cost C] [--report DIR]
                           train the same pipeline on F, evaluate on the other F
                  classify TEXT [--reply] [--model F]            classify one message""");
        return 0;
    }

    private static int dataset(Options o) throws Exception {
        Path out = Path.of(o.get("out", DATA_DIR.toString()));
        long seed = (long) o.number("seed", DATASET_SEED);
        int total = (int) o.number("total", DATASET_SIZE);
        var split = new ViewerMessageGenerator(seed).generate(total);
        LabelledData.writeJsonl(out.resolve("train.jsonl"), split.train());
        LabelledData.writeJsonl(out.resolve("test.jsonl"), split.test());
        DataSetManifest.of(seed, total, ViewerMessageGenerator.SOURCE_FILES, out, List.of("train.jsonl", "test.jsonl")).write(out);
        System.out.printf("wrote %d train and %d test messages to %s (what made them: %s)%n", split.train().size(), split.test().size(), out,
                out.resolve(DataSetManifest.FILE_NAME));
        if (!split.leftOut().isEmpty()) {
            System.out.printf("left out %d training-only templates, near-copies of test messages: %s%n", split.leftOut().size(),
                    String.join(" ", split.leftOut()));
        }
        return 0;
    }

    private static int train(Options o) throws Exception {
        Path trainFile = Path.of(o.get("train", TRAIN.toString()));
        Path testFile = Path.of(o.get("test", TEST.toString()));
        Path modelFile = Path.of(o.get("model", RouterOptions.DEFAULT_MODEL_PATH.toString()));
        List<LabelledMessage> train = LabelledData.read(trainFile);
        List<LabelledMessage> test = LabelledData.read(testFile);
        Tuner tuner = new Tuner(System.err);
        TrainOptions options = chooseOptions(o, train, !o.has("no-tune"), tuner);
        Path reportDir = Path.of(o.get("report", REPORT_DIR.toString()));
        if (tuner.bestValidation() != null) {
            String vTitle = "Intent router: cross-validation over train (folds by template)";
            List<String> vNotes = List.of("chosen by this cross-validation: " + options.describe(),
                    "each of the " + tuner.messages() + " messages of " + trainFile + " predicted by a model fit on the other "
                            + (Tuner.FOLDS - 1) + " of " + Tuner.FOLDS + " folds (templates disjoint); the test split is not read for any choice");
            ReportWriter.write(reportDir, "cross-validation-report", vTitle, vNotes, tuner.bestValidation());
            System.out.print(ReportWriter.text(vTitle, vNotes, tuner.bestValidation()));
            System.out.println();
        }
        RouterModel model = new RouterTrainer(options, System.err).train(train, trainFile + " (" + train.size() + " messages)");
        List<String> notes = new ArrayList<>(List.of(
                "model: " + modelFile + ", " + options.describe(),
                "trained on " + trainFile + " (" + train.size() + " messages), tested on " + testFile
                        + " (" + test.size() + " messages, templates disjoint from training)"));
        model = model.withData(dataChecksums(trainFile, options, notes));
        model.save(modelFile);
        System.err.printf("wrote %s%n", modelFile);
        Evaluation e = Tuner.evaluate(model, test);
        ReportWriter.write(reportDir, "test-report", "Intent router: held-out test split", notes, e);
        System.out.print(ReportWriter.text("Intent router: held-out test split", notes, e));
        System.err.printf("wrote %s/test-report.{txt,html}%n", reportDir);
        System.out.println(e.summaryLine());
        return 0;
    }

    /**
     * The SHA-256 of each data file the model is made from: the sources of its data set, from the
     * manifest next to the training file when that file is the one the manifest lists, and the cue
     * lexicon its features read. Adds a line per file (or why the sources are unknown) to {@code notes}.
     */
    private static Map<String, String> dataChecksums(Path trainFile, TrainOptions options, List<String> notes) {
        Map<String, String> data = new LinkedHashMap<>();
        Path dir = trainFile.toAbsolutePath().getParent();
        Optional<DataSetManifest> manifest = DataSetManifest.read(dir);
        if (manifest.isEmpty()) {
            notes.add("data set sources unknown: no " + DataSetManifest.FILE_NAME + " next to " + trainFile);
        } else if (!manifest.get().lists(trainFile)) {
            notes.add("data set sources unknown: " + trainFile + " is not the file " + dir.resolve(DataSetManifest.FILE_NAME) + " lists");
        } else {
            data.putAll(manifest.get().sources());
        }
        if (options.features().lexicon()) data.put(CueLexicon.DEFAULT_FILE.toString(), DataSetManifest.sha256(CueLexicon.DEFAULT_FILE));
        data.forEach((file, sha) -> notes.add("made from " + file + " sha256 " + sha));
        return data;
    }

    private static int eval(Options o) throws Exception {
        if (o.has("data")) {
            if (o.has("train") || o.has("test")) throw new UsageException("give --data, or --train with --test, not both");
            Path modelFile = Path.of(o.get("model", RouterOptions.DEFAULT_MODEL_PATH.toString()));
            RouterModel model = RouterModel.load(modelFile);
            Path data = Path.of(o.get("data", ""));
            List<LabelledMessage> messages = LabelledData.read(data);
            Evaluation e = Tuner.evaluate(model, messages);
            System.out.print(ReportWriter.text("Evaluation of " + modelFile + " on " + data, List.of(), e));
            if (o.has("baseline")) {
                Path baselineFile = Path.of(o.get("baseline", ""));
                Evaluation b = Tuner.evaluate(RouterModel.load(baselineFile), messages);
                System.out.print(ReportWriter.text("Evaluation of " + baselineFile + " (baseline) on " + data, List.of(), b));
                System.out.printf("baseline %s: %s%nmodel    %s: %s%n", baselineFile, b.summaryLine(), modelFile, e.summaryLine());
                System.out.printf("accuracy_delta=%+.4f macro_f1_delta=%+.4f%n", e.accuracy() - b.accuracy(), e.macroF1() - b.macroF1());
            }
            System.out.println(e.summaryLine());
            return 0;
        }
        if (!o.has("train") || !o.has("test")) throw new UsageException("give --data FILE, or --train FILE --test FILE");
        Path trainFile = Path.of(o.get("train", ""));
        Path testFile = Path.of(o.get("test", ""));
        List<LabelledMessage> train = LabelledData.read(trainFile);
        List<LabelledMessage> test = LabelledData.read(testFile);
        TrainOptions options = chooseOptions(o, train, o.has("tune"), new Tuner(System.err));
        RouterModel model = new RouterTrainer(options, System.err).train(train, trainFile.toString());
        Evaluation e = Tuner.evaluate(model, test);
        List<String> notes = List.of("trained on " + trainFile + " (" + train.size() + "), tested on " + testFile
                + " (" + test.size() + "), " + options.describe());
        String title = "Router pipeline on " + testFile.getFileName();
        if (o.has("report")) ReportWriter.write(Path.of(o.get("report", "")), "eval-report", title, notes, e);
        System.out.print(ReportWriter.text(title, notes, e));
        System.out.println(e.summaryLine());
        return 0;
    }

    private static TrainOptions chooseOptions(Options o, List<LabelledMessage> train, boolean tune, Tuner tuner) {
        TrainOptions base = TrainOptions.DEFAULT;
        if (o.has("features")) base = base.withFeatures(FeatureConfig.parse(o.get("features", "")));
        if (o.has("cost")) return base.withCost(o.number("cost", TrainOptions.DEFAULT_COST));
        return tune ? tuner.tune(train, base) : base;
    }

    private static int classify(String[] args) {
        if (args.length < 2) throw new UsageException("router classify TEXT [--reply] [--model F]");
        Options o = Options.parse(args, 2, Set.of("model"), Set.of("reply"));
        var options = RouterOptions.DEFAULT.withModelPath(Path.of(o.get("model", RouterOptions.DEFAULT_MODEL_PATH.toString())));
        TribuoIntentClassifier classifier = TribuoIntentClassifier.load(options);
        RouteContext context = new RouteContext(o.has("reply"), Set.of());
        Classification raw = classifier.classifyRaw(args[1], context);
        Classification routed = classifier.classify(args[1], context);
        System.out.printf("intent=%s confidence=%.3f routed=%s%n", raw.intent().label(), raw.confidence(), routed.intent().label());
        return 0;
    }
}
