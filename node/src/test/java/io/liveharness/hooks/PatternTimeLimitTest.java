package io.liveharness.hooks;

import io.liveharness.harness.HookPoint;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.liveharness.hooks.HookVerdict.Decision.ALLOW;
import static io.liveharness.hooks.HookVerdict.Decision.BLOCK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A harness's own {@code prohibitions} patterns run on the hook verticle's event loop: one that
 * backtracks without end (here {@code (a+)+\1b} on a run of a's) is cut off after a bounded time and
 * the reply held back (blocked, the reason saying why), instead of freezing the loop; an overlong
 * pattern is refused when the version is published.
 */
class PatternTimeLimitTest {

    @Test
    void aBacktrackingPatternIsCutOffAndTheReplyHeldBack() {
        Hook hook = BuiltinHooksTest.hook("prohibitions", HookPoint.OUTPUT, Map.of("patterns", List.of("(a+)+\\1b")));
        String reply = "a".repeat(40) + "c";
        HookVerdict v = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> hook.check(BuiltinHooksTest.reply(reply)),
                "a backtracking pattern held the event loop");
        assertEquals(BLOCK, v.decision(), v.reason());
        assertTrue(v.reason().contains("took longer than"), v.reason());
        assertEquals(ALLOW, hook.check(BuiltinHooksTest.reply("the fabric is chiffon")).decision());
    }

    @Test
    void anOverlongPatternIsRefusedAtPublish() {
        Exception e = assertThrows(RuntimeException.class, () -> BuiltinHooksTest.hook("prohibitions", HookPoint.OUTPUT,
                Map.of("patterns", List.of("x".repeat(1001)))));
        assertTrue(String.valueOf(e.getMessage()).contains("patterns"), e.getMessage());
    }
}
