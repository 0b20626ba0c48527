package io.liveharness.hooks;

import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.Harness;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The hooks of every harness version a node runs, compiled and deployed in a {@link HookVerticle}
 * per version and shared by every room on it. {@link #sync} builds them when a version comes into
 * use (at start and when a publish or a promotion changes what rooms run), off any request's path,
 * and releases those of versions no room runs any more. A request for a version not built yet
 * builds it then.
 */
public final class HarnessHooks {
    private final Vertx vertx;
    private final HookRegistry registry;
    private final Map<String, Deployed> chains = new ConcurrentHashMap<>();

    /** A version's chain and its verticle's deployment. */
    private record Deployed(Future<HookChain> chain, Future<String> deployment) { }

    public HarnessHooks(Vertx vertx, HookRegistry registry) {
        this.vertx = vertx;
        this.registry = registry;
    }

    public Future<HookChain> chain(Harness harness) {
        Deployed d = chains.computeIfAbsent(harness.version(), v -> {
            HookSet set = registry.compile(v, harness.hooks(), HookEnvironment.of(harness));
            Future<String> deployment = vertx.deployVerticle(new HookVerticle(set));
            return new Deployed(deployment.map(id -> new HookChain(vertx, set)), deployment);
        });
        // A deployment that failed is tried again by the next request rather than remembered.
        d.chain().onFailure(e -> chains.remove(harness.version(), d));
        return d.chain();
    }

    /**
     * Builds the chains of the versions in use and releases every other version's (its verticle
     * undeployed, its addresses freed). A request still finishing on a released version runs its
     * fast hooks inline as before; a blocking one fails by its onFailure.
     */
    public Future<Void> sync(Collection<Harness> inUse) {
        Set<String> keep = inUse.stream().map(Harness::version).collect(Collectors.toSet());
        List<Future<?>> done = new ArrayList<>();
        for (Harness h : inUse) done.add(chain(h));
        for (var e : List.copyOf(chains.entrySet())) {
            if (keep.contains(e.getKey()) || !chains.remove(e.getKey(), e.getValue())) continue;
            done.add(e.getValue().deployment().compose(vertx::undeploy));
        }
        return Future.join(done).mapEmpty();
    }

    /** The versions whose chains are built or being built. */
    public Set<String> versions() { return Set.copyOf(chains.keySet()); }
}
