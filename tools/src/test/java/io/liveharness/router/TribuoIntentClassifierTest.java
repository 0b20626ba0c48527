package io.liveharness.router;

import io.liveharness.router.model.RouterModel;
import io.liveharness.router.train.LabelledData;
import io.liveharness.router.train.LabelledMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tribuo.Prediction;
import org.tribuo.classification.Label;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed model, as a room loads and uses it. */
class TribuoIntentClassifierTest {
    private static TribuoIntentClassifier classifier;
    private static List<LabelledMessage> test;

    @BeforeAll
    static void load() throws Exception {
        classifier = TribuoIntentClassifier.load(RouterOptions.DEFAULT);
        test = LabelledData.read(Path.of("data/router/test.jsonl"));
    }

    @Test
    void committedModelLoadsAndClassifiesPlainMessages() {
        assertEquals(Intent.PRODUCT_QA, classifier.classify("这件连衣裙有黑色的吗", RouteContext.NONE).intent());
        assertEquals(Intent.SPAM, classifier.classify("加V abc8888 领福利 t.cn/xyz", RouteContext.NONE).intent());
        Classification c = classifier.classify("主播好", RouteContext.NONE);
        assertEquals(Intent.CHITCHAT, c.intent());
        assertTrue(c.confidence() > 0 && c.confidence() <= 1);
    }

    /** The training data floods with none of these letters (data/router/rooms.yaml): the model knows a flood by its shape. */
    @Test
    void aFloodOfALetterNeverSeenInTrainingIsSpamAndLaughterIsChitchat() throws Exception {
        String train = Files.readString(Path.of("data/router/train.jsonl"));
        for (String flood : List.of("刷刷刷刷刷刷刷刷", "咻咻咻咻咻咻", "嘭嘭嘭嘭嘭")) {
            assertTrue(!train.contains(flood.substring(0, 4)), flood + " is in the training data");
            assertEquals(Intent.SPAM, classifier.classify(flood, RouteContext.NONE).intent(), flood);
        }
        assertEquals(Intent.CHITCHAT, classifier.classify("哈哈哈哈", RouteContext.NONE).intent());
    }

    @Test
    void committedModelScoresWellOnTheHeldOutSplit() {
        long right = test.stream().filter(m -> classifier.classifyRaw(m.text(), m.context()).intent().label().equals(m.label())).count();
        double accuracy = (double) right / test.size();
        // the report says 0.93; a model file that silently regressed would fall well below this
        assertTrue(accuracy > 0.88, "accuracy " + accuracy);
    }

    @Test
    void classificationIsDeterministicAcrossCallsAndThreads() throws Exception {
        List<Classification> first = test.stream().limit(300).map(m -> classifier.classify(m.text(), m.context())).toList();
        List<Classification> again = test.stream().limit(300).map(m -> classifier.classify(m.text(), m.context())).toList();
        assertEquals(first, again);
        List<Classification> parallel = test.stream().limit(300).parallel().map(m -> classifier.classify(m.text(), m.context())).toList();
        assertEquals(first, parallel);
        TribuoIntentClassifier reloaded = TribuoIntentClassifier.load(RouterOptions.DEFAULT);
        assertEquals(first, test.stream().limit(300).map(m -> reloaded.classify(m.text(), m.context())).toList());
    }

    /** The compiled scorer replaces Tribuo's predict on the hot path; it must agree with it to rounding. */
    @Test
    void compiledScorerMatchesPlainTribuoPredict() {
        RouterModel model = classifier.model();
        for (LabelledMessage m : test) {
            Prediction<Label> reference = model.predictWithTribuo(m.text(), m.context());
            Classification fast = classifier.classifyRaw(m.text(), m.context());
            assertEquals(reference.getOutput().getLabel(), fast.intent().label(), m.text());
            assertEquals(reference.getOutput().getScore(), fast.confidence(), 1e-9, m.text());
        }
    }

    @Test
    void lowConfidenceMessagesGoToTheConfiguredIntent() {
        RouterOptions strict = new RouterOptions(RouterOptions.DEFAULT_MODEL_PATH, 0.999, Intent.CLARIFICATION);
        TribuoIntentClassifier unsure = new TribuoIntentClassifier(classifier.model(), strict);
        Classification raw = unsure.classifyRaw("嗯嗯", RouteContext.NONE);
        Classification routed = unsure.classify("嗯嗯", RouteContext.NONE);
        assertTrue(raw.confidence() < 0.999);
        assertEquals(Intent.CLARIFICATION, routed.intent());
        assertEquals(raw.confidence(), routed.confidence());
    }

    @Test
    void contextFeaturesChangeTheScore() {
        Classification alone = classifier.classifyRaw("那白色呢", RouteContext.NONE);
        Classification asReply = classifier.classifyRaw("那白色呢", new RouteContext(true, Set.of()));
        assertEquals(Intent.CLARIFICATION, asReply.intent());
        assertTrue(alone.intent() != Intent.CLARIFICATION || asReply.confidence() > alone.confidence());
    }

    @Test
    void emptyAndHugeMessagesAreClassifiedNotThrown() {
        assertTrue(classifier.classify("", RouteContext.NONE).confidence() > 0);
        assertTrue(classifier.classify("主播".repeat(5000) + "😂".repeat(3000), RouteContext.NONE).confidence() > 0);
    }

    @Test
    void missingModelFileIsAClearErrorNamingTheFile(@TempDir Path dir) {
        Path missing = dir.resolve("nope.model");
        RouterModelException e = assertThrows(RouterModelException.class,
                () -> TribuoIntentClassifier.load(RouterOptions.DEFAULT.withModelPath(missing)));
        assertTrue(e.getMessage().contains(missing.toAbsolutePath().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void corruptModelFileIsAClearErrorNamingTheFile(@TempDir Path dir) throws Exception {
        byte[] good = Files.readAllBytes(RouterOptions.DEFAULT_MODEL_PATH);
        Path truncated = dir.resolve("truncated.model");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length / 2));
        Path garbage = dir.resolve("garbage.model");
        Files.writeString(garbage, "this is not a model");
        Path flipped = dir.resolve("flipped.model");
        byte[] bad = good.clone();
        for (int i = bad.length / 3; i < bad.length / 3 + 64; i++) bad[i] ^= 0x5A;
        Files.write(flipped, bad);
        for (Path p : List.of(truncated, garbage, flipped)) {
            RouterModelException e = assertThrows(RouterModelException.class,
                    () -> TribuoIntentClassifier.load(RouterOptions.DEFAULT.withModelPath(p)), p.toString());
            assertTrue(e.getMessage().contains(p.toAbsolutePath().toString()), e.getMessage());
            assertEquals(p, e.file());
        }
    }
}
