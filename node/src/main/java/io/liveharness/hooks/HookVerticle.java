package io.liveharness.hooks;

import io.liveharness.api.LocalCodec;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.eventbus.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Serves every hook of one harness version on the event bus, each at its
 * {@link HookSet#address}. A fast built-in runs on this verticle's event loop; a blocking (custom)
 * hook runs on this version's own small worker pool, so one stuck hook cannot starve the node's
 * shared workers. A hook that throws answers with a failure; one that never answers is the
 * caller's timeout. Neither takes the node down.
 */
public final class HookVerticle extends VerticleBase {
    /** Threads for blocking hooks of one harness version; shared by the instances of this verticle. */
    public static final int WORKER_THREADS = 4;
    /** Past this a worker thread is reported blocked; the caller has long since timed out. */
    static final long MAX_WORKER_SECONDS = 30;
    /** The failure code a hook that threw answers with. */
    public static final int HOOK_THREW = 500;

    private final HookSet hooks;
    private WorkerExecutor workers;

    public HookVerticle(HookSet hooks) { this.hooks = hooks; }

    @Override
    public Future<?> start() {
        LocalCodec.register(vertx.eventBus(), HookContext.class, HookVerdict.class);
        workers = vertx.createSharedWorkerExecutor("hooks." + hooks.versionId(), WORKER_THREADS, MAX_WORKER_SECONDS, TimeUnit.SECONDS);
        List<Future<Void>> registered = new ArrayList<>();
        for (HookSet.BoundHook bound : hooks.all()) {
            registered.add(vertx.eventBus().<HookContext>localConsumer(bound.address(), msg -> serve(bound, msg)).completion());
        }
        return Future.all(registered);
    }

    @Override
    public Future<?> stop() {
        return workers == null ? Future.succeededFuture() : workers.close();
    }

    private void serve(HookSet.BoundHook bound, Message<HookContext> msg) {
        if (!bound.hook().blocking()) {
            try {
                answer(msg, bound.hook().check(msg.body()), null);
            } catch (RuntimeException | StackOverflowError | LinkageError e) {
                answer(msg, null, e);
            }
            return;
        }
        workers.executeBlocking(() -> bound.hook().check(msg.body()), false)
                .onComplete(ar -> answer(msg, ar.result(), ar.cause()));
    }

    private static void answer(Message<HookContext> msg, HookVerdict verdict, Throwable error) {
        if (error != null) {
            msg.fail(HOOK_THREW, "threw " + error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage()));
        } else if (verdict == null || verdict.decision() == null) {
            msg.fail(HOOK_THREW, "returned no verdict");
        } else {
            msg.reply(verdict);
        }
    }
}
