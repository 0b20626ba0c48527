package io.liveharness.hooks;

import io.liveharness.router.Intent;
import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.testing.Fixtures;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.liveharness.hooks.HookVerdict.Decision.ALLOW;
import static io.liveharness.hooks.HookVerdict.Decision.BLOCK;
import static io.liveharness.hooks.HookVerdict.Decision.REWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each built-in hook type on its own, created through the registry as a harness version would create it. */
class BuiltinHooksTest {
    static final HookRegistry REGISTRY = HookRegistry.load();

    static Hook hook(String type, HookPoint at, Map<String, Object> params) {
        return REGISTRY.compile("v1", List.of(HookSpec.of(type, at, params)), Fixtures.ENV).at(at).getFirst().hook();
    }

    static HookContext reply(String text, String... facts) {
        return HookContext.output("room-1", Intent.PRODUCT_QA, "这条裙子多少钱?", text, List.of(facts), List.of("product_lookup"));
    }

    @Nested
    class TtsLength {
        final Hook hook = hook("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 20));

        @Test
        void aReplyThatFitsIsAllowedUnchanged() {
            HookVerdict v = hook.check(reply("有M码, 159元."));
            assertEquals(ALLOW, v.decision());
            assertEquals("有M码, 159元.", v.text());
        }

        @Test
        void aLongerReplyIsCutAtTheLastSentenceEndThatFits() {
            HookVerdict v = hook.check(reply("这条裙子很好看。面料是雪纺的, 夏天穿很凉快, 推荐大家入手"));
            assertEquals(REWRITE, v.decision());
            assertEquals("这条裙子很好看。", v.text());
        }
    }

    @Nested
    class ContactDetails {
        final Hook hook = hook("no-contact-details", HookPoint.OUTPUT, Map.of());

        @Test
        void urlsPhonesWechatQqAndEmailsAreBlocked() {
            for (String text : List.of("加我微信聊", "call 13812345678", "打 138 1234 5678 问", "see https://x.example/a",
                    "去 shop.example.com 买", "mail me a@b.cn", "vx: abc12345", "QQ 123456789", "拨打 021-12345678")) {
                HookVerdict v = hook.check(reply(text));
                assertEquals(BLOCK, v.decision(), text);
                assertTrue(v.reason().contains("off the platform"), v.reason());
            }
        }

        @Test
        void pricesSizesAndOrdinaryNumbersAreAllowed() {
            for (String text : List.of("159元, 有S M L XL四个码", "48小时内发货", "还剩42件", "7天无理由退货")) {
                assertEquals(ALLOW, hook.check(reply(text)).decision(), text);
            }
        }
    }

    @Nested
    class BannedTermsAndProhibitions {
        @Test
        void aBannedTermBlocksWhateverItsCase() {
            Hook hook = hook("banned-terms", HookPoint.OUTPUT, Map.of("terms", List.of("全网最低", "Guaranteed cure")));
            HookVerdict v = hook.check(reply("this is a GUARANTEED CURE"));
            assertEquals(BLOCK, v.decision());
            assertTrue(v.reason().contains("'Guaranteed cure'"), v.reason());
            assertEquals(ALLOW, hook.check(reply("很划算")).decision());
        }

        @Test
        void medicalClaimsAndOffPlatformPaymentBreakTheProhibitions() {
            Hook hook = hook("prohibitions", HookPoint.OUTPUT,
                    Map.of("categories", List.of("medical", "off-platform-payment"), "patterns", List.of("私聊.{0,4}优惠")));
            assertTrue(hook.check(reply("这款面霜能治愈痘痘")).reason().contains("medical: '治愈'"));
            assertTrue(hook.check(reply("可以直接转账给我")).reason().contains("off-platform-payment: '转账'"));
            assertTrue(hook.check(reply("私聊给你优惠")).reason().contains("forbidden pattern"));
            assertEquals(ALLOW, hook.check(reply("面料是雪纺的, 很透气")).decision());
        }
    }

    @Nested
    class UnbackedPromise {
        final Hook hook = hook("unbacked-promise", HookPoint.OUTPUT, Map.of("tool", "product_lookup"));

        @Test
        void aPriceNoToolResultStatesIsBlockedWithAReasonTheModelCanActOn() {
            HookVerdict v = hook.check(reply("这条裙子只要¥99!", Fixtures.DRESS_101));
            assertEquals(BLOCK, v.decision());
            assertEquals("the reply says ¥99 of dress-101, whose price is ¥159; call product_lookup or leave the price out", v.reason());
        }

        @Test
        void itNamesOnlyTheToolItsHarnessGivesIt() {
            HookVerdict v = hook("unbacked-promise", HookPoint.OUTPUT, Map.of()).check(reply("这条裙子只要¥99!", Fixtures.DRESS_101));
            assertEquals("the reply says ¥99 of dress-101, whose price is ¥159; check the facts or leave the price out", v.reason());
            assertTrue(REGISTRY.validate(List.of(HookSpec.of("unbacked-promise", HookPoint.OUTPUT, Map.of("tool", "no_such_tool"))),
                    Fixtures.ENV).getFirst().contains("'no_such_tool', which this harness does not define"));
        }

        @Test
        void aPriceTheToolResultStatesIsAllowedHoweverItIsWritten() {
            for (String text : List.of("这条裙子¥159", "159元一条", "only 159 yuan", "159块钱")) {
                assertEquals(ALLOW, hook.check(reply(text, Fixtures.DRESS_101)).decision(), text);
            }
        }

        @Test
        void aStockCountMustMatchTheFacts() {
            assertEquals(BLOCK, hook.check(reply("还剩5件, 快下单", Fixtures.DRESS_101)).decision());
            assertEquals(BLOCK, hook.check(reply("only 5 left!", Fixtures.DRESS_101)).decision());
            assertEquals(ALLOW, hook.check(reply("还剩42件", Fixtures.DRESS_101)).decision());
        }

        @Test
        void aDeliveryPromiseMustMatchTheFacts() {
            assertTrue(hook.check(reply("明天就到", Fixtures.DRESS_101)).reason().contains("shipping time"));
            assertEquals(BLOCK, hook.check(reply("24小时内发货", Fixtures.DRESS_101)).decision());
            assertEquals(BLOCK, hook.check(reply("it ships tomorrow", Fixtures.DRESS_101)).decision());
            assertEquals(ALLOW, hook.check(reply("48小时内发货", Fixtures.DRESS_101)).decision());
            assertEquals(ALLOW, hook.check(reply("ships within 48 hours", Fixtures.DRESS_101)).decision());
            assertEquals(ALLOW, hook.check(reply("明天发货", "{\"shipping\": \"次日发货\"}")).decision());
        }

        @Test
        void withoutAnyFactsEveryPromiseIsUnbacked() {
            assertEquals(BLOCK, hook.check(reply("159元")).decision());
            assertEquals(ALLOW, hook.check(reply("有M码的, 可以放心拍")).decision());
        }
    }

    @Nested
    class FalseClaims {
        final Hook hook = hook("false-claims", HookPoint.OUTPUT, Map.of("tool", "product_lookup"));
        static final String EARBUDS = """
                {"id":"earbuds-201","name":"AirLite Pro 降噪蓝牙耳机 noise-cancelling earbuds","price":299.0,"stock":120,\
                "colors":["黑色 black","白色 white"],"actionLinkId":"link-5","keywords":["耳机","降噪","earbuds"]}""";
        static final String POWER_BANK = """
                {"id":"powerbank-202","name":"20000mAh 快充充电宝 fast-charge power bank","price":129.0,"stock":0,\
                "colors":["灰色 grey"],"actionLinkId":"link-6","keywords":["充电宝","power bank"]}""";

        private static HookContext answer(String question, String reply, String... facts) {
            return HookContext.output("tech-room", Intent.PRODUCT_QA, question, reply, List.of(facts), List.of()).withOnStage("earbuds-201");
        }

        @Test
        void aSoldOutProductPushedIsBlockedWithTheReason() {
            HookVerdict v = hook.check(answer("充电宝多少钱?", "充电宝现在¥129, 点link-6下单哦", EARBUDS, POWER_BANK));
            assertEquals(BLOCK, v.decision());
            assertTrue(v.reason().contains("sold out"), v.reason());
            assertEquals(ALLOW, hook.check(answer("充电宝多少钱?", "充电宝¥129, 现在卖完了, 补货中哦", EARBUDS, POWER_BANK)).decision());
        }

        @Test
        void anotherHostsNameAndAColourTheProductLacksAreBlocked() {
            String room = "{\"room\":\"tech-room\",\"host\":\"Max\"}";
            assertEquals(BLOCK, hook.check(answer("are you real?", "I'm the digital host Lily, ask me anything", EARBUDS, room)).decision());
            assertEquals(ALLOW, hook.check(answer("are you real?", "I'm Max, the digital host; ask me anything", EARBUDS, room)).decision());
            assertEquals(BLOCK, hook.check(answer("有紫色吗?", "耳机有紫色的哦", EARBUDS)).decision());
            assertEquals(ALLOW, hook.check(answer("有紫色吗?", "耳机没有紫色哦, 有黑色和白色", EARBUDS)).decision());
        }

        @Test
        void aHarnessNarrowsTheKindsAndAnUnknownKindIsAClearError() {
            Hook prices = hook("false-claims", HookPoint.OUTPUT, Map.of("kinds", List.of("price")));
            assertEquals(ALLOW, prices.check(answer("有紫色吗?", "耳机有紫色的哦", EARBUDS)).decision());
            var problems = REGISTRY.validate(List.of(HookSpec.of("false-claims", HookPoint.OUTPUT, Map.of("kinds", List.of("colour", "vibe")))),
                    Fixtures.ENV);
            assertTrue(problems.toString().contains("'vibe', which is not a kind of claim"), problems.toString());
        }
    }

    @Nested
    class Disfluencies {
        final Hook hook = hook("disfluency", HookPoint.OUTPUT, Map.of());

        @Test
        void aRepeatedItemADoubledGreetingOrTheOtherLanguageIsSentBack() {
            assertEquals(BLOCK, hook.check(reply("颜色有米色/米色/米色, 点link-2下单", Fixtures.DRESS_101)).decision());
            assertEquals(BLOCK, hook.check(reply("48小时内发货, ships within 48 hours", Fixtures.DRESS_101)).decision());
            assertEquals(ALLOW, hook.check(reply("颜色有白色/蓝色/黑色, 48小时内发货哦", Fixtures.DRESS_101)).decision());
            HookContext english = HookContext.output("room-1", Intent.CHITCHAT, "hello!", "Thanks for joining! Welcome to the live room!",
                    List.of(), List.of());
            assertTrue(hook.check(english).reason().contains("greets twice"));
        }
    }

    @Nested
    class UnbackedAttribute {
        final Hook materials = hook("unbacked-attribute", HookPoint.OUTPUT, Map.of("attribute", "material", "tool", "product_lookup",
                "words", List.of("雪纺/chiffon", "牛仔布/denim", "棉麻/cotton-linen/linen", "硅胶/silicone", "铝合金/aluminium/aluminum")));
        final Hook colours = hook("unbacked-attribute", HookPoint.OUTPUT, Map.of("attribute", "colour",
                "words", List.of("白色/white", "紫色/purple", "灰色/grey/gray")));
        static final String FLORAL = "{\"id\": \"dress-101\", \"name\": \"碎花雪纺连衣裙 Floral chiffon dress\", \"keywords\": [\"碎花\"],"
                + " \"material\": \"雪纺 chiffon (100% polyester)\", \"colors\": [\"白色 white\"]}";
        static final String PUFF = "{\"id\": \"dress-102\", \"name\": \"法式方领泡泡袖连衣裙\", \"keywords\": [\"泡泡袖\"], \"price\": 219.0}";
        static final String EARBUDS = "{\"id\": \"earbuds-201\", \"name\": \"降噪蓝牙耳机 noise-cancelling earbuds\", \"keywords\": [\"耳机\"],"
                + " \"material\": \"ABS shell, silicone tips\", \"colors\": [\"黑色 black\"]}";

        private static HookContext answer(String question, String reply, String... facts) {
            return HookContext.output("dress-room", Intent.PRODUCT_QA, question, reply, List.of(facts), List.of());
        }

        @Test
        void aMaterialTheProductsFactsDoNotGiveIsBlockedWithAReasonTheModelCanActOn() {
            HookVerdict v = materials.check(answer("面料是什么的", "用料是牛仔布, 放心选", FLORAL, PUFF));
            assertEquals(BLOCK, v.decision());
            assertEquals("the reply says '牛仔布' but no tool result or product data this turn gives that material; "
                    + "call product_lookup or leave the material out", v.reason());
            assertEquals(ALLOW, materials.check(answer("面料是什么的", "面料是雪纺的, 100% polyester", FLORAL, PUFF)).decision());
            assertEquals(ALLOW, materials.check(answer("有M码吗", "有M码的, 尺码有S/M/L/XL", FLORAL, PUFF)).decision(),
                    "a reply that names no material");
        }

        @Test
        void anySpellingOfTheWordBacksIt() {
            assertEquals(ALLOW, materials.check(answer("耳机是什么材质", "降噪蓝牙耳机是硅胶耳塞哦", EARBUDS)).decision(),
                    "硅胶 is backed by 'silicone tips'");
            assertEquals(BLOCK, materials.check(answer("耳机是什么材质", "降噪蓝牙耳机是铝合金外壳哦", EARBUDS)).decision());
            assertEquals(BLOCK, materials.check(answer("what is it made of?", "The earbuds are aluminum.", EARBUDS)).decision());
        }

        @Test
        void aMaterialOfAnotherProductDoesNotBackIt() {
            HookVerdict v = materials.check(answer("泡泡袖那条是什么面料?", "泡泡袖连衣裙是雪纺的哦", FLORAL, PUFF));
            assertEquals(BLOCK, v.decision(), "雪纺 is the floral dress's");
            assertTrue(v.reason().contains("of dress-102"), v.reason());
            String lookedUp = "{\"productId\": \"dress-102\", \"material\": \"棉麻 cotton-linen blend\"}";
            assertEquals(ALLOW, materials.check(answer("泡泡袖那条是什么面料?", "泡泡袖连衣裙是棉麻的哦", FLORAL, PUFF, lookedUp)).decision(),
                    "a tool result about it backs it");
        }

        @Test
        void theViewersOwnWordIsLeftAloneSoANoCanNameIt() {
            assertEquals(ALLOW, colours.check(answer("有紫色的吗?", "没有紫色哦, 只有白色", FLORAL)).decision());
            HookVerdict v = colours.check(answer("还有别的颜色吗?", "还有紫色和白色", FLORAL));
            assertEquals(BLOCK, v.decision());
            assertEquals("the reply says '紫色' but no tool result or product data this turn gives that colour; "
                    + "look it up or leave the colour out", v.reason());
        }

        @Test
        void aLatinSpellingCountsOnlyAsAWholeWord() {
            assertEquals(ALLOW, colours.check(answer("is it good?", "Not a whitening cream: earbuds, in black.", EARBUDS)).decision());
            assertEquals(BLOCK, colours.check(answer("is it good?", "Not a cream: earbuds, in white.", EARBUDS)).decision());
            assertEquals(BLOCK, colours.check(answer("which colours?", "The earbuds come in grey.", FLORAL, EARBUDS)).decision());
        }

        @Test
        void aWordWithAnEmptySpellingOrAToolTheHarnessLacksIsRefused() {
            assertTrue(REGISTRY.validate(List.of(HookSpec.of("unbacked-attribute", HookPoint.OUTPUT,
                    Map.of("attribute", "material", "words", List.of("雪纺/")))), Fixtures.ENV).getFirst().contains("'雪纺/'"));
            assertTrue(REGISTRY.validate(List.of(HookSpec.of("unbacked-attribute", HookPoint.OUTPUT,
                    Map.of("attribute", "material", "words", List.of("雪纺"), "tool", "no_such_tool"))), Fixtures.ENV).getFirst()
                    .contains("'no_such_tool', which this harness does not define"));
        }
    }

    @Test
    void anEmptyReplyIsBlocked() {
        Hook hook = hook("not-empty", HookPoint.OUTPUT, Map.of());
        assertEquals(BLOCK, hook.check(reply("  ")).decision());
        assertEquals(ALLOW, hook.check(reply("有的")).decision());
    }

    @Nested
    class UnbackedPromiseOfOneProduct {
        final Hook hook = hook("unbacked-promise", HookPoint.OUTPUT, Map.of("tool", "product_lookup"));

        private static HookContext answer(String question, String reply, String... facts) {
            return HookContext.output("tech-room", Intent.PRODUCT_QA, question, reply, List.of(facts), List.of());
        }

        @Test
        void aReplyAboutOneProductCannotStateAnothersFigure() {
            HookVerdict v = hook.check(answer("is the power bank in stock", "The power bank is in stock, 120 left.",
                    Fixtures.EARBUDS, Fixtures.POWER_BANK));
            assertEquals(BLOCK, v.decision());
            assertEquals("the reply says 120 in stock of powerbank-202, which has 0; call product_lookup or leave the stock out", v.reason());
            assertEquals(ALLOW, hook.check(answer("is the power bank in stock", "The earbuds are in stock, 120 left.",
                    Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision(), "the earbuds' own figure");
        }

        @Test
        void aReplyThatNamesNoProductIsHeldToTheOneTheViewerNames() {
            assertEquals(BLOCK, hook.check(answer("耳机多少钱?", "现在¥129, 点链接下单", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision());
            assertEquals(ALLOW, hook.check(answer("耳机多少钱?", "现在¥299, 点链接下单", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision());
            assertEquals(ALLOW, hook.check(answer("多少钱?", "现在¥129", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision(),
                    "a question and a reply naming no product: any fact of the turn backs it, as before");
        }

        @Test
        void aToolResultAboutTheProductBacksItAndOneAboutAnotherDoesNot() {
            String stock = "{\"productId\": \"powerbank-202\", \"stock\": 7, \"inStock\": true}";
            assertEquals(ALLOW, hook.check(answer("power bank?", "The power bank: only 7 left", Fixtures.EARBUDS, Fixtures.POWER_BANK, stock))
                    .decision());
            assertEquals(BLOCK, hook.check(answer("earbuds?", "The earbuds: only 7 left", Fixtures.EARBUDS, Fixtures.POWER_BANK, stock))
                    .decision());
            String coupon = "{\"coupon\": \"满200减20\", \"off\": 20}";
            assertEquals(ALLOW, hook.check(answer("earbuds?", "The earbuds are ¥299, ¥20 off with the coupon", Fixtures.EARBUDS,
                    Fixtures.POWER_BANK, coupon)).decision(), "a fact about no product (a coupon) backs any reply");
        }
    }

    @Nested
    class AnswersTheQuestion {
        final Hook hook = hook("answers-the-question", HookPoint.OUTPUT, Map.of());

        private static HookContext answer(Intent intent, String question, String reply) {
            return HookContext.output("tech-room", intent, question, reply, List.of(FalseClaims.EARBUDS, FalseClaims.POWER_BANK), List.of())
                    .withOnStage("earbuds-201");
        }

        @Test
        void aReplyWhoseFirstFactIsNotTheOneAskedIsBlockedNamingBoth() {
            HookVerdict v = hook.check(answer(Intent.PRODUCT_QA, "耳机多少米", "耳机有黑色和白色哦"));
            assertEquals(BLOCK, v.decision());
            assertEquals("the viewer asks about the price, and the reply states the colour instead; answer the price first", v.reason());
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "耳机多少米", "耳机现在¥299, 有黑色和白色哦")).decision());
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "where do I tap?", "The earbuds are ¥299,")).decision(),
                    "the price may lead: the link can come in the next segment");
        }

        @Test
        void aReplyThatHasStatedNoFactYetAndAQuestionThatAsksNoAttributePass() {
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "耳机多少米", "亲, 欢迎来到直播间")).decision(), "a segment before the answer");
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "这个耳机好看吗", "耳机有黑色和白色哦")).decision(), "asks no one attribute");
            assertEquals(ALLOW, hook.check(answer(Intent.CHITCHAT, "主播今天好漂亮", "耳机有黑色和白色哦")).decision(), "small talk asks nothing");
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "XL的拿两件一共得多少", "耳机有黑色和白色哦")).decision(),
                    "a size named is not the question: its words ask the price");
        }

        @Test
        void aMisspeltQuestionIsReadByTheAskModel() {
            // "裤存" for 库存: no cue word of the lexicon is said, the ask model reads it as stock
            assertEquals(BLOCK, hook.check(answer(Intent.PRODUCT_QA, "裤存还有么", "耳机有黑色和白色哦")).decision());
            assertEquals(ALLOW, hook.check(answer(Intent.PRODUCT_QA, "裤存还有么", "耳机还有120件哦")).decision());
        }
    }

    static final String DRESS_101 = "{\"id\": \"dress-101\", \"name\": \"碎花雪纺连衣裙\", \"keywords\": [\"连衣裙\", \"碎花\", \"雪纺\"]}";
    static final String DRESS_102 = "{\"id\": \"dress-102\", \"name\": \"法式方领泡泡袖连衣裙\", \"keywords\": [\"连衣裙\", \"方领\", \"泡泡袖\", \"法式\"]}";

    @Nested
    class AskedProduct {
        final Hook atOutput = hook("asked-product", HookPoint.OUTPUT, Map.of());
        final Hook beforeTool = hook("asked-product", HookPoint.PRE_TOOL, Map.of());

        private static HookContext call(String question, String arguments) {
            return HookContext.preTool("tech-room", Intent.PRODUCT_QA, question, "stock_check", arguments,
                    List.of(Fixtures.EARBUDS, Fixtures.POWER_BANK), List.of());
        }

        private static HookContext reply(String question, String reply, String... facts) {
            return HookContext.output("tech-room", Intent.PRODUCT_QA, question, reply, List.of(facts), List.of());
        }

        @Test
        void aToolCallForAnotherProductThanTheOneTheViewerNamesIsBlockedWithTheRightId() {
            HookVerdict v = beforeTool.check(call("is the power bank in stock", "{\"productId\": \"earbuds-201\"}"));
            assertEquals(BLOCK, v.decision());
            assertEquals("the viewer asks about 20000mAh 快充充电宝 fast-charge power bank (powerbank-202), not earbuds-201; "
                    + "call the tool with powerbank-202", v.reason());
            assertEquals(ALLOW, beforeTool.check(call("is the power bank in stock", "{\"item\": \"powerbank-202\"}")).decision(),
                    "whatever the harness calls the argument");
            assertEquals(ALLOW, beforeTool.check(call("is it in stock", "{\"productId\": \"earbuds-201\"}")).decision(),
                    "a message naming no product");
            assertEquals(ALLOW, beforeTool.check(call("耳机和充电宝哪个好", "{\"productId\": \"earbuds-201\"}")).decision(),
                    "a message naming both");
        }

        @Test
        void aReplyThatNamesOnlyOtherProductsIsBlocked() {
            HookVerdict v = atOutput.check(reply("does the earbuds have noise cancelling?",
                    "220000mAh fast-charge power bank is in stock, 120 left.", Fixtures.EARBUDS, Fixtures.POWER_BANK));
            assertEquals(BLOCK, v.decision());
            assertTrue(v.reason().contains("the viewer asks about AirLite Pro"), v.reason());
            assertEquals(ALLOW, atOutput.check(reply("充电宝有货吗", "充电宝补货中, 可以先看看这款降噪耳机",
                    Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision(), "naming the asked one and another");
            assertEquals(ALLOW, atOutput.check(reply("充电宝有货吗", "补货中哦", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision(),
                    "naming none");
            assertEquals(ALLOW, atOutput.check(reply("earbuds?", "The power bank is out", Fixtures.POWER_BANK)).decision(),
                    "a room of one product: no other to confuse it with");
        }

        @Test
        void smallTalkThatNamesNoProductIsAboutTheOneOnStageAQuestionIsNot() {
            HookContext greeting = HookContext.output("dress-room", Intent.CHITCHAT, "主播好", "哈喽, 今天主推泡泡袖法式茶歇裙",
                    List.of(DRESS_101, DRESS_102), List.of()).withOnStage("dress-101");
            HookVerdict v = atOutput.check(greeting);
            assertEquals(BLOCK, v.decision());
            assertEquals("the reply is about dress-102 but the product on stage is 碎花雪纺连衣裙 (dress-101); answer about dress-101", v.reason());
            assertEquals(ALLOW, atOutput.check(HookContext.output("dress-room", Intent.CHITCHAT, "主播好", "哈喽, 今天主推碎花连衣裙",
                    List.of(DRESS_101, DRESS_102), List.of()).withOnStage("dress-101")).decision(), "the one on stage");
            assertEquals(ALLOW, atOutput.check(HookContext.output("dress-room", Intent.PRODUCT_QA, "有没有便宜点的", "法式泡泡袖那条¥219",
                    List.of(DRESS_101, DRESS_102), List.of()).withOnStage("dress-101")).decision(), "a question may be answered with another");
            assertEquals(ALLOW, atOutput.check(HookContext.output("dress-room", Intent.CHITCHAT, "主播好", "哈喽, 今天主推泡泡袖法式茶歇裙",
                    List.of(DRESS_101, DRESS_102), List.of())).decision(), "no product on stage: nothing to hold it to");
        }

        @Test
        void aWordEveryProductOfTheRoomHasNamesNoneOfThem() {
            // the catalog's dresses, keywords in both languages
            String floral = "{\"id\": \"dress-101\", \"name\": \"碎花雪纺连衣裙 Floral chiffon dress\", "
                    + "\"keywords\": [\"连衣裙\", \"裙子\", \"碎花\", \"雪纺\", \"dress\", \"chiffon\", \"floral\"]}";
            String puff = "{\"id\": \"dress-102\", \"name\": \"法式方领泡泡袖连衣裙 French square-neck puff-sleeve dress\", "
                    + "\"keywords\": [\"连衣裙\", \"方领\", \"泡泡袖\", \"法式\", \"dress\", \"puff sleeve\"]}";
            // stage 47 greets English viewers of the dress room, the floral dress on stage, with the other dress
            HookContext greeting = HookContext.output("dress-room", Intent.CHITCHAT, "hi there",
                    "Thanks for joining! The puff-sleeve French tea dress is on stage,", List.of(floral, puff), List.of())
                    .withOnStage("dress-101");
            HookVerdict v = atOutput.check(greeting);
            assertEquals(BLOCK, v.decision(), "'dress' is a keyword of both dresses: " + v.reason());
            assertTrue(v.reason().startsWith("the reply is about dress-102 but the product on stage is"), v.reason());
            assertEquals(ALLOW, atOutput.check(HookContext.output("dress-room", Intent.CHITCHAT, "hi there",
                    "Welcome! The floral chiffon dress is on stage", List.of(floral, puff), List.of()).withOnStage("dress-101")).decision());
            assertEquals(ALLOW, atOutput.check(HookContext.output("dress-room", Intent.CHITCHAT, "hi there",
                    "Welcome! This dress is a favourite", List.of(floral, puff), List.of()).withOnStage("dress-101")).decision(),
                    "a word both have says neither: left alone");
        }

        @Test
        void aLatinKeywordIsAWholeWord() {
            // "anc" (an earbuds keyword) is inside "cancel": the message names only the power bank
            assertEquals(BLOCK, beforeTool.check(call("can I cancel the power bank order", "{\"productId\": \"earbuds-201\"}")).decision());
            assertEquals(ALLOW, atOutput.check(reply("any earbuds?", "Our earbuds: ¥299", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision());
            assertEquals(BLOCK, atOutput.check(reply("any power banks?", "Our earbuds: ¥299", Fixtures.EARBUDS, Fixtures.POWER_BANK)).decision(),
                    "a plural names the product too");
        }
    }

    @Nested
    class ProductNames {
        final Hook hook = hook("product-names", HookPoint.OUTPUT, Map.of());

        private static HookContext reply(String message, String reply) {
            return HookContext.output("tech-room", Intent.PRODUCT_QA, message, reply, List.of(Fixtures.EARBUDS, Fixtures.POWER_BANK),
                    List.of());
        }

        @Test
        void aBrandOrModelTheTurnDoesNotGiveIsLeftOut() {
            HookVerdict v = hook.check(reply("hi", "Welcome! We're showing the Kovi S noise-cancelling earbuds now."));
            assertEquals(REWRITE, v.decision());
            assertEquals("Welcome! We're showing the noise-cancelling earbuds now.", v.text());
            assertEquals("'Kovi S' is in no product's data nor the viewer's words: left out", v.reason());
            assertEquals("The fast-charge power bank is ¥129.", hook.check(reply("power bank?", "The 220000mAh fast-charge power bank is ¥129."))
                    .text(), "a capacity the data does not give");
            assertEquals(ALLOW, hook.check(reply("耳机多少钱", "Pixqi S降噪耳机现在¥299")).decision(),
                    "before Chinese text it is left alone: the Chinese may come after the name was said");
        }

        @Test
        void theProductsOwnNameTheViewersWordsAndOrdinaryCapitalsStay() {
            for (String text : List.of("The AirLite Pro earbuds are ¥299.", "Our 20000mAh power bank is sold out.",
                    "Yes, I'm Max! Sorry, Welcome!", "尺码有S/M/L/XL, 点link-5下单", "Great earbuds, the ANC is strong")) {
                assertEquals(ALLOW, hook.check(reply("hi", text)).decision(), text);
            }
            assertEquals(ALLOW, hook.check(reply("do they work with the Galaxy S24?", "Yes, the Galaxy S24 works with them.")).decision(),
                    "a name the viewer wrote");
        }
    }

    @Nested
    class SchemaArguments {
        final Hook hook = hook("schema-arguments", HookPoint.PRE_TOOL, Map.of());

        HookContext call(String tool, String args) {
            return HookContext.preTool("room-1", Intent.PRODUCT_QA, "有M码吗", tool, args, List.of(), List.of());
        }

        @Test
        void argumentsThatFitTheSchemaAreAllowed() {
            assertEquals(ALLOW, hook.check(call("product_lookup", "{\"productId\": \"dress-101\", \"size\": \"M\"}")).decision());
        }

        @Test
        void brokenArgumentsAreBlockedWithACorrectionListingEachViolation() {
            HookVerdict v = hook.check(call("product_lookup", "{\"size\": \"XL\"}"));
            assertEquals(BLOCK, v.decision());
            assertEquals("the call to product_lookup has invalid arguments: argument 'productId' is required; "
                    + "'size' must be one of S, M, L. Call product_lookup again with corrected arguments", v.reason());
        }

        @Test
        void aToolTheHarnessDoesNotDefineIsBlocked() {
            HookVerdict v = hook.check(call("refund_order", "{}"));
            assertEquals(BLOCK, v.decision());
            assertEquals("tool 'refund_order' is not defined in this harness; available tools: product_lookup", v.reason());
        }
    }

    @Test
    void aHugeToolResultIsTruncatedWithAMarker() {
        Hook hook = hook("result-size", HookPoint.POST_TOOL, Map.of("maxChars", 10));
        HookContext big = HookContext.postTool("room-1", Intent.PRODUCT_QA, "?", "product_lookup", "{}",
                "{\"a\": \"0123456789abcdef\"}", List.of(), List.of());
        HookVerdict v = hook.check(big);
        assertEquals(REWRITE, v.decision());
        assertEquals("{\"a\": \"012 …[truncated, 15 more characters]", v.text());
        assertEquals(ALLOW, hook.check(big.withSubject("{}")).decision());
    }

    @Test
    void aLongOrAbusiveMessageIsBlockedAtInput() {
        Hook length = hook("input-length", HookPoint.INPUT, Map.of("maxChars", 10));
        assertEquals(BLOCK, length.check(HookContext.input("room-1", Intent.CHITCHAT, "这是一条非常非常非常长的消息")).decision());
        assertEquals(ALLOW, length.check(HookContext.input("room-1", Intent.CHITCHAT, "有M码吗")).decision());
        Hook abuse = hook("abuse-filter", HookPoint.INPUT, Map.of("terms", List.of("傻X")));
        HookVerdict v = abuse.check(HookContext.input("room-1", Intent.CHITCHAT, "主播是傻x"));
        assertEquals(BLOCK, v.decision());
        assertTrue(!v.reason().contains("傻"), "the reason must not repeat the abuse");
    }

    @Test
    void aProductAnswerMayNotStopBeforeTheToolWasCalled() {
        Hook hook = hook("require-tool", HookPoint.STOP, Map.of("intents", List.of("product_qa"), "tool", "product_lookup"));
        HookContext noTool = HookContext.stop("room-1", Intent.PRODUCT_QA, "多少钱", "159元", List.of(), List.of());
        assertEquals("call product_lookup before answering", hook.check(noTool).reason());
        HookContext withTool = HookContext.stop("room-1", Intent.PRODUCT_QA, "多少钱", "159元", List.of(), List.of("product_lookup"));
        assertEquals(ALLOW, hook.check(withTool).decision());
        HookContext chitchat = HookContext.stop("room-1", Intent.CHITCHAT, "你好", "你好呀", List.of(), List.of());
        assertEquals(ALLOW, hook.check(chitchat).decision());
    }
}
