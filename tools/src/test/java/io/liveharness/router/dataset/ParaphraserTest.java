package io.liveharness.router.dataset;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A viewer's question comes back typed as hurried viewers type it: homophones, mixed scripts, particles, emoji, two in one. */
class ParaphraserTest {
    private static final Paraphrases WORDS = Paraphrases.load(Paraphrases.DEFAULT_FILE);

    private static List<String> paraphrases(String text, String second, long seed) {
        Paraphraser p = new Paraphraser(WORDS, new Random(seed));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 300; i++) out.add(p.apply(text, second));
        return out;
    }

    @Test
    void aSizeQuestionComesBackWithTheHomophonesAMixedScriptEmojiAndAsTwoQuestions() {
        List<String> out = paraphrases("这条裙子有XL码吗", "快递几天到", 7);
        assertTrue(out.stream().anyMatch(t -> t.contains("马") || t.contains("XL吗")), "码 typed as its homophone: " + out);
        assertTrue(out.stream().anyMatch(t -> t.contains("dress")), "a word from the other script");
        assertTrue(out.stream().anyMatch(t -> WORDS.emoji().stream().anyMatch(t::contains)), "emoji");
        assertTrue(out.stream().anyMatch(t -> t.contains("快递几天到") && t.contains("XL")), "two questions in one message");
        assertTrue(out.stream().distinct().count() > 100, "far more ways than one: " + out.stream().distinct().count());
    }

    @Test
    void withNoSecondQuestionAMessageStaysOneQuestion() {
        assertTrue(paraphrases("包邮吗", null, 3).stream().noneMatch(t -> t.contains("快递几天到")));
    }

    @Test
    void theSameSeedGivesTheSameParaphrases() {
        assertEquals(paraphrases("how much is the power bank", "does it ship today", 11),
                paraphrases("how much is the power bank", "does it ship today", 11));
    }

    @Test
    void aPairThatIsNotTwoWordsIsRefusedNamingItsList() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Paraphrases(List.of(List.of("码")), WORDS.crossScript(), WORDS.pinyin(),
                WORDS.particles(), WORDS.fillers(), WORDS.emoji(), WORDS.joiners(), WORDS.keyboard()));
        assertTrue(e.getMessage().contains("homophones: [码] is not a pair"), e.getMessage());
    }
}
