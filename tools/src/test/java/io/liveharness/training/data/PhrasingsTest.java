package io.liveharness.training.data;

import io.liveharness.router.question.QuestionLexicon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PhrasingsTest {
    private final Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);

    @Test
    void everyRegionATrainingMessageNamesIsOneTheExpertReads() {
        List<String> cues = QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE).logistics().get("regions");
        for (String lang : List.of("zh", "en")) {
            List<String> regions = phrasings.slot("region", lang);
            assertTrue(regions.size() >= 20, "so many that the model copies the viewer's region: " + regions);
            for (String region : regions) {
                String template = phrasings.of("region", lang).getFirst();
                assertEquals(region, QuestionLexicon.find(template.replace("{region}", region), cues), lang + " " + region);
            }
        }
    }

    @Test
    void slotsAreNotKindsAndAMissingSlotIsRefusedByName(@TempDir Path dir) throws Exception {
        assertFalse(phrasings.byKind().containsKey("slots"), "a mix cannot draw the slot values as messages");
        Path file = Files.writeString(dir.resolve("phrasings.yaml"), "price:\n  zh: [多少钱]\n  en: [price]\nslots:\n  size:\n    zh: [M]\n");
        Phrasings few = Phrasings.load(file);
        assertEquals(List.of("M"), few.slot("size", "zh"));
        var e = assertThrows(IllegalArgumentException.class, () -> few.slot("region", "en"));
        assertTrue(e.getMessage().contains("region/en"), e.getMessage());

        Path flat = Files.writeString(dir.resolve("flat.yaml"), "price:\n  zh: [多少钱]\nslots:\n  region: [北京, 上海]\n");
        var bad = assertThrows(IllegalArgumentException.class, () -> Phrasings.load(flat));
        assertTrue(bad.getMessage().contains(flat.toString()) && bad.getMessage().contains("mapping of language"), bad.getMessage());
    }
}
