package io.liveharness.hooks;

import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookPoint;
import io.liveharness.harness.HookEnvironment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The hook types this node knows — built-ins and any custom ones on the classpath, found through
 * {@link ServiceLoader} — and the validation and compilation of a harness version's hook specs.
 */
public final class HookRegistry {
    private final Map<String, HookFactory> factories;

    /** @throws IllegalArgumentException when two factories claim one type: a custom jar must not silently replace a built-in */
    public HookRegistry(List<HookFactory> factories) {
        Map<String, HookFactory> byType = new TreeMap<>();
        for (HookFactory f : factories) {
            HookFactory other = byType.putIfAbsent(f.type(), f);
            if (other != null) {
                throw new IllegalArgumentException("hook type '" + f.type() + "' is defined twice: by "
                        + other.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        this.factories = byType;
    }

    /** Every {@link HookFactory} registered under META-INF/services on the class path of {@code loader}. */
    public static HookRegistry load(ClassLoader loader) {
        List<HookFactory> found = new ArrayList<>();
        ServiceLoader.load(HookFactory.class, loader).forEach(found::add);
        return new HookRegistry(found);
    }

    public static HookRegistry load() { return load(HookRegistry.class.getClassLoader()); }

    /** Known type names, sorted. */
    public List<String> types() { return List.copyOf(factories.keySet()); }

    /**
     * Every problem with these specs, each naming the hook as {@code hooks[i] (type)} and, where it
     * is a parameter, the parameter. Empty when they compile.
     */
    public List<String> validate(List<HookSpec> specs, HookEnvironment environment) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            String problem = problem(i, specs.get(i), environment);
            if (problem != null) problems.add(problem);
        }
        return problems;
    }

    /**
     * The hooks, compiled, per point in declaration order.
     *
     * @throws IllegalArgumentException listing every problem {@link #validate} finds
     */
    public HookSet compile(String versionId, List<HookSpec> specs, HookEnvironment environment) {
        List<String> problems = validate(specs, environment);
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        Map<HookPoint, List<HookSet.BoundHook>> byPoint = new EnumMap<>(HookPoint.class);
        for (int i = 0; i < specs.size(); i++) {
            HookSpec spec = specs.get(i);
            Hook hook = factories.get(spec.type()).create(spec.params(), environment);
            byPoint.computeIfAbsent(spec.at(), p -> new ArrayList<>())
                    .add(new HookSet.BoundHook(i, spec, hook, HookSet.address(versionId, i)));
        }
        return new HookSet(versionId, byPoint);
    }

    private String problem(int index, HookSpec spec, HookEnvironment environment) {
        String name = "hooks[" + index + "] (" + spec.type() + ")";
        if (spec.type() == null || spec.type().isBlank()) return "hooks[" + index + "]: 'type' is missing";
        HookFactory factory = factories.get(spec.type());
        if (factory == null) return name + ": unknown hook type; known types: " + String.join(", ", types());
        if (spec.at() == null) return name + ": 'at' is missing";
        if (!factory.points().contains(spec.at())) {
            return name + ": cannot run at " + spec.at() + "; it runs at "
                    + factory.points().stream().sorted().map(HookPoint::yamlName).toList();
        }
        if (spec.timeoutMs() < 1 || spec.timeoutMs() > HookSpec.MAX_TIMEOUT_MS) {
            return name + ": 'timeoutMs' must be between 1 and " + HookSpec.MAX_TIMEOUT_MS + ", got " + spec.timeoutMs();
        }
        try {
            Hook hook = factory.create(spec.params(), environment);
            if (hook == null) return name + ": its factory created no hook";
        } catch (IllegalArgumentException e) {
            return name + ": " + e.getMessage();
        } catch (RuntimeException e) {
            // a custom factory's bug is the harness author's problem to see, not a node crash
            return name + ": could not be created: " + e;
        }
        return null;
    }
}
