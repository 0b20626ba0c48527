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
import io.liveharness.router.train.AskTraining;
import io.liveharness.router.dataset.Paraphrases;
import io.liveharness.router.question.AskModel;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.claims.ProductMentions;
import io.liveharness.tools.Catalog;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** `router dataset | train | asks | eval | classify`: the intent router's data, model and measurements. */
@Command(name = "router", mixinStandardHelpOptions = true, description = "The intent router's data, model and measurements (data/router/README.md).")
final class RouterCommand {
    static final Path DATA_DIR = Path.of("data/router");
    static final long DATASET_SEED = 20_250_505L;
    static final int DATASET_SIZE = 6000;

    /** {@code --cost} and {@code --features}: a model's settings chosen by hand instead of by the tuner. */
    static final class Settings {
        @Option(names = "--cost", paramLabel = "C", description = "the SVM cost, instead of tuning it") Double cost;
        @Option(names = "--features", paramLabel = "SPEC", description = "the feature set, instead of the default") String features;
    }

    @Command(name = "dataset", mixinStandardHelpOptions = true, description = "Regenerate data/router/{train,test}.jsonl and dataset.json (the SHA-256 of the data files they were made from, recorded in a model trained on them).")
    int dataset(@Option(names = "--seed", paramLabel = "N", defaultValue = "" + DATASET_SEED, description = "(default: ${DEFAULT-VALUE})") long seed,
                @Option(names = "--total", paramLabel = "N", defaultValue = "" + DATASET_SIZE, description = "messages (default: ${DEFAULT-VALUE})") int total,
                @Option(names = "--out", paramLabel = "DIR", defaultValue = "data/router", description = "(default: ${DEFAULT-VALUE})") Path out) throws Exception {
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

    @Command(name = "train", mixinStandardHelpOptions = true, description = "Tune features, C and class weights by 5-fold cross-validation over train (folds by template), train on all of train, write the model, the cross-validation and the test reports (about 7 minutes here).")
    int train(@Option(names = "--train", paramLabel = "F", defaultValue = "data/router/train.jsonl", description = "(default: ${DEFAULT-VALUE})") Path trainFile,
              @Option(names = "--test", paramLabel = "F", defaultValue = "data/router/test.jsonl", description = "(default: ${DEFAULT-VALUE})") Path testFile,
              @Option(names = "--model", paramLabel = "F", description = "where the model goes (default: the router's model path)") Path modelOut,
              @Option(names = "--report", paramLabel = "DIR", defaultValue = "data/router/report", description = "(default: ${DEFAULT-VALUE})") Path reportDir,
              @Option(names = "--no-tune", description = "the default settings, no cross-validation") boolean noTune,
              @ArgGroup(exclusive = false) Settings settings) throws Exception {
        Path modelFile = modelOut != null ? modelOut : RouterOptions.DEFAULT_MODEL_PATH;
        List<LabelledMessage> train = LabelledData.read(trainFile);
        List<LabelledMessage> test = LabelledData.read(testFile);
        Tuner tuner = new Tuner(System.err);
        TrainOptions options = chooseOptions(settings, train, !noTune, tuner);
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

    @Command(name = "eval", mixinStandardHelpOptions = true, description = "Evaluate the model on a labelled CSV/JSONL or eval cases labelled by"
            + " their intent (--data F, e.g. eval/heldout/cases.jsonl; with --baseline F that model too, and the difference), or train the same"
            + " pipeline on one file and evaluate it on another (--train F --test F).")
    int eval(@Option(names = "--data", paramLabel = "F", description = "labelled messages to evaluate the model on") Path data,
             @Option(names = "--model", paramLabel = "F", description = "the model (default: the router's model path)") Path modelIn,
             @Option(names = "--baseline", paramLabel = "F", description = "with --data: a second model to evaluate beside it") Path baselineFile,
             @Option(names = "--train", paramLabel = "F", description = "train on this ...") Path trainFileOption,
             @Option(names = "--test", paramLabel = "F", description = "... and evaluate on this") Path testFileOption,
             @Option(names = "--tune", description = "tune by cross-validation first") boolean tune,
             @Option(names = "--report", paramLabel = "DIR", description = "also write the report there") Path report,
             @ArgGroup(exclusive = false) Settings settings) throws Exception {
        if (data != null) {
            if (trainFileOption != null || testFileOption != null) throw new UsageException("give --data, or --train with --test, not both");
            Path modelFile = modelIn != null ? modelIn : RouterOptions.DEFAULT_MODEL_PATH;
            RouterModel model = RouterModel.load(modelFile);
            List<LabelledMessage> messages = LabelledData.read(data);
            Evaluation e = Tuner.evaluate(model, messages);
            System.out.print(ReportWriter.text("Evaluation of " + modelFile + " on " + data, List.of(), e));
            if (baselineFile != null) {
                Evaluation b = Tuner.evaluate(RouterModel.load(baselineFile), messages);
                System.out.print(ReportWriter.text("Evaluation of " + baselineFile + " (baseline) on " + data, List.of(), b));
                System.out.printf("baseline %s: %s%nmodel    %s: %s%n", baselineFile, b.summaryLine(), modelFile, e.summaryLine());
                System.out.printf("accuracy_delta=%+.4f macro_f1_delta=%+.4f%n", e.accuracy() - b.accuracy(), e.macroF1() - b.macroF1());
            }
            System.out.println(e.summaryLine());
            return 0;
        }
        if (trainFileOption == null || testFileOption == null) throw new UsageException("give --data FILE, or --train FILE --test FILE");
        Path trainFile = trainFileOption;
        Path testFile = testFileOption;
        List<LabelledMessage> train = LabelledData.read(trainFile);
        List<LabelledMessage> test = LabelledData.read(testFile);
        TrainOptions options = chooseOptions(settings, train, tune, new Tuner(System.err));
        RouterModel model = new RouterTrainer(options, System.err).train(train, trainFile.toString());
        Evaluation e = Tuner.evaluate(model, test);
        List<String> notes = List.of("trained on " + trainFile + " (" + train.size() + "), tested on " + testFile
                + " (" + test.size() + "), " + options.describe());
        String title = "Router pipeline on " + testFile.getFileName();
        if (report != null) ReportWriter.write(report, "eval-report", title, notes, e);
        System.out.print(ReportWriter.text(title, notes, e));
        System.out.println(e.summaryLine());
        return 0;
    }

    @Command(name = "asks", mixinStandardHelpOptions = true, description = "Train the ask model (what a misspelt question asks: models/router/asks.model)"
            + " on the router's messages labelled by the question lexicon and typed again by data/router/paraphrases.yaml, and measure the lexicon,"
            + " the model and the node's reader (the lexicon, then the model) on hand-labelled held-out questions (about a minute).")
    int asks(@Option(names = "--train", paramLabel = "F", defaultValue = "data/router/train.jsonl", description = "(default: ${DEFAULT-VALUE})") Path trainFile,
             @Option(names = "--heldout", paramLabel = "F", defaultValue = "eval/heldout/asks.jsonl", description = "(default: ${DEFAULT-VALUE})") Path heldOutFile,
             @Option(names = "--catalog", paramLabel = "F", defaultValue = "catalog/products.yaml", description = "products the questions are read over (default: ${DEFAULT-VALUE})") Path catalogFile,
             @Option(names = "--model", paramLabel = "F", defaultValue = "models/router/asks.model", description = "(default: ${DEFAULT-VALUE})") Path modelFile,
             @Option(names = "--copies", paramLabel = "N", defaultValue = "2", description = "paraphrases of each message (default: ${DEFAULT-VALUE})") int copies,
             @Option(names = "--seed", paramLabel = "N", defaultValue = "48", description = "(default: ${DEFAULT-VALUE})") long seed,
             @Option(names = "--report", paramLabel = "DIR", defaultValue = "data/router/report", description = "(default: ${DEFAULT-VALUE})") Path reportDir) throws Exception {
        var products = Catalog.load(catalogFile).products();
        if (products.isEmpty()) throw new InputException(catalogFile + ": no products to read questions over");
        QuestionReader lexicon = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct);
        Paraphrases words = Paraphrases.load(Paraphrases.DEFAULT_FILE);
        RouterModel model = AskTraining.train(LabelledData.read(trainFile), lexicon, products, words, copies, seed, System.err);
        Map<String, String> data = new LinkedHashMap<>();
        for (Path f : List.of(trainFile, Paraphrases.DEFAULT_FILE, QuestionLexicon.DEFAULT_FILE, catalogFile)) data.put(f.toString(), DataSetManifest.sha256(f));
        model.withData(data).save(modelFile);
        System.err.printf("wrote %s%n", modelFile);
        AskModel asks = new AskModel(model);
        QuestionReader node = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct, asks);
        AskTraining.Measured m = AskTraining.measure(LabelledData.read(heldOutFile), lexicon, node, asks, products, words);
        long unshared = m.rows().stream().filter(r -> !r.sharesTypedWord()).count();
        List<String> notes = List.of("model: " + modelFile + ", " + AskTraining.FEATURES.format() + ", trained on " + trainFile + " x" + (copies + 1),
                "held out: " + heldOutFile + " (" + m.rows().size() + " questions labelled by hand; " + (m.rows().size() - unshared)
                        + " share a misspelling with data/router/paraphrases.yaml)",
                String.format(Locale.ROOT, "accuracy: lexicon %.3f, model %.3f, node's reader %.3f; without the shared ones: %.3f, %.3f, %.3f",
                        m.accuracy(AskTraining.Row::lexicon, false), m.accuracy(AskTraining.Row::model, false), m.accuracy(AskTraining.Row::node, false),
                        m.accuracy(AskTraining.Row::lexicon, true), m.accuracy(AskTraining.Row::model, true), m.accuracy(AskTraining.Row::node, true)));
        ReportWriter.write(reportDir, "asks-report", "What a question asks: the node's reader on held-out questions", notes,
                m.evaluation(AskTraining.Row::node));
        System.out.print(ReportWriter.text("What a question asks: the node's reader on held-out questions", notes, m.evaluation(AskTraining.Row::node)));
        for (AskTraining.Row r : m.rows()) {
            if (!r.gold().equals(r.node())) System.out.printf(Locale.ROOT, "miss: %-28s asks %s, read %s (lexicon %s, model %s %.2f)%n", r.text(), r.gold(), r.node(), r.lexicon(), r.model(), r.modelProbability());
        }
        System.out.printf(Locale.ROOT, "asks_lexicon=%.3f asks_model=%.3f asks_node=%.3f%n", m.accuracy(AskTraining.Row::lexicon, false),
                m.accuracy(AskTraining.Row::model, false), m.accuracy(AskTraining.Row::node, false));
        return 0;
    }

    private static TrainOptions chooseOptions(Settings settings, List<LabelledMessage> train, boolean tune, Tuner tuner) {
        TrainOptions base = TrainOptions.DEFAULT;
        if (settings != null && settings.features != null) base = base.withFeatures(FeatureConfig.parse(settings.features));
        if (settings != null && settings.cost != null) return base.withCost(settings.cost);
        return tune ? tuner.tune(train, base) : base;
    }

    @Command(name = "classify", mixinStandardHelpOptions = true, description = "Classify one message: intent=X confidence=Y routed=Z.")
    int classify(@Parameters(paramLabel = "TEXT", description = "the viewer's message") String text,
                 @Option(names = "--reply", description = "the message replies to the avatar") boolean reply,
                 @Option(names = "--model", paramLabel = "F", description = "the model (default: the router's model path)") Path modelIn) {
        var options = RouterOptions.DEFAULT.withModelPath(modelIn != null ? modelIn : RouterOptions.DEFAULT_MODEL_PATH);
        TribuoIntentClassifier classifier = TribuoIntentClassifier.load(options);
        RouteContext context = new RouteContext(reply, Set.of());
        Classification raw = classifier.classifyRaw(text, context);
        Classification routed = classifier.classify(text, context);
        System.out.printf("intent=%s confidence=%.3f routed=%s%n", raw.intent().label(), raw.confidence(), routed.intent().label());
        return 0;
    }
}
