package io.liveharness.eval.rubric;

import io.liveharness.claims.ClaimJudge;
import io.liveharness.claims.ClaimReader;
import io.liveharness.claims.TurnFacts;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A case's reply read by the service's own claim reader and judged against the facts its transcript
 * holds (the product data, the tool results, the room's host), so that the eval and the output hooks
 * agree on what is false. Read once per transcript: every claim check of a case asks the same. The RL
 * stage's reward reads its samples with it too, so that what training rewards is what the eval passes.
 */
public final class ReplyClaims {
    /** The host in a persona as runs before the host was a fact of the turn have it in the prompt. */
    private static final Pattern PERSONA = Pattern.compile("(?:你是|You are)\\s*[\"“]([^\"”]{1,12})[\"”]");
    private static final ThreadLocal<Object[]> LAST = new ThreadLocal<>();

    public static ClaimJudge.Judged of(DevCase c, Transcript t) {
        Object[] last = LAST.get();
        if (last != null && last[0] == t) return (ClaimJudge.Judged) last[1];
        TurnFacts facts = TurnFacts.of(t.backedFacts(), null, c.onStage());
        if (facts.host() == null) facts = TurnFacts.of(t.backedFacts(), hostInPrompt(t), c.onStage());
        String language = c.lang() != null ? c.lang() : ClaimReader.viewerLanguage(t.text());
        ClaimJudge.Judged judged = ClaimJudge.DEFAULT.judge(t.reply(), t.text(), facts, language);
        LAST.set(new Object[] {t, judged});
        return judged;
    }

    private static String hostInPrompt(Transcript t) {
        String prompt = t.systemPrompt();
        if (prompt == null) return null;
        Matcher m = PERSONA.matcher(prompt);
        return m.find() ? m.group(1) : null;
    }

    private ReplyClaims() { }
}
