package io.liveharness.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scenario may bring its own viewer texts: the flash sale's viewers ask the same few things in different words. */
class ScenarioTextsTest {

    @Test
    void theSameQuestionsScenarioDrawsItsOwnTextsInItsMix() {
        Scenario s = Scenario.load(Path.of("loadtest/rooms-100-same-questions.yaml"));
        assertEquals(Path.of("loadtest/texts/flash-sale.jsonl"), s.texts());
        MessageTexts texts = new MessageTexts(s.texts(), s.intentMix());
        SplittableRandom random = new SplittableRandom(1);
        Set<String> said = new HashSet<>();
        int questions = 0;
        for (int i = 0; i < 1_000; i++) {
            String text = texts.text(texts.drawIntent(random), random);
            said.add(text);
            if (LoadRecorder.QUESTIONS.contains(texts.labelOf(text))) questions++;
        }
        assertTrue(said.size() < 40, "a few things asked many times: " + said.size() + " texts");
        assertTrue(questions > 800, "mostly questions: " + questions);
        assertEquals(MessageTexts.DEFAULT_DATA, Scenario.load(Path.of("loadtest/smoke.yaml")).texts(), "by default the router's test set");
    }

    @Test
    void aMissingTextsFileIsNamedWithTheScenario(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "rooms: 1\ntexts: loadtest/texts/none.jsonl\n");
        var e = assertThrows(IllegalArgumentException.class, () -> Scenario.load(file));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("loadtest/texts/none.jsonl"), e.getMessage());
    }
}
