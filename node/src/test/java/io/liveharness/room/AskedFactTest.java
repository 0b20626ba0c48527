package io.liveharness.room;

import io.liveharness.claims.ProductMentions;
import io.liveharness.router.Intent;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the room merges by: the fact a viewer's question asks, read with the committed lexicon and catalog. */
class AskedFactTest {
    private static final QuestionReader READER = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct);

    private static Optional<AskedFact> read(String text, String... productIds) {
        return AskedFact.of(Intent.PRODUCT_QA, READER.read(text, products(productIds), null));
    }

    private static List<Product> products(String... ids) {
        Catalog catalog = CATALOG;
        return java.util.Arrays.stream(ids).map(id -> catalog.find(id).orElseThrow()).toList();
    }

    private static final Catalog CATALOG = Catalog.load(java.nio.file.Path.of("catalog/products.yaml"));

    @Test
    void theSameFactInOtherWordsReadsTheSame() {
        assertEquals(read("这条碎花裙有M码吗?", "dress-101"), read("有没有M码", "dress-101"));
        assertEquals(read("多少钱啊", "dress-101", "dress-102"), read("这条裙子什么价格", "dress-101", "dress-102"));
        assertEquals(read("耳机多少钱", "earbuds-201", "powerbank-202"), read("how much are the earbuds?", "earbuds-201", "powerbank-202"));
        assertTrue(read("有没有M码", "dress-101").isPresent());
    }

    @Test
    void anotherSizeColourOrProductIsAnotherFact() {
        assertNotEquals(read("有M码吗", "dress-101"), read("有L码吗", "dress-101"));
        assertNotEquals(read("白色的有M码吗", "dress-101"), read("黑色的有M码吗", "dress-101"));
        assertNotEquals(read("耳机多少钱", "earbuds-201", "powerbank-202"), read("充电宝多少钱", "earbuds-201", "powerbank-202"));
    }

    @Test
    void aQuestionWithoutAReadableAttributeOrOneToDeclineHasNoFact() {
        assertTrue(read("会不会透", "dress-101").isEmpty());
        assertTrue(read("加微信便宜点卖我", "dress-101").isEmpty());
        assertTrue(AskedFact.of(Intent.CHITCHAT, READER.read("主播的裙子多少钱", products("dress-101"), null)).isEmpty());
    }
}
