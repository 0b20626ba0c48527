package io.liveharness.hooks;

import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.Harness;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hooks of every harness version a node runs: compiled and deployed in a {@link HookVerticle}
 * the first time a request needs them, then shared by every room on that version.
 */
public final class HarnessHooks {
    private final Vertx vertx;
    private final HookRegistry registry;
    private final Map<String, Future<HookChain>> chains = new ConcurrentHashMap<>();

    public HarnessHooks(Vertx vertx, HookRegistry registry) {
        this.vertx = vertx;
        this.registry = registry;
    }

    public Future<HookChain> chain(Harness harness) {
        Future<HookChain> chain = chains.computeIfAbsent(harness.version(), v -> {
            HookSet set = registry.compile(v, harness.hooks(), HookEnvironment.of(harness));
            return vertx.deployVerticle(new HookVerticle(set)).map(id -> new HookChain(vertx, set));
        });
        // A deployment that failed is tried again by the next request rather than remembered.
        chain.onFailure(e -> chains.remove(harness.version(), chain));
        return chain;
    }
}
