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
        SlotFiller filler = new SlotFiller(new java.util.Random(3));
        TemplateBank.TEMPLATES.values().stream().flatMap(java.util.List::stream).forEach(t -> {
            String filled = filler.fill(t, Catalogue.ROOMS.getFirst());
            assertTrue(!filled.contains("{") && !filled.contains("}"), t);
        });
        assertTrue(TemplateBank.TEMPLATES.values().stream().map(java.util.List::size).allMatch(n -> n >= 20));
    }
}
