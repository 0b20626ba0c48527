package io.liveharness.eval;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.Expect;
import io.liveharness.eval.devset.Rubric;
import io.liveharness.eval.run.Transcript;
import io.liveharness.eval.run.Transcript.HookDecision;
import io.liveharness.eval.run.Transcript.ToolCallRecord;

import java.util.List;
import java.util.Map;

/** Fixed cases and transcripts for the rubric tests: written by hand, so each says exactly what it holds. */
final class Transcripts {
    static final String DRESS_FACTS = "{\"id\":\"dress-101\",\"name\":\"碎花雪纺连衣裙 Floral chiffon dress\",\"category\":\"dress\",\"price\":159.0,"
            + "\"stock\":42,\"sizes\":[\"S\",\"M\",\"L\",\"XL\"],\"colors\":[\"白色 white\",\"蓝色 blue\",\"黑色 black\"],"
            + "\"material\":\"雪纺 chiffon (100% polyester), 内衬棉 cotton lining\",\"shipping\":\"48小时内发货, ships within 48 hours\","
            + "\"actionLinkId\":\"link-1\",\"keywords\":[\"连衣裙\",\"裙子\",\"碎花\",\"雪纺\",\"dress\",\"chiffon\",\"floral\"]}";
    static final String POWER_BANK_FACTS = "{\"id\":\"powerbank-202\",\"name\":\"20000mAh 快充充电宝 fast-charge power bank\",\"category\":\"power bank\","
            + "\"price\":129.0,\"stock\":0,\"colors\":[\"灰色 grey\"],\"actionLinkId\":\"link-6\",\"keywords\":[\"充电宝\",\"power bank\"]}";
    static final String ROOM_FACTS = "{\"room\":\"dress-room\",\"host\":\"小美\",\"promotions\":[]}";

    static DevCase answer(String text, String lang, Rubric rubric) {
        return new DevCase("t-1", "dress-room", "product_qa", lang, text, "dress-101", null, List.of(), rubric);
    }

    static Rubric rubric() { return new Rubric(null, null, null, null, Expect.ANSWER, null, null); }

    static Rubric facts(String... f) { return new Rubric(List.of(f), null, null, null, Expect.ANSWER, null, null); }

    static Rubric expect(Expect e) { return new Rubric(null, null, null, null, e, null, null); }

    static Rubric forbidden(String... p) { return new Rubric(null, null, null, null, Expect.ANSWER, List.of(p), null); }

    static Rubric link(String l) { return new Rubric(null, null, null, null, Expect.ANSWER, null, l); }

    static Rubric tools(List<String> require, List<String> forbid) { return new Rubric(null, require, forbid, null, Expect.ANSWER, null, null); }

    static Rubric args(String tool, Map<String, String> args) { return new Rubric(null, null, null, Map.of(tool, args), Expect.ANSWER, null, null); }

    static Transcript reply(String reply) { return reply(reply, List.of(), List.of()); }

    static Transcript reply(String reply, List<ToolCallRecord> tools, List<HookDecision> hooks) {
        return new Transcript("t-1", "dress-room", "default-x", "q", "product_qa", 0.9, Transcript.MODEL, null, reply,
                List.of(), tools, hooks, List.of(DRESS_FACTS), Map.of(), List.of());
    }

    /** A reply in a turn whose facts are {@code facts} (product data, tool results, the room). */
    static Transcript replyWith(String reply, String... facts) {
        return new Transcript("t-1", "dress-room", "default-x", "q", "product_qa", 0.9, Transcript.MODEL, null, reply,
                List.of(), List.of(), List.of(), List.of(facts), Map.of(), List.of());
    }

    static Transcript silent(String why) {
        return new Transcript("t-1", "dress-room", "default-x", "q", "spam", 0.9, Transcript.SILENT, why, null,
                List.of(), List.of(), List.of(), List.of(), Map.of(), List.of());
    }

    static ToolCallRecord call(String handler, String args, boolean ok) {
        return new ToolCallRecord(handler, handler, args, args, ok, ok ? "{\"ok\":true}" : null, ok ? null : "argument 'topic' must be one of ...");
    }

    private Transcripts() { }
}
