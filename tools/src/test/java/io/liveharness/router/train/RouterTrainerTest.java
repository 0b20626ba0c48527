package io.liveharness.router.train;

import io.liveharness.router.features.FeatureConfig;
import io.liveharness.router.model.RouterModel;
import org.tribuo.Prediction;
import org.tribuo.classification.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class RouterTrainerTest {
    @Test
    void aTrainedModelSurvivesTheModelFileUnchanged(@TempDir Path dir) throws Exception {
        List<LabelledMessage> data = LabelledData.read(Path.of("data/router/train.jsonl")).subList(0, 600);
        RouterModel trained = new RouterTrainer(TrainOptions.DEFAULT, new PrintStream(PrintStream.nullOutputStream())).train(data, "test");
        Path file = dir.resolve("small.model");
        trained.save(file);
        RouterModel loaded = RouterModel.load(file);
        assertEquals(trained.header(), loaded.header());
        for (LabelledMessage m : data) assertEquals(trained.predictLabel(m.text(), m.context()), loaded.predictLabel(m.text(), m.context()));

        // the checksums of the data that made it travel in the header, in order
        var data2 = new java.util.LinkedHashMap<String, String>();
        data2.put("data/router/templates.yaml", "aa11");
        data2.put("data/router/cues.yaml", "bb22");
        trained.withData(data2).save(file);
        assertEquals(List.copyOf(data2.entrySet()), List.copyOf(RouterModel.load(file).header().data().entrySet()));
        // the committed model names the data it was made from, as those files are now
        var committed = RouterModel.load(Path.of("models/router/intent-router.model")).header().data();
        assertEquals(List.of("data/router/templates.yaml", "data/router/training-only-templates.yaml", "data/router/rooms.yaml",
                "data/router/cues.yaml"), List.copyOf(committed.keySet()));
        for (var e : committed.entrySet()) {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(java.nio.file.Files.readAllBytes(Path.of(e.getKey())));
            assertEquals(java.util.HexFormat.of().formatHex(digest), e.getValue(), e.getKey() + " changed since the committed model was trained");
        }
    }

    /** With every optional feature on, the compiled scorer still computes what Tribuo's predict computes. */
    @Test
    void compiledScorerMatchesTribuoWithLexiconAndFourGrams() throws Exception {
        List<LabelledMessage> data = LabelledData.read(Path.of("data/router/train.jsonl")).subList(0, 800);
        TrainOptions o = TrainOptions.DEFAULT.withFeatures(FeatureConfig.BASELINE.withCjkMax(4).withLexicon(true)).withCost(32);
        RouterModel model = new RouterTrainer(o, new PrintStream(PrintStream.nullOutputStream())).train(data.subList(0, 600), "test");
        double[] p = new double[model.scorer().classCount()];
        for (LabelledMessage m : data.subList(600, 800)) {
            Prediction<Label> reference = model.predictWithTribuo(m.text(), m.context());
            int best = model.scorer().score(m.text(), m.context(), p);
            assertEquals(reference.getOutput().getLabel(), model.scorer().label(best), m.text());
            assertEquals(reference.getOutput().getScore(), p[best], 1e-9, m.text());
        }
    }

    /** A gram only one template uses would let the model memorise that template; it is dropped, however many messages repeat it. */
    @Test
    void featuresOfASingleTemplateAreDroppedButMessagesWithoutTemplatesCountOneEach() {
        List<LabelledMessage> templated = List.of(
                new LabelledMessage("xyzzy one", "x", "t1", false, List.of()), new LabelledMessage("xyzzy two", "x", "t1", false, List.of()),
                new LabelledMessage("plugh one", "y", "t2", false, List.of()), new LabelledMessage("plugh two", "y", "t3", false, List.of()),
                new LabelledMessage("quux one", "x", "t4", false, List.of()));
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        var features = new RouterTrainer(TrainOptions.DEFAULT, quiet).train(templated, "test").tribuo().getFeatureIDMap();
        assertNull(features.get("w:xyzzy"), "a gram of one template is kept");
        assertNotNull(features.get("w:plugh"));
        assertNotNull(features.get("w:one"));
        List<LabelledMessage> plain = templated.stream().map(m -> LabelledMessage.of(m.text(), m.label())).toList();
        assertNotNull(new RouterTrainer(TrainOptions.DEFAULT, quiet).train(plain, "test").tribuo().getFeatureIDMap().get("w:xyzzy"));
    }
}
