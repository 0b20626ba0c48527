package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrainingDataTest {
    @TempDir
    Path dir;

    static final String GOOD = "{\"tokens\":[1,2,3],\"mask\":[0,1,1]}";

    private String failure(String badLine) throws Exception {
        Path f = Files.writeString(dir.resolve("data.jsonl"), GOOD + "\n\n" + badLine + "\n");
        return assertThrows(TrainingData.DataException.class, () -> TrainingData.read(f, 10, 8)).getMessage();
    }

    @Test
    void aMalformedLineFailsNamingFileAndLine() throws Exception {
        String m = failure("{\"tokens\":[1,2");
        assertTrue(m.startsWith(dir.resolve("data.jsonl") + ":3: not JSON"), m);
    }

    @Test
    void aTokenOutsideTheVocabularyFailsNamingFileAndLine() throws Exception {
        String m = failure("{\"tokens\":[1,10,3],\"mask\":[0,1,1]}");
        assertTrue(m.startsWith(dir.resolve("data.jsonl") + ":3: token 1 is 10, outside the vocabulary of 10"), m);
    }

    @Test
    void aMaskOfAnotherLengthFailsNamingFileAndLine() throws Exception {
        String m = failure("{\"tokens\":[1,2,3],\"mask\":[0,1]}");
        assertTrue(m.startsWith(dir.resolve("data.jsonl") + ":3: 3 tokens but 2 mask entries"), m);
    }

    @Test
    void aMaskOnTheFirstTokenOrOutsideTheWeightsFails() throws Exception {
        assertTrue(failure("{\"tokens\":[1,2],\"mask\":[1,1]}").contains(":3: mask 0 is 1"));
        assertTrue(failure("{\"tokens\":[1,2],\"mask\":[0,17]}").contains(":3: mask 1 is 17, not a weight from 0 to 16"));
        assertTrue(failure("{\"tokens\":[1,2],\"mask\":[0,-1]}").contains(":3: mask 1 is -1"));
        assertTrue(failure("{\"tokens\":[1,2],\"mask\":[0,1.5]}").contains(":3: mask 1 is 1.5"));
    }

    @Test
    void aWeightedMaskCountsItsTokensOnceAndItsWeightsInFull() throws Exception {
        Path f = Files.writeString(dir.resolve("weighted.jsonl"), "{\"tokens\":[1,2,3,4],\"mask\":[0,1,4,0]}\n");
        TrainingData d = TrainingData.read(f, 10, 8);
        assertEquals(2, d.trainedTokens());
        assertEquals(5, d.weight());
    }

    @Test
    void sequencesLongerThanTheContextAreCutAndCountedNotDropped() throws Exception {
        Path f = Files.writeString(dir.resolve("long.jsonl"),
                GOOD + "\n{\"tokens\":[1,2,3,4,5,6,7,8,9,1],\"mask\":[0,1,1,1,1,1,1,1,1,1]}\n");
        TrainingData d = TrainingData.read(f, 10, 8);
        assertEquals(2, d.sequences().size());
        assertEquals(1, d.cut());
        assertEquals(2, d.cutTokens());
        assertEquals(2, d.cutTargets(), "the two trained tokens past the context are never learned");
        assertEquals(10, d.longest());
        assertArrayEquals(new int[]{1, 2, 3, 4, 5, 6, 7, 8}, d.sequences().get(1).tokens());
        assertEquals(64, d.sha256().length());
    }
}
