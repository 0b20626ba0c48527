package io.liveharness.hooks;

import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookPoint;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The compiled hooks of one harness version, per point in declaration order, each with the
 * event-bus address its {@link HookVerticle} serves it on.
 */
public record HookSet(String versionId, Map<HookPoint, List<BoundHook>> byPoint) {

    /** One hook ready to run: its place in {@code hooks:}, its spec, and the hook itself. */
    public record BoundHook(int index, HookSpec spec, Hook hook, String address) {
        public String type() { return spec.type(); }
    }

    public HookSet {
        EnumMap<HookPoint, List<BoundHook>> copy = new EnumMap<>(HookPoint.class);
        for (HookPoint p : HookPoint.values()) copy.put(p, List.copyOf(byPoint.getOrDefault(p, List.of())));
        byPoint = java.util.Collections.unmodifiableMap(copy);
    }

    /** {@code hook.<versionId>.<index>}: one address per hook, so a slow custom hook has its own queue. */
    public static String address(String versionId, int index) { return "hook." + versionId + "." + index; }

    public List<BoundHook> at(HookPoint point) { return byPoint.get(point); }

    public List<BoundHook> all() {
        List<BoundHook> all = new ArrayList<>();
        byPoint.values().forEach(all::addAll);
        return all;
    }
}
