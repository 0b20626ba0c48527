package io.liveharness.router.question;

import io.liveharness.claims.ProductMentions;
import io.liveharness.tools.Localized;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What the question read finds a viewer's message to ask, where a product's name says a feature or a colour word. */
class QuestionReaderTest {
    private static final QuestionReader READER = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct);
    private static final QuestionReader WITH_MODEL = new QuestionReader(QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE), ProductMentions::aboutProduct,
            AskModel.load(AskModel.DEFAULT_FILE));
    /** A generated world's earbuds: their keywords do not hold the 蓝牙 their name says. */
    private static final Product EARBUDS = new Product("earbuds-7", new Localized("高端降噪蓝牙耳机", "premium noise-cancelling earbuds"), "earbuds", 299, 20,
            List.of(), List.of(new Localized("黑色", "black"), new Localized("紫色", "purple")), new Localized("ABS外壳", "ABS shell"),
            new Localized("48小时内发货", "ships within 48 hours"), new Localized("7天无理由退货", "7-day returns"), "link-7", List.of("耳机", "earbuds"));

    @Test
    void aFeatureTheNamedProductsNameSaysIsNotTheOneAsked() {
        Question zh = READER.read("高端降噪蓝牙耳机有蓝牙吗", List.of(EARBUDS), null);
        assertEquals(Ask.FEATURE, zh.ask());
        assertEquals("蓝牙", zh.feature().said());
        assertEquals("蓝牙", READER.read("降噪蓝牙耳机有蓝牙吗", List.of(EARBUDS), null).feature().said(), "the name without its modifier");
        Question en = READER.read("does the premium noise-cancelling earbuds have bluetooth?", List.of(EARBUDS), null);
        assertEquals(Ask.FEATURE, en.ask());
        assertEquals("bluetooth", en.feature().said());
        Question spaced = READER.read("does the premium noise cancelling earbuds have bluetooth?", List.of(EARBUDS), null);
        assertEquals("bluetooth", spaced.feature().said(), "a hyphen and a space are the same in a name");
        assertEquals("降噪", READER.read("耳机有降噪吗", List.of(EARBUDS), null).feature().said(), "a feature asked without the name stays");
    }

    @Test
    void bluetoothNamesNoColour() {
        Question q = READER.read("有蓝牙吗", List.of(EARBUDS), null);
        assertNull(q.color(), "蓝牙 is not 蓝");
        assertEquals(Ask.FEATURE, q.ask());
        assertEquals(List.of("蓝色"), READER.read("有蓝色的吗", List.of(EARBUDS), null).color(), "a colour the product lacks, as the viewer said it");
        assertEquals(List.of("紫色", "purple"), READER.read("有紫色的吗", List.of(EARBUDS), null).color(), "one it has, in both languages");
    }

    @Test
    void aColourSaidShortOrMisspeltIsTheProductsOwnAndTheLongestColourWordIsTheOneAsked() {
        Product dress = new Product("dress-101", new Localized("碎花雪纺连衣裙", "Floral chiffon dress"), "dress", 159, 42, List.of("S", "M"),
                List.of(new Localized("白色", "white"), new Localized("蓝色", "blue")), new Localized("雪纺", "chiffon"),
                new Localized("48小时内发货", "ships within 48 hours"), new Localized("7天无理由退货", "7-day returns"), "link-1", List.of("连衣裙"));
        assertEquals(List.of("白色", "white"), READER.read("白的透不透啊姐妹", List.of(dress), null).color(), "白的 is its 白色");
        assertEquals(List.of("米色"), READER.read("这条有米色的没 米色显白", List.of(dress), null).color(), "米色 is asked, 显白 says no colour");
    }

    @Test
    void aContactDetailAskedOrGivenIsDeclinedAsSuchAndAPaymentOffThePlatformAsThat() {
        assertEquals(Question.Decline.CONTACT, READER.read("主播方便留个手机号吗 想找你买一批", List.of(EARBUDS), null).decline());
        assertEquals(Question.Decline.CONTACT, READER.read("what's your telegram? need 30 of these", List.of(EARBUDS), null).decline());
        assertEquals(Question.Decline.OFF_PLATFORM, READER.read("用比特币付款可以吗", List.of(EARBUDS), null).decline(),
                "a payment outside the platform, though no contact is asked");
        assertEquals(Question.Decline.MEDICAL, READER.read("我爸有痛风 戴这个耳机能缓解吗", List.of(EARBUDS), null).decline());
        assertNull(READER.read("能接电话吗 通话清楚不", List.of(EARBUDS), null).decline(), "taking calls is a feature, not a phone number");
    }

    @Test
    void misspeltWordsNoCueMatchesAreReadByTheAskModel() {
        assertEquals(Ask.SUMMARY, READER.read("发啥快滴", List.of(EARBUDS), null).ask(), "快滴 for 快递: no cue word");
        assertEquals(Ask.SHIPPING, WITH_MODEL.read("发啥快滴", List.of(EARBUDS), null).ask());
        assertEquals(Ask.SUMMARY, READER.read("裤存还有么", List.of(EARBUDS), null).ask(), "裤存 for 库存");
        assertEquals(Ask.STOCK, WITH_MODEL.read("裤存还有么", List.of(EARBUDS), null).ask());
        assertEquals(Ask.SUMMARY, WITH_MODEL.read("主播今天好漂亮", List.of(EARBUDS), null).ask(), "small talk stays a summary");
        assertEquals(Ask.PRICE, WITH_MODEL.read("耳机多少钱", List.of(EARBUDS), null).ask(), "a cue word said: the lexicon's reading");
    }

    @Test
    void aModelThatDoesNotLabelAsksIsRefusedNamingItsFile() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.liveharness.router.RouterModelException.class,
                () -> AskModel.load(java.nio.file.Path.of("models/router/intent-router.model")));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("intent-router.model") && e.getMessage().contains("is not a model of what questions ask"),
                e.getMessage());
    }
}
