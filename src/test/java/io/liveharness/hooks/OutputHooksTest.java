package io.liveharness.hooks;

import io.liveharness.harness.OutputRules;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.liveharness.hooks.HookVerdict.Decision.ALLOW;
import static io.liveharness.hooks.HookVerdict.Decision.BLOCK;
import static io.liveharness.hooks.HookVerdict.Decision.REWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputHooksTest {
    private final List<OutputHook> hooks = OutputHooks.from(new OutputRules(20, List.of("全网最低")));

    @Test
    void aShortCleanReplyIsAllowed() {
        assertEquals(ALLOW, OutputHooks.run(hooks, "有M码, 159元.").decision());
    }

    @Test
    void contactDetailsAndUrlsAreBlocked() {
        for (String reply : List.of("加我微信聊", "call 13812345678", "see https://x.example", "mail me a@b.cn")) {
            HookVerdict v = OutputHooks.run(hooks, reply);
            assertEquals(BLOCK, v.decision(), reply);
            assertEquals("no-contact-details", v.hook());
        }
    }

    @Test
    void bannedTermsAndEmptyRepliesAreBlocked() {
        assertEquals("banned-terms", OutputHooks.run(hooks, "全网最低价!").hook());
        assertEquals("not-empty", OutputHooks.run(hooks, "  ").hook());
    }

    @Test
    void aReplyTooLongForTtsIsCutAtASentenceEnd() {
        HookVerdict v = OutputHooks.run(hooks, "这条裙子很好看。面料是雪纺的, 夏天穿很凉快, 推荐大家入手");
        assertEquals(REWRITE, v.decision());
        assertEquals("这条裙子很好看。", v.text());
        assertTrue(v.reason().contains("20"));
    }
}
