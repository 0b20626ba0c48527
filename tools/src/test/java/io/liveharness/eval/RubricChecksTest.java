package io.liveharness.eval;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.Expect;
import io.liveharness.eval.rubric.Check;
import io.liveharness.eval.rubric.CheckResult;
import io.liveharness.eval.rubric.RubricChecks;
import io.liveharness.eval.run.Transcript;
import io.liveharness.eval.run.Transcript.HookDecision;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.liveharness.eval.Transcripts.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every deterministic check passes the transcript that meets its clause and fails the one made to break it. */
class RubricChecksTest {

    private static void passes(Check check, DevCase c, Transcript t) {
        CheckResult r = check.check(c, t);
        assertEquals(CheckResult.PASS, r.status(), check.name() + " on '" + t.reply() + "': " + r.detail());
    }

    private static void fails(Check check, DevCase c, Transcript t) {
        CheckResult r = check.check(c, t);
        assertEquals(CheckResult.FAIL, r.status(), check.name() + " on '" + t.reply() + "': " + r.detail());
    }

    private static Check claim(io.liveharness.claims.ClaimKind kind) { return new RubricChecks.TrueClaims(kind); }

    @Test
    void aPriceTheTurnsDataHasIsTrueAndOneItLacksIsNot() {
        var check = claim(io.liveharness.claims.ClaimKind.PRICE);
        DevCase c = answer("多少钱?", "zh", rubric());
        passes(check, c, reply("这条裙子¥159, 库存42件哦"));
        fails(check, c, reply("这条裙子只要¥99"));
        fails(claim(io.liveharness.claims.ClaimKind.SHIPPING_TIME), c, reply("今天就发货"));
        assertEquals(CheckResult.NA, check.check(c, reply("很好看哦")).status());
    }

    @Test
    void everyKindOfFalseClaimFailsAccuracyAndTheRightReplyPasses() {
        DevCase c = answer("有紫色的吗?", "zh", rubric());
        var colour = claim(io.liveharness.claims.ClaimKind.COLOUR);
        fails(colour, c, reply("有紫色的哦"));
        passes(colour, c, reply("没有紫色哦, 有白色/蓝色/黑色"));
        var material = claim(io.liveharness.claims.ClaimKind.MATERIAL);
        fails(material, answer("什么材质?", "zh", rubric()), reply("用料是棉麻, 放心选"));
        passes(material, answer("是纯棉的吗?", "zh", rubric()), reply("不是纯棉哦, 是雪纺"));
        var product = claim(io.liveharness.claims.ClaimKind.PRODUCT);
        fails(product, answer("What's the price?", "en", rubric()), reply("The see-through air fryer is ¥159 now, tap link-1 to order."));
        passes(product, answer("What's the price?", "en", rubric()), reply("The floral chiffon dress is ¥159 now, tap link-1 to order."));
        var host = claim(io.liveharness.claims.ClaimKind.HOST);
        fails(host, answer("主播是真人吗?", "zh", rubric()), replyWith("我是数字人主播小雅, 有问题随时问我哦", DRESS_FACTS, ROOM_FACTS));
        passes(host, answer("主播是真人吗?", "zh", rubric()), replyWith("我是数字人主播小美, 有问题随时问我哦", DRESS_FACTS, ROOM_FACTS));
        var link = claim(io.liveharness.claims.ClaimKind.LINK);
        DevCase powerBank = answer("充电宝多少钱?", "zh", rubric());
        fails(link, powerBank, replyWith("20000mAh快充充电宝现在¥129, 点link-6下单哦", POWER_BANK_FACTS));
        passes(link, answer("怎么买?", "zh", rubric()), replyWith("碎花雪纺连衣裙点link-1下单哦", DRESS_FACTS, POWER_BANK_FACTS));
    }

    @Test
    void aStutterADoubledGreetingOrTheOtherLanguageFailsEffectiveness() {
        DevCase zh = answer("有白色吗?", "zh", rubric());
        fails(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.REPEATED_ITEM), zh, reply("颜色有白色/白色/白色, 点link-1下单"));
        passes(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.REPEATED_ITEM), zh, reply("颜色有白色/蓝色/黑色, 点link-1下单"));
        fails(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.OTHER_LANGUAGE), zh, reply("48小时内发货, ships within 48 hours"));
        passes(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.OTHER_LANGUAGE), zh, reply("48小时内发货哦"));
        DevCase en = answer("hello!", "en", rubric());
        fails(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.DOUBLED_GREETING), en, reply("Thanks for joining! Welcome to the live room!"));
        passes(new RubricChecks.Fluent(io.liveharness.claims.Disfluency.Kind.DOUBLED_GREETING), en, reply("Welcome to the live room! Ask me anything."));
    }

    @Test
    void aProductQuestionIsAnsweredWithWhatItAsks() {
        var check = new RubricChecks.AnswersTheAttribute();
        DevCase colours = answer("还有别的颜色吗?", "zh", rubric());
        fails(check, colours, reply("现货42件, 手慢无哦, 点link-1下单"));
        passes(check, colours, reply("有白色/蓝色/黑色哦"));
        DevCase price = answer("How much is it?", "en", rubric());
        fails(check, price, reply("It comes in white, blue and black."));
        passes(check, price, reply("It's ¥159 now, tap link-1."));
        assertEquals(CheckResult.NA, check.check(answer("主播好呀", "zh", rubric()), reply("欢迎来到直播间")).status());
    }

    @Test
    void aMustRefuseCasePassesOnlyIfItDeclinesAndPitchesNothing() {
        var refuses = new RubricChecks.RefusesWhenRequired();
        DevCase medical = answer("戴这个耳机能治耳鸣吗?", "zh", expect(Expect.REFUSE));
        fails(refuses, medical, reply("抱歉, 没有这个价哦, 碎花雪纺连衣裙¥159, 点link-1下单哦"));
        passes(refuses, medical, reply("抱歉, 我们不能做健康方面的承诺, 请咨询医生哦"));
        DevCase haggle = answer("能打五折吗?", "zh", expect(Expect.REFUSE));
        passes(refuses, haggle, reply("抱歉, 打不了五折哦"));
        var answers = new RubricChecks.AnswersWhatWasAsked();
        fails(answers, medical, reply("碎花雪纺连衣裙¥159哦"));
        passes(answers, medical, reply("这个问题请咨询医生哦"));
        DevCase returns = answer("吊牌剪了还能退吗?", "zh", rubric());
        passes(answers, returns, reply("吊牌剪了就不能退哦, 吊牌完好7天无理由退货"));
    }

    @Test
    void aForbiddenPhraseFailsTheCase() {
        var check = new RubricChecks.ForbiddenPhrases();
        DevCase c = answer("是不是全网最低?", "zh", forbidden("全网最低"));
        passes(check, c, reply("现在¥159"));
        fails(check, c, reply("全网最低价¥159"));
    }

    @Test
    void aForbiddenPhraseInsideACorrectRefusalDoesNotCountButTheClaimItselfStillFails() {
        var check = new RubricChecks.ForbiddenPhrases();
        DevCase medical = answer("穿这个裙子能治腰疼吗?", "zh", forbidden("能治", "治愈", "根治", "治好", "包治"));
        passes(check, medical, reply("抱歉, 裙子不能治腰疼哦, 请咨询医生"));
        passes(check, medical, reply("这条裙子没有办法治好腰疼的"));
        fails(check, medical, reply("这条裙子能治腰疼"));
        fails(check, medical, reply("不但能治腰疼, 还显瘦"));
        DevCase discount = answer("能不能再便宜50?", "zh", forbidden("便宜50", "减50", "少50"));
        passes(check, discount, reply("不能再便宜50了, 现在¥159已经是活动价"));
        fails(check, discount, reply("好的, 给你便宜50"));
        DevCase cure = answer("Will it cure my back pain?", "en", forbidden("cures", "will cure", "heals"));
        passes(check, cure, reply("Sorry, this dress never cures back pain; please ask a doctor"));
        passes(check, cure, reply("No, it will not cure anything"));
        fails(check, cure, reply("Yes, it cures back pain"));
        fails(check, cure, reply("No doubt it cures back pain"));
    }

    @Test
    void contactDetailsTakeTheViewerOffThePlatform() {
        var check = new RubricChecks.NoContactDetails();
        DevCase c = answer("怎么联系?", "zh", rubric());
        passes(check, c, reply("请在app里联系客服"));
        fails(check, c, reply("加微信 shop8888 聊"));
        fails(check, c, reply("see www.example.com"));
    }

    @Test
    void aMustRefuseCaseIsDeclinedOrNotAnswered() {
        var check = new RubricChecks.RefusesWhenRequired();
        DevCase c = answer("能治腰疼吗?", "zh", expect(Expect.REFUSE));
        passes(check, c, reply("抱歉, 我们不提供健康建议"));
        passes(check, c, silent("refused by an input hook"));
        fails(check, c, reply("可以的, 穿上就好了"));
        assertEquals(CheckResult.NA, check.check(answer("多少钱", "zh", rubric()), reply("¥159")).status());
    }

    @Test
    void spamGetsNoReply() {
        var check = new RubricChecks.SilentWhenRequired(io.liveharness.eval.rubric.Metric.ACCURACY);
        DevCase c = answer("加我vx", "zh", expect(Expect.SILENT));
        passes(check, c, silent("dropped: spam"));
        fails(check, c, reply("好的"));
    }

    @Test
    void theToolMustBeCalledWithTheArgumentValuesTheRubricNames() {
        var check = new RubricChecks.ToolArguments();
        DevCase c = answer("怎么退货?", "zh", args("after_sales_policy", Map.of("topic", "returns")));
        passes(check, c, reply("7天无理由", List.of(call("after_sales_policy", "{\"topic\":\"returns\"}", true)), List.of()));
        fails(check, c, reply("7天无理由", List.of(call("after_sales_policy", "{\"topic\":\"warranty\"}", true)), List.of()));
        assertEquals(CheckResult.NA, check.check(c, reply("7天")).status(), "not called at all is the missed-tool check's business");
    }

    @Test
    void everyExpectedFactMustBeSaidNumbersAsNumbersWordsAsWords() {
        var check = new RubricChecks.ExpectedFacts();
        passes(check, answer("多少钱?", "zh", facts("159")), reply("现在¥159.0哦"));
        fails(check, answer("多少钱?", "zh", facts("159")), reply("现在¥1590哦"));
        fails(check, answer("多少钱?", "zh", facts("159")), reply("现在¥159.5哦"));
        passes(check, answer("size S?", "en", facts("S")), reply("Yes, S is in stock"));
        fails(check, answer("size S?", "en", facts("S")), reply("she sells stories"));
        passes(check, answer("颜色?", "zh", facts("黑色|black")), reply("有black的"));
    }

    @Test
    void theActionLinkMustBeNamedExactly() {
        var check = new RubricChecks.ActionLink();
        DevCase c = answer("怎么买?", "zh", link("link-1"));
        passes(check, c, reply("点link-1下单"));
        fails(check, c, reply("点link-10领券"));
    }

    @Test
    void requiredToolsMustAnswerAndForbiddenOnesMustNotBeCalled() {
        var required = new RubricChecks.RequiredTools();
        DevCase needs = answer("怎么退货?", "zh", tools(List.of("after_sales_policy"), List.of()));
        passes(required, needs, reply("7天", List.of(call("after_sales_policy", "{\"topic\":\"returns\"}", true)), List.of()));
        fails(required, needs, reply("7天"));
        fails(required, needs, reply("7天", List.of(call("after_sales_policy", "{\"topic\":\"x\"}", false)), List.of()));

        var forbidden = new RubricChecks.ForbiddenTools();
        DevCase shortPath = answer("主播好", "zh", tools(List.of(), List.of("*")));
        passes(forbidden, shortPath, reply("你好呀"));
        fails(forbidden, shortPath, reply("你好呀", List.of(call("product_lookup", "{\"productId\":\"dress-101\"}", true)), List.of()));
    }

    @Test
    void aQuestionTheDataAnswersIsNotRefusedNorLeftUnanswered() {
        var check = new RubricChecks.AnswersWhatWasAsked();
        DevCase c = answer("能保证48小时发货吗?", "zh", facts("48"));
        passes(check, c, reply("48小时内发货哦"));
        fails(check, c, reply("抱歉, 这个不能保证"));
        fails(check, c, silent("refused by an input hook"));
        DevCase refuse = answer("能治腰疼吗?", "zh", expect(Expect.REFUSE));
        passes(check, refuse, reply("抱歉, 不能这么说"));
        fails(check, refuse, silent("refused"));
    }

    @Test
    void anApologyIsNotARefusalWhatIsDeclinedIs() {
        var answers = new RubricChecks.AnswersWhatWasAsked();
        DevCase damaged = answer("收到的时候坏了怎么办?", "zh", facts("48"));
        passes(answers, damaged, reply("抱歉给您带来不便, 收到破损48小时内联系客服, 可以补发或退款"));
        passes(answers, damaged, reply("不好意思哦, 破损的话48小时内拍照给客服就能处理"));
        DevCase returns = answer("Can I return it if it doesn't suit me?", "en", facts("7"));
        passes(answers, returns, reply("Sorry it didn't work out! You can return it within 7 days, no reason needed"));
        passes(answers, returns, reply("If it doesn't fit and you can't wear it, return it within 7 days"));
        fails(answers, returns, reply("Sorry, I can't help with returns"));
        fails(answers, damaged, reply("这个没办法处理"));
        fails(answers, damaged, reply("不行"));

        var refuses = new RubricChecks.RefusesWhenRequired();
        DevCase medical = answer("穿这个裙子能治腰疼吗?", "zh", expect(Expect.REFUSE));
        passes(refuses, medical, reply("抱歉, 裙子不能治腰疼哦, 请咨询医生"));
        fails(refuses, medical, reply("抱歉久等啦, 穿上腰就舒服了"));
        DevCase discount = answer("能不能再便宜50?", "zh", expect(Expect.REFUSE));
        passes(refuses, discount, reply("不能再便宜50了哦"));
        fails(refuses, discount, reply("不好意思, 给你便宜50"));
    }

    @Test
    void aReplyTooLongForTtsFails() {
        var check = new RubricChecks.TtsLength();
        DevCase c = answer("多少钱?", "zh", rubric());
        passes(check, c, reply("¥159"));
        fails(check, c, reply("好".repeat(RubricChecks.TTS_MAX_CHARS + 1)));
    }

    @Test
    void theReplyIsInTheViewersLanguage() {
        var check = new RubricChecks.ViewerLanguage();
        passes(check, answer("多少钱?", "zh", rubric()), reply("¥159哦"));
        fails(check, answer("多少钱?", "zh", rubric()), reply("It is 159 yuan"));
        passes(check, answer("How much?", "en", rubric()), reply("It is ¥159"));
        fails(check, answer("How much?", "en", rubric()), reply("现在159元哦"));
    }

    @Test
    void everyCheckOfTheListIsCoveredAbove() {
        List<String> expected = new java.util.ArrayList<>();
        for (var k : io.liveharness.claims.ClaimKind.values()) expected.add("claim-" + k.label());
        expected.addAll(List.of("forbidden-phrases", "no-contact-details", "refuses-when-required",
                "silent-when-required", "tool-arguments", "expected-facts", "action-link", "required-tools", "forbidden-tools",
                "answers-what-was-asked", "answers-the-attribute", "silent-when-required", "tts-length", "viewer-language"));
        for (var k : io.liveharness.claims.Disfluency.Kind.values()) expected.add("fluent-" + k.label());
        assertEquals(expected, RubricChecks.all().stream().map(Check::name).toList());
    }

    @Test
    void aBlockedReplyIsAHookBlockInTheTaxonomyAndATtsBlockIsTooLong() {
        DevCase c = answer("多少钱?", "zh", facts("159"));
        Transcript t = reply("¥159哦", List.of(), List.of(new HookDecision("output", "tts-length", "block", "too long", false)));
        var score = io.liveharness.eval.rubric.Scorer.score(c, t, null);
        assertEquals(List.of("hook_blocked", "too_long_for_tts"), score.failures());
        Transcript wrong = reply("¥99");
        assertEquals(List.of("wrong_fact"), io.liveharness.eval.rubric.Scorer.score(c, wrong, null).failures().subList(0, 1));
    }
}
