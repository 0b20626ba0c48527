package io.liveharness.router.dataset;

import io.liveharness.router.Intent;
import io.liveharness.router.train.LabelledMessage;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ViewerMessageGeneratorTest {
    private final ViewerMessageGenerator.Split split = new ViewerMessageGenerator(1).generate(2000);

    @Test
    void noTemplateIsInBothTrainAndTest() {
        Set<String> train = split.train().stream().map(LabelledMessage::template).collect(Collectors.toSet());
        assertTrue(split.test().stream().map(LabelledMessage::template).noneMatch(train::contains));
        Set<String> trainTexts = split.train().stream().map(m -> ViewerMessageGenerator.squash(m.text())).collect(Collectors.toSet());
        assertTrue(split.test().stream().noneMatch(m -> trainTexts.contains(ViewerMessageGenerator.squash(m.text()))));
    }

    @Test
    void trainingOnlyTemplatesStayInTrainAndCopyNoTestMessage() {
        assertTrue(split.test().stream().noneMatch(m -> m.template().contains("-t")), "a training-only template in test");
        long extra = split.train().stream().filter(m -> m.template().contains("-t")).count();
        assertTrue(extra > split.train().size() / 4, "training-only messages: " + extra);
        NearCopies nearTest = new NearCopies(split.test().stream().map(LabelledMessage::text).toList());
        assertTrue(split.train().stream().filter(m -> m.template().contains("-t")).noneMatch(m -> nearTest.isNearCopy(m.text())));
    }

    @Test
    void nearCopiesIgnoreEmojiPunctuationAndNumbersButNotWords() {
        NearCopies near = new NearCopies(java.util.List.of("29号链接多少钱呀", "what size are you wearing"));
        assertTrue(near.isNearCopy("39号链接多少钱呀!!!😂"));
        assertTrue(near.isNearCopy("What size are u wearing?"));
        assertTrue(!near.isNearCopy("这个链接能用券吗"));
        assertTrue(!near.isNearCopy("what colour is the dress"));
    }

    @Test
    void labelMixFollowsTheMeasuredTraffic() {
        Map<String, Long> counts = split.train().stream().collect(Collectors.groupingBy(LabelledMessage::label, Collectors.counting()));
        for (Intent intent : Intent.values()) {
            double share = counts.getOrDefault(intent.label(), 0L) / (double) split.train().size();
            assertEquals(ViewerMessageGenerator.MIX.get(intent), share, 0.01, intent.label());
        }
    }

    @Test
    void sameSeedSameData() {
        var again = new ViewerMessageGenerator(1).generate(2000);
        assertEquals(split.train(), again.train());
        assertEquals(split.test(), again.test());
    }

    @Test
    void clarificationsAreMostlyRepliesToTheAvatarAndOthersSeldom() {
        Map<Boolean, Double> replyRate = split.train().stream().collect(Collectors.partitioningBy(
                m -> m.label().equals("clarification"), Collectors.averagingDouble(m -> m.replyToAvatar() ? 1 : 0)));
        assertTrue(replyRate.get(true) > 0.7, "clarification reply rate " + replyRate.get(true));
        assertTrue(replyRate.get(false) < 0.25, "other reply rate " + replyRate.get(false));
    }

    @Test
    void everyTemplateFillsWithoutLeftoverSlots() {
        Catalogue catalogue = Catalogue.load(Catalogue.DEFAULT_FILE);
        Templates bank = Templates.load(Templates.BANK_FILE);
        SlotFiller filler = new SlotFiller(new java.util.Random(3), catalogue);
        java.util.stream.Stream.of(bank, Templates.load(Templates.TRAINING_ONLY_FILE))
                .flatMap(t -> t.byIntent().values().stream()).flatMap(java.util.List::stream).forEach(t -> {
            String filled = filler.fill(t, catalogue.rooms().getFirst());
            assertTrue(!filled.contains("{") && !filled.contains("}"), t);
        });
        assertTrue(bank.byIntent().values().stream().map(java.util.List::size).allMatch(n -> n >= 20));
    }
}
