package io.liveharness.router.train;

import io.liveharness.router.model.RouterModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    }
}
