package io.liveharness.router.train;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TunerTest {
    @Test
    void foldsValidateEveryMessageOnceAndNeverFitOnAValidatedTemplate() throws Exception {
        List<LabelledMessage> data = LabelledData.read(Path.of("data/router/train.jsonl"));
        List<Tuner.Split> folds = Tuner.folds(data, Tuner.FOLDS, 7);
        assertEquals(Tuner.FOLDS, folds.size());
        int validated = 0;
        for (Tuner.Split f : folds) {
            assertEquals(data.size(), f.fit().size() + f.validation().size());
            Set<String> fitTemplates = f.fit().stream().map(LabelledMessage::template).collect(Collectors.toSet());
            assertTrue(f.validation().stream().map(LabelledMessage::template).noneMatch(fitTemplates::contains));
            // every label is in every fold's validation part, so no fold scores a label it never saw
            assertEquals(f.fit().stream().map(LabelledMessage::label).collect(Collectors.toSet()),
                    f.validation().stream().map(LabelledMessage::label).collect(Collectors.toSet()));
            validated += f.validation().size();
        }
        assertEquals(data.size(), validated);
    }

    @Test
    void messagesWithoutTemplatesAreFoldedOneByOne() {
        List<LabelledMessage> data = List.of(LabelledMessage.of("a", "x"), LabelledMessage.of("a", "x"), LabelledMessage.of("b", "y"),
                LabelledMessage.of("c", "y"), LabelledMessage.of("d", "x"));
        Set<Integer> sizes = new HashSet<>();
        for (Tuner.Split f : Tuner.folds(data, 5, 1)) sizes.add(f.validation().size());
        assertEquals(Set.of(1), sizes);
    }
}
