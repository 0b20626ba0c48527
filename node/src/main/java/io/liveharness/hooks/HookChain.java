package io.liveharness.hooks;

import io.liveharness.api.LocalCodec;
import io.liveharness.harness.HookSpec;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the hooks of one point in declaration order. A fast hook (pure string work, the built-ins)
 * runs inline on the caller's context: a bus round trip per built-in cost more than the check. A
 * blocking hook (a custom one) goes over the event bus to its version's verticle, under its timeout.
 * A BLOCK stops the chain; a REWRITE hands its text to the next hook; a hook that throws or times
 * out is recorded as failed and its spec's onFailure decides whether the chain goes on or blocks.
 * The returned future never fails and completes on the caller's context.
 */
public final class HookChain {
    private final Vertx vertx;
    private final HookSet hooks;

    public HookChain(Vertx vertx, HookSet hooks) {
        this.vertx = vertx;
        this.hooks = hooks;
        // the chain may run before (or without) its verticle: the codecs must exist either way
        LocalCodec.register(vertx.eventBus(), HookContext.class, HookVerdict.class);
    }

    public Future<HookOutcome> run(HookContext context) {
        return step(hooks.at(context.point()), 0, context, null, new ArrayList<>());
    }

    private Future<HookOutcome> step(List<HookSet.BoundHook> chain, int i, HookContext context, HookVerdict lastRewrite,
                                     List<HookRecord> records) {
        if (i == chain.size()) {
            HookVerdict end = lastRewrite == null ? HookVerdict.allow("hooks", context.subject())
                    : HookVerdict.rewrite(lastRewrite.hook(), lastRewrite.reason(), context.subject());
            return Future.succeededFuture(new HookOutcome(end, records));
        }
        HookSet.BoundHook bound = chain.get(i);
        long started = System.nanoTime();
        Future<HookVerdict> answer;
        if (!bound.hook().blocking()) {
            answer = inline(bound, context);
        } else {
            try {
                DeliveryOptions options = new DeliveryOptions().setSendTimeout(bound.spec().timeoutMs());
                answer = vertx.eventBus().<HookVerdict>request(bound.address(), context, options).map(reply -> reply.body());
            } catch (RuntimeException e) {
                answer = Future.failedFuture(e);
            }
        }
        return answer.transform(ar -> {
            long micros = (System.nanoTime() - started) / 1_000;
            HookVerdict v = ar.succeeded() ? ar.result() : null;
            if (v != null && v.decision() == HookVerdict.Decision.REWRITE && v.text() == null) {
                return failed(chain, i, context, lastRewrite, records, bound, micros, "rewrote the text to nothing");
            }
            if (v == null) {
                return failed(chain, i, context, lastRewrite, records, bound, micros, why(ar.cause(), bound));
            }
            records.add(new HookRecord(bound.index(), bound.type(), context.point(), v.decision(), v.reason(), micros, false));
            return switch (v.decision()) {
                case BLOCK -> Future.succeededFuture(new HookOutcome(
                        HookVerdict.block(bound.type(), bound.spec().worded(v.reason() == null ? "blocked by " + bound.type() : v.reason())), records));
                case REWRITE -> step(chain, i + 1, context.withSubject(v.text()), v, records);
                case ALLOW -> step(chain, i + 1, context, lastRewrite, records);
            };
        });
    }

    /** A fast hook's verdict, or its failure as the verticle would report it. */
    private static Future<HookVerdict> inline(HookSet.BoundHook bound, HookContext context) {
        try {
            HookVerdict v = bound.hook().check(context);
            return v == null || v.decision() == null ? Future.failedFuture(new InlineFailure("returned no verdict"))
                    : Future.succeededFuture(v);
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            return Future.failedFuture(new InlineFailure("threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage())));
        }
    }

    private Future<HookOutcome> failed(List<HookSet.BoundHook> chain, int i, HookContext context, HookVerdict lastRewrite,
                                       List<HookRecord> records, HookSet.BoundHook bound, long micros, String why) {
        String reason = "hook " + bound.type() + " failed: " + why;
        boolean block = bound.spec().onFailure() == HookSpec.OnFailure.BLOCK;
        records.add(new HookRecord(bound.index(), bound.type(), context.point(),
                block ? HookVerdict.Decision.BLOCK : HookVerdict.Decision.ALLOW, reason, micros, true));
        if (block) return Future.succeededFuture(new HookOutcome(HookVerdict.block(bound.type(), reason), records));
        return step(chain, i + 1, context, lastRewrite, records);
    }

    /** How an inline hook failed, worded as the verticle words a failure. */
    private static final class InlineFailure extends RuntimeException {
        InlineFailure(String message) { super(message, null, false, false); }
    }

    private static String why(Throwable cause, HookSet.BoundHook bound) {
        if (cause instanceof InlineFailure f) return f.getMessage();
        if (cause instanceof ReplyException re) {
            if (re.failureType() == ReplyFailure.TIMEOUT) return "timed out after " + bound.spec().timeoutMs() + " ms";
            if (re.failureType() == ReplyFailure.NO_HANDLERS) return "no hook verticle serves " + bound.address();
            return re.getMessage();
        }
        return String.valueOf(cause);
    }
}
