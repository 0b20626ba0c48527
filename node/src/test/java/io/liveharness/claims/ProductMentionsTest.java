package io.liveharness.claims;

import io.liveharness.hooks.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProductMentionsTest {
    static final List<ProductMentions.Named> DRESSES = List.of(
            new ProductMentions.Named("dress-101", "碎花雪纺连衣裙 Floral chiffon dress", List.of("连衣裙", "裙子", "碎花", "雪纺", "dress", "floral")),
            new ProductMentions.Named("dress-102", "法式方领泡泡袖连衣裙 French square-neck puff-sleeve dress",
                    List.of("连衣裙", "方领", "泡泡袖", "法式", "dress", "puff sleeve")));

    @Test
    void aTextIsAboutTheProductItNamesByTheMostWords() {
        assertEquals(List.of("dress-101", "dress-102"), ProductMentions.named("法式方领泡泡袖连衣裙多少钱?", DRESSES));
        assertEquals(Optional.of("dress-102"), ProductMentions.about("法式方领泡泡袖连衣裙多少钱?", DRESSES));
        assertEquals(Optional.of("dress-101"), ProductMentions.about("这条碎花连衣裙有M码吗", DRESSES));
        assertEquals(Optional.empty(), ProductMentions.about("连衣裙多少钱", DRESSES), "named alike: about neither");
        assertEquals(Optional.empty(), ProductMentions.about("多少钱", DRESSES), "named not at all");
        assertEquals(Optional.of("dress-102"), ProductMentions.about("is DRESS-102 in stock", DRESSES), "by id, in any case");
    }

    /** The product data the turn's facts hold is the catalog's JSON: a name in each language, both read. */
    @Test
    void theFactsProductDataIsReadByItsNameInEachLanguageAndItsKeywords() {
        var catalog = io.liveharness.tools.Catalog.load(java.nio.file.Path.of("catalog/products.yaml"));
        List<String> facts = java.util.stream.Stream.of("earbuds-201", "powerbank-202")
                .map(id -> io.liveharness.config.Json.MAPPER.valueToTree(catalog.find(id).orElseThrow()).toString()).toList();
        var tech = ProductMentions.inFacts(facts);
        assertEquals(Optional.of("powerbank-202"), ProductMentions.about("20000mAh快充充电宝还有吗", tech), "by its Chinese name");
        assertEquals(Optional.of("powerbank-202"), ProductMentions.about("is the 20000mAh fast-charge power bank back?", tech), "by its English name");
        assertEquals(Optional.of("earbuds-201"), ProductMentions.about("降噪耳机多少钱", tech), "by its keywords");
        assertEquals(Optional.of("earbuds-201"), ProductMentions.aboutProduct("AirLite Pro noise-cancelling earbuds?",
                List.of(catalog.find("earbuds-201").orElseThrow(), catalog.find("powerbank-202").orElseThrow())));
    }

    @Test
    void aHyphenAndASpaceJoinAKeywordsWordsAlike() {
        assertEquals(Optional.of("dress-102"), ProductMentions.about("And the French square-neck puff-sleeve dress, how much?", DRESSES),
                "'puff-sleeve' says the keyword 'puff sleeve'");
        assertEquals(Optional.of("dress-102"), ProductMentions.about("the puff sleeve dress in M?", DRESSES));
        var tech = ProductMentions.inFacts(List.of(Fixtures.EARBUDS, Fixtures.POWER_BANK));
        assertEquals(List.of("powerbank-202"), ProductMentions.named("is the power-bank in stock", tech));
    }

    @Test
    void aLatinKeywordCountsAsAWholeWordOrItsPlural() {
        var tech = ProductMentions.inFacts(List.of(Fixtures.EARBUDS, Fixtures.POWER_BANK));
        assertEquals(List.of("powerbank-202"), ProductMentions.named("can I cancel the power bank?", tech), "'anc' is not in 'cancel'");
        assertEquals(List.of("earbuds-201", "powerbank-202"), ProductMentions.named("ANC earbuds or power banks?", tech));
        assertEquals(List.of("powerbank-202"), ProductMentions.named("220000mAh fast-charge", tech), "a unit after a number is a word");
        assertEquals(List.of("earbuds-201"), ProductMentions.named("这款降噪耳机", tech), "Chinese counts anywhere");
    }

    @Test
    void theRoomsProductsAreTheFactsWithAnIdANameAndKeywords() {
        var products = ProductMentions.inFacts(List.of(Fixtures.EARBUDS, "{\"productId\": \"earbuds-201\", \"stock\": 120}",
                Fixtures.POWER_BANK, Fixtures.EARBUDS, "not json", Fixtures.DRESS_101));
        assertEquals(List.of("earbuds-201", "powerbank-202"), products.stream().map(ProductMentions.Named::id).toList(),
                "once each; a tool result, text, or product data without keywords is none");
    }
}
