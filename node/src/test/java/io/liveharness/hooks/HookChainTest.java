package io.liveharness.hooks;

import io.liveharness.router.Intent;
import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.testing.Fixtures;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.liveharness.hooks.HookVerdict.Decision.ALLOW;
import static io.liveharness.hooks.HookVerdict.Decision.BLOCK;
import static io.liveharness.hooks.HookVerdict.Decision.REWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hooks of each point run through a deployed {@link HookVerticle}, over the event bus, under their timeouts. */
@ExtendWith(VertxExtension.class)
class HookChainTest {
    static final HookRegistry REGISTRY = HookRegistry.load();
    static final String FACTS = Fixtures.DRESS_101;

    /** Compiles and deploys the specs as version {@code versionId}, and gives their chain. */
    static HookChain deploy(Vertx vertx, String versionId, HookSpec... specs) throws Exception {
        HookSet set = REGISTRY.compile(versionId, List.of(specs), Fixtures.ENV);
        await(vertx.deployVerticle(new HookVerticle(set)));
        return new HookChain(vertx, set);
    }

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static HookContext output(String reply) {
        return HookContext.output("room-1", Intent.PRODUCT_QA, "这条裙子多少钱?", reply, List.of(FACTS), List.of("product_lookup"));
    }

    static HookSpec spec(String type, HookPoint at, Map<String, Object> params) { return HookSpec.of(type, at, params); }

    // --- output

    @Test
    void outputACleanBackedReplyIsAllowedAndEveryHookIsRecorded(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("not-empty", HookPoint.OUTPUT, Map.of()),
                spec("no-contact-details", HookPoint.OUTPUT, Map.of()), spec("unbacked-promise", HookPoint.OUTPUT, Map.of()));
        HookOutcome outcome = await(chain.run(output("有M码, 159元一条")));
        assertEquals(ALLOW, outcome.verdict().decision());
        assertEquals("有M码, 159元一条", outcome.text());
        assertEquals(List.of("not-empty", "no-contact-details", "unbacked-promise"), outcome.records().stream().map(HookRecord::type).toList());
        assertTrue(outcome.records().stream().noneMatch(HookRecord::failed));
    }

    @Test
    void outputABlockStopsTheChainWithItsReason(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("unbacked-promise", HookPoint.OUTPUT, Map.of()),
                spec("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 5)));
        HookOutcome outcome = await(chain.run(output("现在只要¥99")));
        assertTrue(outcome.blocked());
        assertEquals("unbacked-promise", outcome.verdict().hook());
        assertTrue(outcome.reason().contains("says ¥99 of dress-101, whose price is ¥159"), outcome.reason());
        assertEquals(1, outcome.records().size(), "the hooks after a block do not run");
    }

    @Test
    void outputARewritePassesItsTextToTheNextHook(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 12)),
                spec("test-shout", HookPoint.OUTPUT, Map.of()), spec("not-empty", HookPoint.OUTPUT, Map.of()));
        HookOutcome outcome = await(chain.run(output("Yes we do. It is 159 yuan and very light")));
        assertEquals(REWRITE, outcome.verdict().decision());
        assertEquals("YES WE DO.", outcome.text());
        assertEquals(List.of(REWRITE, REWRITE, ALLOW), outcome.records().stream().map(HookRecord::decision).toList());
    }

    @Test
    void outputContactDetailsBannedTermsAndProhibitionsAreBlocked(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("no-contact-details", HookPoint.OUTPUT, Map.of()),
                spec("banned-terms", HookPoint.OUTPUT, Map.of("terms", List.of("全网最低"))),
                spec("prohibitions", HookPoint.OUTPUT, Map.of("categories", List.of("medical"))));
        assertEquals("no-contact-details", await(chain.run(output("加我vx: abc12345"))).verdict().hook());
        assertEquals("banned-terms", await(chain.run(output("全网最低价"))).verdict().hook());
        assertEquals("prohibitions", await(chain.run(output("包治百病"))).verdict().hook());
    }

    // --- input

    @Test
    void inputAllowBlockAndRewrite(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("input-length", HookPoint.INPUT, Map.of("maxChars", 20)),
                spec("abuse-filter", HookPoint.INPUT, Map.of("terms", List.of("垃圾主播"))));
        assertEquals(ALLOW, await(chain.run(HookContext.input("room-1", Intent.PRODUCT_QA, "有M码吗"))).verdict().decision());
        assertTrue(await(chain.run(HookContext.input("room-1", Intent.CHITCHAT, "垃圾主播"))).blocked());
        assertTrue(await(chain.run(HookContext.input("room-1", Intent.CHITCHAT, "x".repeat(21)))).blocked());
        HookChain shouting = deploy(vertx, "v2", spec("test-shout", HookPoint.INPUT, Map.of()));
        assertEquals("HAVE M?", await(shouting.run(HookContext.input("room-1", Intent.PRODUCT_QA, "have m?"))).text());
    }

    // --- pre-tool

    @Test
    void preToolSchemaArgumentsAllowsAGoodCallAndBlocksABadOneWithACorrection(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("schema-arguments", HookPoint.PRE_TOOL, Map.of()));
        HookContext good = HookContext.preTool("room-1", Intent.PRODUCT_QA, "有M码吗", "product_lookup",
                "{\"productId\": \"dress-101\"}", List.of(), List.of());
        assertEquals(ALLOW, await(chain.run(good)).verdict().decision());
        HookOutcome bad = await(chain.run(good.withSubject("{\"productId\": 101, \"colour\": \"red\"}")));
        assertTrue(bad.blocked());
        assertTrue(bad.reason().contains("'productId' must be a string; 'colour' is not an argument of this tool"), bad.reason());
        HookChain rewriting = deploy(vertx, "v2", spec("test-shout", HookPoint.PRE_TOOL, Map.of()));
        assertEquals("{\"PRODUCTID\": \"DRESS-101\"}", await(rewriting.run(good)).text());
    }

    // --- post-tool

    @Test
    void postToolResultSizeAllowsASmallResultAndRewritesAHugeOne(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("result-size", HookPoint.POST_TOOL, Map.of("maxChars", 300)));
        HookContext small = HookContext.postTool("room-1", Intent.PRODUCT_QA, "?", "product_lookup", "{}", FACTS, List.of(), List.of());
        assertEquals(ALLOW, await(chain.run(small)).verdict().decision());
        HookOutcome huge = await(chain.run(small.withSubject("[" + "1,".repeat(1000) + "1]")));
        assertEquals(REWRITE, huge.verdict().decision());
        assertTrue(huge.text().endsWith("…[truncated, 1703 more characters]"), huge.text());
        HookChain blocking = deploy(vertx, "v2", spec("test-throw", HookPoint.POST_TOOL, Map.of()),
                spec("result-size", HookPoint.POST_TOOL, Map.of("maxChars", 1)));
        HookOutcome afterFailure = await(blocking.run(small));
        assertEquals(REWRITE, afterFailure.verdict().decision(), "post-tool fails open by default; the next hook still runs");
    }

    // --- stop

    @Test
    void stopRequireToolBlocksAProductAnswerWithoutTheToolAndAllowsOneWithIt(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("require-tool", HookPoint.STOP,
                Map.of("intents", List.of("product_qa"), "tool", "product_lookup")));
        HookOutcome blocked = await(chain.run(HookContext.stop("room-1", Intent.PRODUCT_QA, "多少钱", "159元", List.of(), List.of())));
        assertEquals("call product_lookup before answering", blocked.reason());
        HookOutcome allowed = await(chain.run(HookContext.stop("room-1", Intent.PRODUCT_QA, "多少钱", "159元",
                List.of(FACTS), List.of("product_lookup"))));
        assertEquals(ALLOW, allowed.verdict().decision());
        HookChain rewriting = deploy(vertx, "v2", spec("test-shout", HookPoint.STOP, Map.of()));
        assertEquals("OK", await(rewriting.run(HookContext.stop("room-1", Intent.CHITCHAT, "hi", "ok", List.of(), List.of()))).text());
    }

    @Test
    void aPointWithoutHooksAllowsItsSubjectUnchanged(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("not-empty", HookPoint.OUTPUT, Map.of()));
        HookOutcome outcome = await(chain.run(HookContext.input("room-1", Intent.CHITCHAT, "你好")));
        assertEquals(ALLOW, outcome.verdict().decision());
        assertEquals("你好", outcome.text());
        assertEquals(List.of(), outcome.records());
    }

    // --- failures

    @Test
    void aHookThatSleepsPastItsTimeoutIsARecordedFailureAndOnFailureBlockBlocks(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", new HookSpec("test-sleep", HookPoint.OUTPUT, Map.of("ms", 1_000), 50, null),
                spec("not-empty", HookPoint.OUTPUT, Map.of()));
        long started = System.nanoTime();
        HookOutcome outcome = await(chain.run(output("有的")));
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        assertTrue(outcome.blocked(), "output fails closed by default");
        assertEquals("hook test-sleep failed: timed out after 50 ms", outcome.reason());
        HookRecord record = outcome.records().getFirst();
        assertTrue(record.failed());
        assertEquals(BLOCK, record.decision());
        assertTrue(tookMs < 900, "the chain did not wait for the sleeping hook: " + tookMs + " ms");
    }

    @Test
    void aTimedOutHookWithOnFailureAllowLetsTheChainGoOn(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1",
                new HookSpec("test-sleep", HookPoint.OUTPUT, Map.of("ms", 1_000), 30, HookSpec.OnFailure.ALLOW),
                spec("tts-length", HookPoint.OUTPUT, Map.of("maxChars", 3)));
        HookOutcome outcome = await(chain.run(output("有的呢亲")));
        assertEquals(REWRITE, outcome.verdict().decision());
        assertEquals("有的呢", outcome.text());
        assertEquals(List.of(true, false), outcome.records().stream().map(HookRecord::failed).toList());
        assertEquals("hook test-sleep failed: timed out after 30 ms", outcome.records().getFirst().reason());
    }

    @Test
    void aHookThatThrowsIsARecordedFailureAndTheNodeKeepsServing(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1", spec("test-throw", HookPoint.OUTPUT, Map.of()));
        for (int i = 0; i < 3; i++) {
            HookOutcome outcome = await(chain.run(output("有的")));
            assertTrue(outcome.blocked());
            assertEquals("hook test-throw failed: threw IllegalStateException: boom", outcome.reason());
            assertTrue(outcome.records().getFirst().failed());
        }
        HookChain other = deploy(vertx, "v2", spec("not-empty", HookPoint.OUTPUT, Map.of()));
        assertFalse(await(other.run(output("有的"))).blocked(), "other versions' hooks still answer");
    }

    @Test
    void stuckHooksDoNotDelayTheFastOnesOfTheSameVersion(Vertx vertx) throws Exception {
        HookChain chain = deploy(vertx, "v1",
                new HookSpec("test-sleep", HookPoint.INPUT, Map.of("ms", 2_000), 20, HookSpec.OnFailure.ALLOW),
                spec("not-empty", HookPoint.OUTPUT, Map.of()));
        for (int i = 0; i < 6; i++) await(chain.run(HookContext.input("room-1", Intent.CHITCHAT, "hi")));
        long started = System.nanoTime();
        HookOutcome outcome = await(chain.run(output("有的")));
        assertEquals(ALLOW, outcome.verdict().decision());
        assertFalse(outcome.records().getFirst().failed(), "built-ins run on the event loop, not behind the stuck workers");
        assertTrue((System.nanoTime() - started) / 1_000_000 < 500);
    }

    @Test
    void aChainWhoseVerticleIsNotDeployedFailsPerOnFailureInsteadOfHanging(Vertx vertx) throws Exception {
        HookSet set = REGISTRY.compile("undeployed", List.of(spec("test-shout", HookPoint.OUTPUT, Map.of()),
                new HookSpec("test-sleep", HookPoint.STOP, Map.of("ms", 1), 0, HookSpec.OnFailure.ALLOW)), Fixtures.ENV);
        HookChain chain = new HookChain(vertx, set);
        HookOutcome output = await(chain.run(output("有的")));
        assertTrue(output.blocked());
        assertEquals("hook test-shout failed: no hook verticle serves hook.undeployed.0", output.reason());
        assertFalse(await(chain.run(HookContext.stop("r", Intent.PRODUCT_QA, "m", "ok", List.of(), List.of()))).blocked());
    }

    @Test
    void builtInsRunInlineWithoutTheirVerticleAndTheirFailuresAreWordedAlike(Vertx vertx) throws Exception {
        // fast hooks never touch the bus: a chain whose verticle was never deployed still checks them
        HookSet set = REGISTRY.compile("inline", List.of(spec("not-empty", HookPoint.OUTPUT, Map.of()),
                spec("require-tool", HookPoint.STOP, Map.of("intents", List.of("product_qa"), "tool", "product_lookup"))), Fixtures.ENV);
        HookChain chain = new HookChain(vertx, set);
        HookOutcome empty = await(chain.run(output(" ")));
        assertTrue(empty.blocked());
        assertFalse(empty.records().getFirst().failed(), "not-empty decided; it did not fail");
        assertFalse(await(chain.run(output("有的"))).blocked());
        assertTrue(await(chain.run(HookContext.stop("r", Intent.PRODUCT_QA, "m", "159元", List.of(), List.of()))).blocked(),
                "require-tool ran inline and blocked an answer without its tool");
    }

    @Test
    void undeployingAVersionReleasesItsAddresses(Vertx vertx) throws Exception {
        HookSet set = REGISTRY.compile("v9", List.of(spec("test-shout", HookPoint.OUTPUT, Map.of())), Fixtures.ENV);
        String id = await(vertx.deployVerticle(new HookVerticle(set)));
        HookChain chain = new HookChain(vertx, set);
        assertEquals("OK", await(chain.run(output("ok"))).verdict().text());
        await(vertx.undeploy(id));
        assertTrue(await(chain.run(output("有的"))).reason().contains("no hook verticle serves"));
    }
}
