package io.liveharness.router.dataset;

import io.liveharness.claims.ProductMentions;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.router.train.LabelledMessage;
import io.liveharness.tools.Catalog;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ask model's data: labelled by the lexicon on the words spelt right, and typed again keeping the label. */
class AskMessagesTest {
    private static final QuestionReader LEXICON = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct);
    private static final List<io.liveharness.tools.Product> PRODUCTS = Catalog.load(Path.of("catalog/products.yaml")).products();

    private static LabelledMessage m(String text, String intent) { return new LabelledMessage(text, intent, intent + "-t1", false, List.of()); }

    @Test
    void eachMessageIsLabelledByTheLexiconAndTypedAgainUnderTheSameLabel() {
        List<LabelledMessage> source = List.of(m("连衣裙多少钱", "product_qa"), m("包邮吗", "logistics"), m("主播好美", "chitchat"),
                m("能治失眠吗", "product_qa"), m("有M码吗", "product_qa"), m("XL的拿两件", "product_qa"));
        List<LabelledMessage> out = AskMessages.of(source, LEXICON, PRODUCTS, Paraphrases.load(Paraphrases.DEFAULT_FILE), 3, 5, new NearCopies(List.of()));
        assertEquals(source.size() * 4, out.size());
        assertEquals(List.of("price", "shipping", "summary", "summary", "size", "summary"), out.subList(0, 6).stream().map(LabelledMessage::label).toList(),
                "the lexicon's cue words; a logistics message naming none asks shipping; small talk, a must-decline and a size named"
                        + " without a word that asks (the reader infers that one itself) ask nothing");
        for (int i = 6; i < out.size(); i++) {
            LabelledMessage copy = out.get(i);
            LabelledMessage original = out.get((i - 6) / 3);
            assertEquals(original.label(), copy.label(), copy.text());
            assertEquals(original.template(), copy.template());
        }
        assertTrue(out.subList(6, out.size()).stream().filter(x -> !source.stream().map(LabelledMessage::text).toList().contains(x.text())).count() >= 10,
                "the copies are typed differently: " + out);
    }

    @Test
    void nothingNearAnEvalMessageIsKept() {
        List<LabelledMessage> source = List.of(m("连衣裙多少钱", "product_qa"), m("有M码吗", "product_qa"));
        NearCopies eval = new NearCopies(List.of("连衣裙多少钱"));
        List<LabelledMessage> out = AskMessages.of(source, LEXICON, PRODUCTS, Paraphrases.load(Paraphrases.DEFAULT_FILE), 3, 5, eval);
        assertTrue(out.stream().noneMatch(x -> eval.isNearCopy(x.text())), out.toString());
        assertTrue(out.stream().anyMatch(x -> x.text().equals("有M码吗")), "the rest stays");
    }
}
