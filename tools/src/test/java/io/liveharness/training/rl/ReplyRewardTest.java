package io.liveharness.training.rl;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;
import io.liveharness.eval.run.Transcript.ToolCallRecord;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RL stage's reward, on transcripts written by hand so each says exactly what it holds. */
class ReplyRewardTest {
    /** The expert under a variant that calls the stock tool {@code inventory_probe} and its argument {@code item}. */
    static final Transcript EXPERT = run(Transcript.MODEL, "现货42件, 手慢无哦, 点link-1下单",
            List.of(call("inventory_probe", "{\"item\":\"dress-101\"}")));

    /** The floral dress, as the transcript's turn facts hold it: white, blue and black, 42 left. */
    static final String FLORAL = """
            {"id":"dress-101","name":"碎花雪纺连衣裙 Floral chiffon dress","category":"dress","price":159.0,"stock":42,"sizes":["S","M","L","XL"],\
            "colors":["白色 white","蓝色 blue","黑色 black"],"material":"雪纺 chiffon","actionLinkId":"link-1","keywords":["连衣裙","碎花","dress"]}""";
    static final DevCase CASE = new DevCase("c", "dress-room", "product_qa", "zh", "还有货吗", "dress-101", null, List.of(), null);

    static ToolCallRecord call(String tool, String args) {
        return new ToolCallRecord(tool, "stock_check", args, null, true, "{\"stock\":42}", null);
    }

    static Transcript run(String outcome, String reply, List<ToolCallRecord> tools) {
        return new Transcript("c", "dress-room", "default-hsa1-x", "还有货吗", "product_qa", 0.9, outcome, null, reply,
                List.of(), tools, List.of(), List.of(FLORAL), Map.of(), List.of());
    }

    @Test
    void theExpertsOwnRunScoresOne() {
        var r = ReplyReward.of(CASE, EXPERT, EXPERT);
        assertEquals(1.0, r.total(), 1e-9);
        assertEquals(List.of("claims", "tools", "arguments", "facts", "words", "language", "refusal"), List.copyOf(r.parts().keySet()));
    }

    @Test
    void aSampleWithAFalseClaimGetsNothingHoweverCloseItIsToTheExpert() {
        // the expert's tools, arguments, facts and words, plus a colour the dress does not come in
        var r = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 手慢无哦, 还有紫色, 点link-1下单", EXPERT.toolCalls()));
        assertEquals(0.0, r.total());
        assertEquals(Map.of("claims", 0.0), r.parts());
        // the same reply with a colour it has is rewarded
        var ok = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 手慢无哦, 还有蓝色, 点link-1下单", EXPERT.toolCalls()));
        assertTrue(ok.total() > 0.8, "reward " + ok);
        assertEquals(1.0, ok.parts().get("claims"));
    }

    @Test
    void aStutteringSampleGetsNothing() {
        var r = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 现货42件, 现货42件, 手慢无哦, 点link-1下单", EXPERT.toolCalls()));
        assertEquals(0.0, r.total(), "a repeated phrase is a disfluency the eval fails: " + r);
    }

    @Test
    void theDefaultHarnesssToolNameUnderAVariantEarnsNoToolCredit() {
        // the memorised name: stock_check with productId, where this harness says inventory_probe with item
        var r = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 点link-1下单", List.of(call("stock_check", "{\"productId\":\"dress-101\"}"))));
        assertEquals(0.0, r.parts().get("tools"));
        assertEquals(0.0, r.parts().get("arguments"));
        assertEquals(1.0, r.parts().get("facts"));
        double words = r.parts().get("words");
        assertEquals((0.3 + 0.2 * words + 0.1 + 0.1) / 1.2, r.total(), 1e-9);
    }

    @Test
    void theRightToolWithAWrongValueGetsToolCreditButNotArgumentCredit() {
        var r = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 点link-1下单", List.of(call("inventory_probe", "{\"item\":\"dress-102\"}"))));
        assertEquals(1.0, r.parts().get("tools"));
        assertEquals(0.0, r.parts().get("arguments"));
    }

    @Test
    void factsMatchAsWholeNumbersAndIds() {
        assertTrue(ReplyReward.states("点link-1下单", "link-1"));
        assertFalse(ReplyReward.states("点link-10下单", "link-1"));
        assertFalse(ReplyReward.states("现货142件", "42"));
        assertFalse(ReplyReward.states("¥42.5", "42"));
        assertEquals(List.of("42", "link-1"), ReplyReward.facts("现货42件, 手慢无哦, 点link-1下单, 42件"));
        var half = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 喜欢就拍", EXPERT.toolCalls()));
        assertEquals(0.5, half.parts().get("facts"), 1e-9);
        // link-10 is another product's link: a false claim, so no credit at all (it was half before the strict checks)
        assertEquals(0.0, ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "现货42件, 点link-10下单", EXPERT.toolCalls())).total());
    }

    @Test
    void anUncalledForRefusalCostsAndTheWrongLanguageGetsNothing() {
        var r = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "抱歉, 这个没办法. 现货42件, 点link-1下单", EXPERT.toolCalls()));
        assertEquals(1.0, r.parts().get("language"));
        assertEquals(0.0, r.parts().get("refusal"));
        assertEquals(1.0, r.parts().get("facts"));
        // English to a Chinese viewer fails the eval's language and fluency checks: the gate, not a part
        var english = ReplyReward.of(CASE, EXPERT, run(Transcript.MODEL, "Sorry, I can't help with that. 42 left, link-1", EXPERT.toolCalls()));
        assertEquals(0.0, english.total(), english.toString());
    }

    @Test
    void smallTalkThatSaysNothingOfTheExpertsScoresLow() {
        // the expert called no tool and stated no fact: only the words can tell a greeting from noise
        Transcript expert = run(Transcript.MODEL, "哈喽, 今天主推碎花连衣裙, 喜欢可以点link-1看看", List.of());
        Transcript noise = run(Transcript.MODEL, "好的好的呀呀呀", List.of());
        Transcript greeting = run(Transcript.MODEL, "哈喽宝宝, 今天主推碎花连衣裙哦, 点link-1看看", List.of());
        var n = ReplyReward.of(CASE, expert, noise);
        var g = ReplyReward.of(CASE, expert, greeting);
        assertFalse(n.parts().containsKey("tools"), "no tool on either side is no evidence: " + n.parts());
        assertTrue(n.total() < 0.5, "noise in the right language: " + n);
        assertTrue(g.total() > 0.6, "a greeting that says what the expert said, in other words: " + g);
    }

    @Test
    void aFallbackOrSilenceIsWorthNothing() {
        assertEquals(0.0, ReplyReward.of(CASE, EXPERT, run(Transcript.FALLBACK, "主播稍后回复哦", List.of())).total());
        assertEquals(0.0, ReplyReward.of(CASE, EXPERT, run(Transcript.SILENT, null, List.of())).total());
    }
}
