package io.liveharness.router.dataset;

import io.liveharness.router.question.Ask;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.router.question.Sellable;
import io.liveharness.router.train.LabelledMessage;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The ask model's data: each of the router's messages labelled with what its words ask as the
 * lexicon reads them ({@link QuestionReader#asked}: a cue word, nothing inferred from a size or colour
 * named; a message of an intent that asks nothing, or one to decline, asks {@code summary}; a
 * logistics message that names no other attribute, {@code shipping}),
 * then typed again {@code copies} times by the {@link Paraphraser}: the label comes from the words
 * spelt right, the model learns it from the words as hurried viewers type them. A message near an
 * eval message (the dev set, the held-out cases and questions) is left out.
 */
public final class AskMessages {
    /** The router's intents whose messages ask a product fact. */
    private static final Set<String> ASKING = Set.of("product_qa", "logistics", "after_sales", "clarification", "promotion");

    /** @param eval the eval's messages: none of the data may come near one ({@link NearCopies#ofEvalMessages}) */
    public static List<LabelledMessage> of(List<LabelledMessage> source, QuestionReader lexicon, List<? extends Sellable> products,
                                           Paraphrases words, int copies, long seed, NearCopies eval) {
        List<LabelledMessage> labelled = new ArrayList<>(source.size());
        Map<Ask, List<String>> byAsk = new EnumMap<>(Ask.class);
        for (LabelledMessage m : source) {
            String label = label(m, lexicon, products);
            labelled.add(new LabelledMessage(m.text(), label, m.template(), false, List.of()));
            byAsk.computeIfAbsent(Ask.fromLabel(label), a -> new ArrayList<>()).add(m.text());
        }
        Random rnd = new Random(seed);
        Paraphraser paraphraser = new Paraphraser(words, rnd);
        List<LabelledMessage> out = new ArrayList<>();
        for (LabelledMessage m : labelled) if (!eval.isNearCopy(m.text())) out.add(m);
        for (LabelledMessage m : labelled) {
            List<String> same = byAsk.get(Ask.fromLabel(m.label()));
            for (int i = 0; i < copies; i++) {
                // two questions in one only of the same ask: the label must stay what the whole message asks
                String second = m.label().equals("summary") ? null : same.get(rnd.nextInt(same.size()));
                String typed = paraphraser.apply(m.text(), second);
                if (!eval.isNearCopy(typed)) out.add(new LabelledMessage(typed, m.label(), m.template(), false, List.of()));
            }
        }
        return out;
    }

    static String label(LabelledMessage m, QuestionReader lexicon, List<? extends Sellable> products) {
        if (!ASKING.contains(m.label())) return "summary";
        if (lexicon.read(m.text(), products, null).decline() != null) return "summary";
        // what the words ask, not what a size or colour they name suggests: the reader infers that itself
        Ask asked = lexicon.asked(m.text());
        // a logistics message that names no other attribute asks about shipping ("包邮吗", "发哪个快递")
        if (asked == Ask.SUMMARY && m.label().equals("logistics")) return "shipping";
        return asked.name().toLowerCase(Locale.ROOT);
    }

    private AskMessages() { }
}
