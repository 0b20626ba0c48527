package io.liveharness.claims;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every claim kind proven both ways: the right reply passes, the wrong one fails, on the demo rooms' facts. */
class ClaimJudgeTest {
    static final String FLORAL = """
            {"id":"dress-101","name":"碎花雪纺连衣裙 Floral chiffon dress","category":"dress","price":159.0,"stock":42,"sizes":["S","M","L","XL"],\
            "colors":["白色 white","蓝色 blue","黑色 black"],"material":"雪纺 chiffon (100% polyester), 内衬棉 cotton lining",\
            "shipping":"48小时内发货, ships within 48 hours","returns":"7天无理由退货 7-day no-reason returns","actionLinkId":"link-1",\
            "keywords":["连衣裙","裙子","碎花","雪纺","dress","chiffon","floral"]}""";
    static final String PUFF = """
            {"id":"dress-102","name":"法式方领泡泡袖连衣裙 French square-neck puff-sleeve dress","category":"dress","price":219.0,"stock":8,\
            "sizes":["S","M","L"],"colors":["米色 beige","绿色 green"],"material":"棉麻 cotton-linen blend","shipping":"72小时内发货, ships within 72 hours",\
            "returns":"7天无理由退货 7-day no-reason returns","actionLinkId":"link-2","keywords":["连衣裙","方领","泡泡袖","法式","dress","puff sleeve"]}""";
    static final String COUPON = """
            {"coupons":[{"id":"cp-dress-20","title":"满200减20 (20 off orders of 200 or more)","products":["dress-101","dress-102"],\
            "minSpend":200.0,"discount":20.0,"actionLinkId":"link-3"}]}""";
    static final String EARBUDS = """
            {"id":"earbuds-201","name":"AirLite Pro 降噪蓝牙耳机 noise-cancelling earbuds","category":"earbuds","price":299.0,"stock":120,"sizes":[],\
            "colors":["黑色 black","白色 white"],"material":"ABS shell, silicone tips (S/M/L included)","shipping":"24小时内发货, ships within 24 hours",\
            "returns":"7天无理由退货, 1年质保 1-year warranty","actionLinkId":"link-5","keywords":["耳机","蓝牙","降噪","earbuds","headphones","bluetooth","anc"]}""";
    static final String POWER_BANK = """
            {"id":"powerbank-202","name":"20000mAh 快充充电宝 fast-charge power bank","category":"power bank","price":129.0,"stock":0,"sizes":[],\
            "colors":["灰色 grey"],"material":"aluminium case","shipping":"补货中, restocking; ships within 5 days of restock",\
            "returns":"7天无理由退货, 1年质保 1-year warranty","actionLinkId":"link-6","keywords":["充电宝","移动电源","power bank","charger","mAh"]}""";
    static final String SNACK = """
            {"id":"snack-301","name":"每日坚果礼盒 30袋 daily mixed nuts gift box (30 packs)","category":"snacks","price":89.9,"stock":300,"sizes":[],\
            "colors":[],"material":"腰果 杏仁 核桃 蔓越莓干 cashew, almond, walnut, dried cranberry; 保质期 9个月",\
            "shipping":"48小时内发货, ships within 48 hours; 偏远地区除外","returns":"食品类未拆封7天可退 unopened food returns within 7 days",\
            "actionLinkId":"link-9","keywords":["坚果","礼盒","零食","nuts","snacks","gift box"]}""";
    static final String LOGISTICS = """
            {"couriers":["顺丰 SF Express"],"deliveryDays":"2-4 天 days after shipping","freeShipping":"全场包邮 free shipping, except remote regions",\
            "remoteRegions":[{"zh":"新疆","en":"Xinjiang"},{"zh":"西藏","en":"Tibet"},{"zh":"青海","en":"Qinghai"}],"remoteNote":"偏远地区需补邮费10元, remote regions add 10 yuan shipping",\
            "productShipping":"48小时内发货, ships within 48 hours"}""";

    static final TurnFacts DRESSES = TurnFacts.of(List.of(FLORAL, PUFF), "小美", "dress-101");
    static final TurnFacts DRESSES_WITH_COUPON = TurnFacts.of(List.of(FLORAL, PUFF, COUPON), "小美", "dress-101");
    static final TurnFacts TECH = TurnFacts.of(List.of(EARBUDS, POWER_BANK), "Max", "earbuds-201");
    static final TurnFacts SNACKS = TurnFacts.of(List.of(SNACK, LOGISTICS), "豆豆", "snack-301");

    static ClaimJudge.Judged judge(String reply, String message, TurnFacts facts, String lang) {
        return ClaimJudge.DEFAULT.judge(reply, message, facts, lang);
    }

    static void falseClaim(ClaimKind kind, String reply, String message, TurnFacts facts) {
        var j = judge(reply, message, facts, null);
        assertTrue(j.falseOnes().stream().anyMatch(f -> f.claim().kind() == kind),
                "'" + reply + "' should have a false " + kind.label() + " claim; findings " + j.findings());
    }

    static void trueReply(String reply, String message, TurnFacts facts) {
        var j = judge(reply, message, facts, null);
        assertEquals(List.of(), j.falseOnes(), "'" + reply + "' says nothing false");
    }

    @Nested
    class Attributes {
        @Test
        void aColourTheProductLacksIsFalseAndItsOwnColoursAreTrue() {
            falseClaim(ClaimKind.COLOUR, "有紫色的哦, 点link-2下单", "有紫色的吗?", TurnFacts.of(List.of(FLORAL, PUFF), "小美", "dress-102"));
            trueReply("没有紫色哦, 有米色和绿色", "有紫色的吗?", TurnFacts.of(List.of(FLORAL, PUFF), "小美", "dress-102"));
            trueReply("Yes, it comes in white and blue.", "white?", DRESSES);
        }

        @Test
        void denyingAColourTheProductHasIsFalse() {
            falseClaim(ClaimKind.COLOUR, "没有白色哦", "有白色吗?", DRESSES);
        }

        @Test
        void aMaterialOfAnotherProductIsFalseAndANegatedOneIsRead() {
            falseClaim(ClaimKind.MATERIAL, "用料是棉麻, 放心选", "什么材质的?", DRESSES);
            trueReply("不是纯棉哦, 是雪纺", "是纯棉的吗?", DRESSES);
            trueReply("是雪纺的, 有内衬", "什么材质的?", DRESSES);
        }

        @Test
        void aSizeTheProductLacksIsFalseAndDenyingOneItHasIsFalseToo() {
            falseClaim(ClaimKind.SIZE, "尺码有S/M/L/XL, 点link-2下单哦", "法式连衣裙有什么码?", TurnFacts.of(List.of(FLORAL, PUFF), "小美", "dress-102"));
            falseClaim(ClaimKind.SIZE, "没有M码哦", "有M码吗?", DRESSES);
            trueReply("没有XL哦, 法式泡泡袖连衣裙只有S/M/L", "法式泡泡袖连衣裙有XL吗?", DRESSES);
            trueReply("M码有的哦", "有M码吗", DRESSES);
        }

        @Test
        void aShelfLifeMustBeTheCatalogs() {
            falseClaim(ClaimKind.SHELF_LIFE, "保质期12个月哦", "保质期多久?", SNACKS);
            trueReply("保质期9个月哦", "保质期多久?", SNACKS);
        }
    }

    @Nested
    class Commerce {
        @Test
        void aPriceMustBeTheProductsOwn() {
            falseClaim(ClaimKind.PRICE, "法式泡泡袖连衣裙现在¥159", "泡泡袖那条多少钱?", DRESSES);
            trueReply("法式泡泡袖连衣裙现在¥219", "泡泡袖那条多少钱?", DRESSES);
        }

        @Test
        void aCouponPriceIsHeldToTheArithmetic() {
            var facts = TurnFacts.of(List.of(FLORAL, PUFF, COUPON), "小美", "dress-102");
            falseClaim(ClaimKind.COUPON_PRICE, "It's ¥219 with a coupon: (20 off orders of 200 or more), tap link-3 to claim it.", "discount?", facts);
            trueReply("It's ¥199 with the coupon (20 off orders of 200 or more), tap link-3 to claim it.", "discount?", facts);
            trueReply("券后199, 原价219哦", "有优惠吗", facts);
        }

        @Test
        void aSoldOutProductIsNeverPushedNorItsLinkGiven() {
            falseClaim(ClaimKind.LINK, "20000mAh快充充电宝现在¥129, 点link-6下单哦", "充电宝多少钱?", TECH);
            falseClaim(ClaimKind.PUSH, "The power bank is ¥129, order now!", "power bank price?", TECH);
            falseClaim(ClaimKind.IN_STOCK, "充电宝有货哦", "充电宝有货吗", TECH);
            trueReply("充电宝暂时卖完了, 补货中哦", "充电宝有货吗", TECH);
            trueReply("The earbuds are ¥299, tap link-5 to order.", "earbuds price?", TECH);
        }

        @Test
        void aStockCountMustBeTheProductsOwn() {
            falseClaim(ClaimKind.STOCK, "42 left in stock, grab one with link-2.", "how many left of the puff-sleeve dress?", DRESSES);
            trueReply("只剩8件了, 法式泡泡袖连衣裙点link-2", "泡泡袖还有多少件?", DRESSES);
        }

        @Test
        void aFigureIsBackedOnlyByAFactOfItsKindAndSaidTwiceItIsAStutter() {
            var facts = TurnFacts.of(List.of(SNACK, LOGISTICS), "豆豆", "snack-301");
            falseClaim(ClaimKind.STOCK, "有货的, 还剩48件, 喜欢就点link-9拍", "发什么快递? 几天能到", facts);
            falseClaim(ClaimKind.PRICE, "每日坚果现在¥48哦", "多少钱", facts);
            trueReply("有货的, 还剩300件", "还有吗", facts);
            trueReply("偏远地区要补邮费10元哦", "新疆包邮吗", facts);
            assertTrue(judge("现在是¥159呀, 现在¥159, 点link-1下单哦", "多少钱啊", DRESSES, "zh").reading().disfluencies().stream()
                    .anyMatch(d -> d.kind() == Disfluency.Kind.REPEATED_PHRASE));
            assertTrue(ClaimReader.DEFAULT.saysNothingNew("现在¥159, ", "现在是¥159呀, "));
            assertFalse(ClaimReader.DEFAULT.saysNothingNew("点link-1下单哦", "现在是¥159呀, "));
        }

        @Test
        void aPromotionMustBeInTheTurnsData() {
            falseClaim(ClaimKind.PROMOTION, "现在买一送一哦", "有活动吗", DRESSES_WITH_COUPON);
            falseClaim(ClaimKind.PROMOTION, "满300减50哦", "有活动吗", DRESSES_WITH_COUPON);
            trueReply("满200减20, 点link-3领券", "有活动吗", DRESSES_WITH_COUPON);
            trueReply("没有买一送一哦", "买一送一吗", DRESSES);
        }

        @Test
        void aPromiseNoFactMakesIsFalse() {
            falseClaim(ClaimKind.PROMISE, "全网最低价, 放心买", "是不是全网最低价?", DRESSES);
            trueReply("不敢说全网最低哦, 直播间价¥159", "是不是全网最低价?", DRESSES);
        }
    }

    @Nested
    class RoomAndShipping {
        @Test
        void aProductKindTheRoomDoesNotSellIsFalse() {
            falseClaim(ClaimKind.PRODUCT, "The see-through air fryer is ¥159 now, tap link-1 to order.", "What's the price?", DRESSES);
            trueReply("The floral chiffon dress is ¥159 now, tap link-1 to order.", "What's the price?", DRESSES);
        }

        @Test
        void aNameMadeUpForAProductIsFalseAndItsOwnWordsAreNot() {
            falseClaim(ClaimKind.PRODUCT_NAME, "Thanks for joining! Ther sport earbuds is on stage, ¥299.", "hi", TECH);
            falseClaim(ClaimKind.PRODUCT_NAME, "泡泡袖法式茶歇裙现在¥219, 点link-2下单哦", "多少钱", DRESSES);
            falseClaim(ClaimKind.PRODUCT_NAME, "The minimalist 20000mAh fast-charge power bank is sold out.", "power bank?", TECH);
            trueReply("We're showing the noise-cancelling earbuds now, ¥299.", "hi", TECH);
            trueReply("法式方领泡泡袖连衣裙现在¥219, 点link-2下单哦", "多少钱", DRESSES);
            trueReply("今天主推这款白色碎花裙, ¥159", "推荐哪个", DRESSES);
        }

        @Test
        void anotherHostsNameIsFalse() {
            falseClaim(ClaimKind.HOST, "我是数字人主播小雅, 有问题随时问我哦", "主播是真人吗?", SNACKS);
            trueReply("我是数字人主播豆豆, 有问题随时问我哦", "主播是真人吗?", SNACKS);
            trueReply("主播马上回答你哦, 稍等一下~", "在吗", SNACKS);
        }

        @Test
        void anotherRegionThanTheOneAskedIsFalse() {
            falseClaim(ClaimKind.REGION, "青海属于偏远地区, 偏远地区需补邮费10元", "新疆包邮吗?", SNACKS);
            falseClaim(ClaimKind.REGION, "For Qinghai, remote regions add 10 yuan shipping.", "Is shipping to Urumqi free?", SNACKS);
            trueReply("新疆属于偏远地区, 需补邮费10元哦", "乌鲁木齐包邮吗?", SNACKS);
        }

        @Test
        void freeShippingToARemoteRegionIsFalse() {
            falseClaim(ClaimKind.REGION_SURCHARGE, "新疆也包邮哦", "新疆包邮吗?", SNACKS);
            falseClaim(ClaimKind.REGION_SURCHARGE, "北京需要补邮费10元", "北京包邮吗?", SNACKS);
            trueReply("北京包邮哦", "北京包邮吗?", SNACKS);
            trueReply("新疆不包邮, 要补邮费10元", "新疆包邮吗?", SNACKS);
        }

        @Test
        void aDeliveryPromiseIsReadWithItsNegation() {
            falseClaim(ClaimKind.SHIPPING_TIME, "明天就能到哦", "明天能到吗?", DRESSES);
            trueReply("明天到不了哦, 48小时内发货", "明天能到吗?", DRESSES);
        }

        @Test
        void aWarrantyOrReturnTermMustBeTheProductsOwn() {
            falseClaim(ClaimKind.WARRANTY, "耳机2年质保哦", "保修多久?", TECH);
            trueReply("耳机1年质保哦", "保修多久?", TECH);
            falseClaim(ClaimKind.RETURNS, "支持15天无理由退货", "能退吗?", DRESSES);
        }
    }

    @Nested
    class Disfluencies {
        static boolean has(String reply, Disfluency.Kind kind, String lang) {
            return judge(reply, "?", DRESSES, lang).reading().disfluencies().stream().anyMatch(d -> d.kind() == kind);
        }

        @Test
        void aRepeatedListItemIsDisfluentAndADistinctListIsNot() {
            assertTrue(has("颜色有米色/米色/米色, 点link-2下单", Disfluency.Kind.REPEATED_ITEM, "zh"));
            assertTrue(has("colours white/white/white", Disfluency.Kind.REPEATED_ITEM, "en"));
            assertFalse(has("颜色有米色/绿色, 点link-2下单", Disfluency.Kind.REPEATED_ITEM, "zh"));
        }

        @Test
        void aRepeatedPhraseIsDisfluentButPeoplesReduplicationIsNot() {
            assertTrue(has("泡泡袖法式泡泡袖法式泡泡袖法式茶歇裙现在¥219", Disfluency.Kind.REPEATED_PHRASE, "zh"));
            assertFalse(has("谢谢谢谢, 好的好的, 哈哈哈", Disfluency.Kind.REPEATED_PHRASE, "zh"));
        }

        @Test
        void twoGreetingsAreDoubled() {
            assertTrue(has("Thanks for joining! Welcome to the live room!", Disfluency.Kind.DOUBLED_GREETING, "en"));
            assertFalse(has("Welcome to the live room! Ask me anything.", Disfluency.Kind.DOUBLED_GREETING, "en"));
        }

        @Test
        void aClauseInTheOtherLanguageIsDisfluent() {
            assertTrue(has("48小时内发货, ships within 48 hours", Disfluency.Kind.OTHER_LANGUAGE, "zh"));
            assertTrue(has("Ships within 48 hours, 48小时内发货", Disfluency.Kind.OTHER_LANGUAGE, "en"));
            assertFalse(has("48小时内发货哦, 碎花雪纺连衣裙点link-1", Disfluency.Kind.OTHER_LANGUAGE, "zh"));
        }

        @Test
        void garbledTextIsDisfluent() {
            assertTrue(has("Yes, it does: the0000mAh power bank", Disfluency.Kind.GARBLED, "en"));
            assertTrue(has("TheL/L00mAh power bank", Disfluency.Kind.GARBLED, "en"));
            assertFalse(has("The ABS shell and ANC work well.", Disfluency.Kind.GARBLED, "en"));
            assertTrue(has("快递是腰果goods_id\":\"nuts-9下单哦", Disfluency.Kind.GARBLED, "zh"), "JSON left in speech (the demo's)");
        }
    }

    @Nested
    class Declining {
        @Test
        void declinesInTheWordsShopsUse() {
            for (String d : List.of("抱歉, 打不了五折哦", "新疆不送哦", "偏远地区送不了", "没有这个活动哦", "Sorry, we can't take payment off the platform",
                    "这个问题请咨询医生哦")) {
                assertTrue(Declines.DEFAULT.in(d), d);
            }
        }

        @Test
        void aPolicyWithAConditionDeclinesNothing() {
            for (String d : List.of("吊牌剪了就不能退哦, 7天无理由退货", "如果不合适, 7天内可退", "抱歉让你久等了, 现在¥159")) {
                assertFalse(Declines.DEFAULT.in(d), d);
            }
        }
    }
}
