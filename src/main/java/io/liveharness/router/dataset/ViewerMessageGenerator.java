package io.liveharness.router.dataset;

import io.liveharness.router.Intent;
import io.liveharness.router.train.LabelledMessage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates the router's labelled data set from {@link TemplateBank}. Templates are split into
 * train and test before any message is made, so a test message never shares a template (or a
 * near-copy of one) with training. The label mix follows the traffic measured in the paper.
 */
public final class ViewerMessageGenerator {

    /** Share of traffic per intent: product_qa 46 %, chitchat 19 %, clarification 16 %, after_sales 7 %. */
    public static final Map<Intent, Double> MIX = Map.of(
            Intent.PRODUCT_QA, 0.46, Intent.CHITCHAT, 0.19, Intent.CLARIFICATION, 0.16,
            Intent.AFTER_SALES, 0.07, Intent.PROMOTION, 0.035, Intent.LOGISTICS, 0.035,
            Intent.COMPLAINT, 0.025, Intent.SPAM, 0.025);

    /** How often a message of each intent answers the avatar: clarifications mostly, others seldom. */
    private static final Map<Intent, Double> REPLY_RATE = Map.of(
            Intent.PRODUCT_QA, 0.12, Intent.CHITCHAT, 0.15, Intent.CLARIFICATION, 0.85,
            Intent.AFTER_SALES, 0.08, Intent.PROMOTION, 0.10, Intent.LOGISTICS, 0.10,
            Intent.COMPLAINT, 0.20, Intent.SPAM, 0.02);

    public static final double TEST_TEMPLATE_SHARE = 0.2;
    /** The same text may recur (real rooms repeat "主播好"), but not without bound. */
    private static final int MAX_COPIES = 3;

    public record Split(List<LabelledMessage> train, List<LabelledMessage> test) { }

    private final long seed;

    public ViewerMessageGenerator(long seed) { this.seed = seed; }

    public Split generate(int total) {
        Random rnd = new Random(seed);
        Map<Intent, List<Integer>> trainIds = new EnumMap<>(Intent.class);
        Map<Intent, List<Integer>> testIds = new EnumMap<>(Intent.class);
        for (Intent intent : Intent.values()) {
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < TemplateBank.TEMPLATES.get(intent).size(); i++) ids.add(i);
            Collections.shuffle(ids, rnd);
            int nTest = Math.max(2, (int) Math.round(ids.size() * TEST_TEMPLATE_SHARE));
            testIds.put(intent, ids.subList(0, nTest));
            trainIds.put(intent, ids.subList(nTest, ids.size()));
        }
        SlotFiller filler = new SlotFiller(rnd);
        Noise noise = new Noise(rnd);
        List<LabelledMessage> train = make(trainIds, (int) Math.round(total * (1 - TEST_TEMPLATE_SHARE)), filler, noise, rnd, Set.of());
        Set<String> trainTexts = new HashSet<>();
        train.forEach(m -> trainTexts.add(squash(m.text())));
        List<LabelledMessage> test = make(testIds, (int) Math.round(total * TEST_TEMPLATE_SHARE), filler, noise, rnd, trainTexts);
        return new Split(train, test);
    }

    private List<LabelledMessage> make(Map<Intent, List<Integer>> ids, int n, SlotFiller filler, Noise noise,
                                       Random rnd, Set<String> forbidden) {
        List<LabelledMessage> out = new ArrayList<>();
        for (Intent intent : Intent.values()) {
            List<String> templates = TemplateBank.TEMPLATES.get(intent);
            List<Integer> mine = ids.get(intent);
            int want = (int) Math.round(n * MIX.get(intent));
            Map<String, Integer> copies = new HashMap<>();
            int made = 0;
            for (int attempt = 0; made < want && attempt < want * 20; attempt++) {
                int id = mine.get(attempt % mine.size());
                Room room = filler.pick(Catalogue.ROOMS);
                String text = noise.apply(filler.fill(templates.get(id), room), intent);
                String key = squash(text);
                if (forbidden.contains(key) || copies.merge(key, 1, Integer::sum) > MAX_COPIES) continue;
                boolean reply = rnd.nextDouble() < REPLY_RATE.get(intent);
                out.add(new LabelledMessage(text, intent.label(), "%s-%03d".formatted(intent.label(), id), reply, room.keywords()));
                made++;
            }
        }
        Collections.shuffle(out, rnd);
        return out;
    }

    /** The form two messages must differ in to count as different: case, spaces and punctuation ignored. */
    static String squash(String text) {
        return text.toLowerCase().replaceAll("[\\s\\p{Punct}？！。，~]+", "");
    }
}
