package io.liveharness.router.dataset;

import io.liveharness.router.Intent;
import io.liveharness.router.train.LabelledMessage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Generates the router's labelled data set from the template bank ({@code data/router/templates.yaml}). Templates are split into
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

    /**
     * @param leftOut the training-only templates left out because a message made from one was a
     *                near-copy of a test message ({@link NearCopies})
     */
    public record Split(List<LabelledMessage> train, List<LabelledMessage> test, List<String> leftOut) { }

    /** The data files a data set is made from, in the order the generator reads them. */
    public static final List<Path> SOURCE_FILES = List.of(Templates.BANK_FILE, Templates.TRAINING_ONLY_FILE, Catalogue.DEFAULT_FILE);

    private final long seed;
    private final Templates bank;
    private final Templates trainingOnly;
    private final Catalogue catalogue;

    /** A generator over the project's data files ({@link #SOURCE_FILES}). */
    public ViewerMessageGenerator(long seed) {
        this(seed, Templates.load(Templates.BANK_FILE), Templates.load(Templates.TRAINING_ONLY_FILE), Catalogue.load(Catalogue.DEFAULT_FILE));
    }

    ViewerMessageGenerator(long seed, Templates bank, Templates trainingOnly, Catalogue catalogue) {
        this.seed = seed;
        this.bank = bank;
        this.trainingOnly = trainingOnly;
        this.catalogue = catalogue;
    }

    /**
     * {@code total} messages from the template bank, split by template; then, added to train
     * only, messages from the training-only templates at the same yield per template. Those are
     * made with a random stream of their own after the test split is made, so they leave the test
     * split exactly as it was without them.
     */
    public Split generate(int total) {
        Random rnd = new Random(seed);
        Map<Intent, List<Integer>> trainIds = new EnumMap<>(Intent.class);
        Map<Intent, List<Integer>> testIds = new EnumMap<>(Intent.class);
        for (Intent intent : Intent.values()) {
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < bank.of(intent).size(); i++) ids.add(i);
            Collections.shuffle(ids, rnd);
            int nTest = Math.max(2, (int) Math.round(ids.size() * TEST_TEMPLATE_SHARE));
            testIds.put(intent, ids.subList(0, nTest));
            trainIds.put(intent, ids.subList(nTest, ids.size()));
        }
        SlotFiller filler = new SlotFiller(rnd, catalogue);
        Noise noise = new Noise(rnd);
        int trainSize = (int) Math.round(total * (1 - TEST_TEMPLATE_SHARE));
        List<LabelledMessage> train = make(bank, "", trainIds, trainSize, filler, noise, rnd, text -> false);
        Set<String> trainTexts = new HashSet<>();
        train.forEach(m -> trainTexts.add(squash(m.text())));
        List<LabelledMessage> test = make(bank, "", testIds, (int) Math.round(total * TEST_TEMPLATE_SHARE),
                filler, noise, rnd, text -> trainTexts.contains(squash(text)));

        Random extraRnd = new Random(seed + 1);
        SlotFiller extraFiller = new SlotFiller(extraRnd, catalogue);
        Noise extraNoise = new Noise(extraRnd);
        NearCopies nearTest = new NearCopies(test.stream().map(LabelledMessage::text).toList());
        Map<Intent, List<Integer>> extraIds = new EnumMap<>(Intent.class);
        List<String> leftOut = new ArrayList<>();
        int baseTemplates = 0, extraTemplates = 0;
        for (Intent intent : Intent.values()) {
            List<String> templates = trainingOnly.of(intent);
            List<Integer> kept = new ArrayList<>();
            for (int i = 0; i < templates.size(); i++) {
                if (anyNearCopy(templates.get(i), intent, extraFiller, extraNoise, nearTest)) leftOut.add(extraId(intent, i));
                else kept.add(i);
            }
            extraIds.put(intent, kept);
            baseTemplates += trainIds.get(intent).size();
            extraTemplates += kept.size();
        }
        int extraSize = (int) Math.round(trainSize * (double) extraTemplates / baseTemplates);
        List<LabelledMessage> extra = make(trainingOnly, "t", extraIds, extraSize, extraFiller, extraNoise,
                extraRnd, text -> { String k = squash(text); return trainTexts.contains(k) || nearTest.isNearCopy(text); });
        List<LabelledMessage> all = new ArrayList<>(train);
        all.addAll(extra);
        Collections.shuffle(all, extraRnd);
        return new Split(all, test, leftOut);
    }

    /** Samples a template's messages: one close to a test message marks the template as a near-copy. */
    private boolean anyNearCopy(String template, Intent intent, SlotFiller filler, Noise noise, NearCopies nearTest) {
        for (int i = 0; i < NEAR_COPY_SAMPLES; i++) {
            Room room = catalogue.rooms().get(i % catalogue.rooms().size());
            String plain = filler.fill(template, room);
            if (nearTest.isNearCopy(plain) || nearTest.isNearCopy(noise.apply(plain, intent))) return true;
        }
        return false;
    }

    private static final int NEAR_COPY_SAMPLES = 14;

    private static String extraId(Intent intent, int i) { return "%s-t%03d".formatted(intent.label(), i); }

    private List<LabelledMessage> make(Templates bank, String idMark, Map<Intent, List<Integer>> ids, int n,
                                       SlotFiller filler, Noise noise, Random rnd, Predicate<String> forbidden) {
        List<LabelledMessage> out = new ArrayList<>();
        for (Intent intent : Intent.values()) {
            List<String> templates = bank.of(intent);
            List<Integer> mine = ids.get(intent);
            if (mine.isEmpty()) continue;
            int want = (int) Math.round(n * MIX.get(intent));
            Map<String, Integer> copies = new HashMap<>();
            int made = 0;
            for (int attempt = 0; made < want && attempt < want * 20; attempt++) {
                int id = mine.get(attempt % mine.size());
                Room room = filler.pick(catalogue.rooms());
                String text = noise.apply(filler.fill(templates.get(id), room), intent);
                String key = squash(text);
                if (forbidden.test(text) || copies.merge(key, 1, Integer::sum) > MAX_COPIES) continue;
                boolean reply = rnd.nextDouble() < REPLY_RATE.get(intent);
                out.add(new LabelledMessage(text, intent.label(), "%s-%s%03d".formatted(intent.label(), idMark, id), reply, room.keywords()));
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
