package io.liveharness.pipeline;

import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.Skill;
import io.liveharness.claims.ProductMentions;
import io.liveharness.router.question.Question;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fallback as a viewer hears it: the default harness's templates, the demo catalog and the
 * shop's policies; the question read from the viewer's own words.
 */
class FallbackReplyTest {
    private static final Harness HARNESS = HarnessLoader.load(Path.of("harness/default"));
    private static final Catalog CATALOG = Catalog.load(Path.of("catalog/products.yaml"));
    private static final Policies POLICIES = Policies.load(Path.of("catalog/policies.yaml"));
    private static final QuestionLexicon LEXICON = QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE);
    private static final QuestionReader READER = new QuestionReader(LEXICON, ProductMentions::aboutProduct);
    private static final List<String> FASHION = List.of("dress-101", "dress-102");
    private static final List<String> TECH = List.of("earbuds-201", "powerbank-202");
    private static final List<String> SNACKS = List.of("snack-301");

    /** The fallback for {@code text} in a room selling {@code room} (the first on stage), under the skill of {@code skill}, after {@code heard}. */
    private static String say(List<String> room, String skill, String text, String heard) {
        List<Product> products = room.stream().map(id -> CATALOG.find(id).orElseThrow()).toList();
        Question q = READER.read(text, products, null);
        Product product = products.stream().filter(p -> p.id().equals(q.productId())).findFirst().orElseThrow();
        List<Skill> skills = new ArrayList<>();
        HARNESS.skills().stream().filter(s -> s.name().equals(skill)).forEach(skills::add);
        HARNESS.skills().stream().filter(s -> !s.name().equals(skill)).forEach(skills::add);
        String language = FallbackReply.language(text, "zh");
        return FallbackReply.build(new FallbackReply.Turn(skills, product, q, POLICIES.regionIn(text), POLICIES.logistics().remoteNote(),
                heard, language), LEXICON);
    }

    private static String say(List<String> room, String skill, String text) { return say(room, skill, text, ""); }

    private static String qa(List<String> room, String text) { return say(room, "product-qa", text); }

    @Test
    void aPriceQuestionHearsThePriceAndTheLinkOnly() {
        assertEquals("现在¥159, 点link-1下单哦", qa(FASHION, "这条裙子多少钱?"));
        assertEquals("It's ¥159 now, tap link-1 to order", qa(FASHION, "how much is it?"));
        assertEquals("现在¥219, 点link-2下单哦", qa(FASHION, "法式泡泡袖那条多少钱"), "the product the viewer names, not the one on stage");
    }

    @Test
    void aColourQuestionHearsTheColoursInTheViewersLanguageOnly() {
        assertEquals("有白色、蓝色、黑色哦", qa(FASHION, "有哪些颜色?"));
        assertEquals("It comes in white, blue, black", qa(FASHION, "what colours does it come in?"));
        assertEquals("有蓝色的哦", qa(FASHION, "有蓝色的吗"));
        assertEquals("Yes, it comes in blue", qa(FASHION, "do you have it in blue?"));
        assertEquals("没有紫色哦, 有白色、蓝色、黑色", qa(FASHION, "有紫色吗"), "a colour it lacks is said as lacking, never as there");
        assertEquals("No purple, it comes in white, blue, black", qa(FASHION, "is there a purple one?"));
    }

    @Test
    void aSizeQuestionHearsTheSizesOrThatOneIsMissing() {
        assertEquals("有S/M/L/XL码哦", qa(FASHION, "有哪些尺码"));
        assertEquals("It comes in S/M/L/XL", qa(FASHION, "what sizes?"));
        assertEquals("有M码哦, 点link-1下单", qa(FASHION, "M码有吗"));
        assertEquals("没有XL码哦, 有S/M/L", qa(FASHION, "法式泡泡袖连衣裙有XL码吗"));
        assertEquals("No XL, only S/M/L", qa(FASHION, "does the puff-sleeve dress come in XL?"));
        assertEquals("这款不分尺码哦", qa(TECH, "耳机有尺码吗"));
        assertEquals("The AirLite Pro noise-cancelling earbuds has no sizes", qa(TECH, "what size are the earbuds?"));
    }

    @Test
    void materialAndShelfLifeAreSaidFromTheViewersLanguageField() {
        assertEquals("材质是棉麻", qa(List.of("dress-102", "dress-101"), "什么材质?"));
        assertEquals("It's cotton-linen blend", qa(List.of("dress-102", "dress-101"), "what fabric is it?"));
        assertEquals("保质期 9个月哦", qa(SNACKS, "保质期多久?"));
        assertEquals("The daily mixed nuts gift box (30 packs) has a shelf life 9 months", qa(SNACKS, "what's the shelf life?"));
        assertEquals("这个我帮你问下主播哦", qa(FASHION, "这条裙子防水吗"), "a feature the data does not state is not guessed");
        assertEquals("Let me check that with the host", qa(FASHION, "is the dress waterproof?"));
    }

    @Test
    void aSoldOutProductIsSaidSoldOutWithNoStockCountAndNoBuyLink() {
        for (String text : List.of("充电宝还有货吗", "充电宝多少钱", "充电宝怎么买")) {
            String said = qa(TECH, text);
            assertEquals("20000mAh 快充充电宝已经卖完了, 正在补货中哦", said, text);
        }
        for (String text : List.of("is the power bank in stock?", "how much is the power bank?", "how do I buy the power bank?")) {
            String said = qa(TECH, text);
            assertEquals("The 20000mAh fast-charge power bank is sold out, we're restocking", said, text);
            assertFalse(said.contains("link-6") || said.contains("0 left"), said);
        }
        assertEquals("有现货120件, 点link-5下单哦", qa(TECH, "耳机有货吗"), "one in stock says how many");
        assertEquals("120 in stock, tap link-5 to order", qa(TECH, "are the earbuds in stock?"));
    }

    @Test
    void shippingReturnsAndRegionsAreTheShopsTermsInOneLanguage() {
        assertEquals("48小时内发货哦", say(FASHION, "logistics", "什么时候发货?"));
        assertEquals("Shipping: ships within 48 hours", say(FASHION, "logistics", "when does it ship?"));
        assertEquals("新疆属于偏远地区, 偏远地区需补邮费10元", say(FASHION, "logistics", "乌鲁木齐包邮吗"), "a city is its region");
        assertEquals("Xinjiang is a remote region: remote regions add 10 yuan shipping", say(FASHION, "logistics", "do you ship to urumqi for free?"));
        assertEquals("Tibet is a remote region: remote regions add 10 yuan shipping", say(FASHION, "logistics", "shipping to Lhasa?"));
        assertEquals("浙江包邮哦, 48小时内发货", say(FASHION, "logistics", "杭州发货包邮吗"));
        assertEquals("现在¥159, 点link-1下单哦", say(FASHION, "logistics", "新疆这边多少钱"), "a price asked from a region is a price question");
        assertEquals("7天无理由退货哦, 有问题联系客服", say(FASHION, "after-sales", "可以退货吗"));
        assertEquals("7-day no-reason returns, 1-year warranty; customer service helps with the rest",
                say(TECH, "after-sales", "can I return the earbuds?"));
    }

    @Test
    void aHealthOrOffPlatformRequestGetsAShortDeclineAndNoPitch() {
        for (String text : List.of("这个坚果能治高血压吗", "can these nuts cure diabetes?", "加微信私下转账可以吗", "can I pay you by bank transfer?")) {
            String said = say(SNACKS, "product-qa", text);
            assertTrue(said.startsWith("抱歉") || said.startsWith("Sorry"), text + " -> " + said);
            assertFalse(said.contains("link-") || said.contains("¥") || said.contains("坚果") || said.contains("nuts"), "no pitch: " + said);
        }
        assertEquals("抱歉, 我们不谈治疗效果哦, 身体问题请咨询医生", say(SNACKS, "product-qa", "这个坚果能治高血压吗"));
        assertEquals("Sorry, orders and payment stay on the platform", say(SNACKS, "chitchat", "can I pay you by bank transfer?"),
                "declined whichever skill the router chose");
        assertEquals("抱歉, 打不了折哦, ¥159已经是直播间价了", qa(FASHION, "再便宜点吧, 抹个零"));
        Skill noDeclines = new Skill("product-qa", "", null, null, Map.of("fallback-en", "The {name} is ¥{price}, tap {actionLinkId}"),
                List.of(), List.of(), 10, "", "");
        Product nuts = CATALOG.find("snack-301").orElseThrow();
        String said = FallbackReply.build(new FallbackReply.Turn(List.of(noDeclines), nuts, READER.read("can these nuts cure diabetes?", List.of(nuts), null),
                Optional.empty(), null, "", "en"), LEXICON);
        assertEquals("The host will answer you in a moment!", said, "a harness without a decline template holds on rather than pitch");
    }

    @Test
    void anUnreadableQuestionGetsTheSkillsShortGenericAnswer() {
        assertEquals("碎花雪纺连衣裙现在¥159, 有问题随时问我哦", qa(FASHION, "嗯嗯"));
        assertEquals("The Floral chiffon dress is ¥159 now, ask me anything about it", qa(FASHION, "hmm ok"));
    }

    @Test
    void whatTheReplyAlreadySaidIsNotSaidAgainNorASecondGreeting() {
        assertEquals("现在讲的是碎花雪纺连衣裙, 有问题随时问我哦", say(FASHION, "chitchat", "大家好呀", "欢迎宝宝! "),
                "the model greeted: the fallback does not greet again");
        assertEquals("We're showing the Floral chiffon dress now, ask me anything", say(FASHION, "chitchat", "hello!", "Welcome, thanks for joining."));
        assertEquals("欢迎来到直播间! 现在讲的是碎花雪纺连衣裙, 有问题随时问我哦", say(FASHION, "chitchat", "大家好呀", ""));
        assertEquals("点link-1下单哦", say(FASHION, "product-qa", "多少钱", "现在¥159, "), "the price was said: only the link is left");
        assertEquals("", say(FASHION, "product-qa", "多少钱", "现在¥159, 点link-1下单哦"), "all of it was said");
    }

    @Test
    void aFallbackIsNeverLongerThanTtsReadsAndNeverMixesLanguages() {
        String longTemplate = "现在¥{price}, " + "这条裙子真的很好看很显瘦, ".repeat(12) + "点{actionLinkId}下单哦";
        Skill wordy = new Skill("product-qa", "", null, null, Map.of("fallback-price-zh", longTemplate), List.of(), List.of(), 10, "", "");
        Product dress = CATALOG.find("dress-101").orElseThrow();
        Question q = READER.read("多少钱", List.of(dress), null);
        String said = FallbackReply.build(new FallbackReply.Turn(List.of(wordy), dress, q, Optional.empty(), null, "", "zh"), LEXICON);
        assertTrue(said.codePointCount(0, said.length()) <= FallbackReply.MAX_CHARS, said.length() + ": " + said);
        assertTrue(said.startsWith("现在¥159, ") && said.endsWith("很显瘦"), "cut at a clause's end: " + said);
        String shorter = FallbackReply.build(new FallbackReply.Turn(List.of(wordy), dress, q, Optional.empty(), null, "", "zh", 40), LEXICON);
        assertTrue(shorter.codePointCount(0, shorter.length()) <= 40, "a harness's own tts-length: " + shorter);
        for (String text : List.of("what colours?", "how much?", "what sizes?", "when does it ship?", "can I return it?", "what fabric?")) {
            String en = qa(FASHION, text);
            assertTrue(en.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), text + " -> " + en);
        }
        for (String text : List.of("什么颜色", "多少钱", "有什么尺码", "什么时候发货", "能退吗", "什么面料")) {
            String zh = qa(FASHION, text);
            String words = zh.replaceAll("link-\\d+|\\b[SMLX]{1,3}\\b", "");   // a link id and a size are no English clause
            assertTrue(words.chars().noneMatch(c -> c < 128 && Character.isLetter(c)), text + " -> " + zh);
        }
    }

    @Test
    void theLanguageIsTheMessagesScriptElseTheRooms() {
        assertEquals("zh", FallbackReply.language("M码有吗", "en"));
        assertEquals("en", FallbackReply.language("size M?", "zh"));
        assertEquals("en", FallbackReply.language("??? 👍 123", "en"));
        assertEquals("zh", FallbackReply.language("??? 👍 123", "zh"));
    }

    @Test
    void withNoProductTheHostWillAnswer() {
        assertEquals("The host will answer you in a moment!",
                FallbackReply.build(new FallbackReply.Turn(List.of(), null, null, Optional.empty(), null, "", "en"), LEXICON));
    }
}
