package io.liveharness.harness;


import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hook specs from their harness.yaml form, and the specs that reproduce today's fixed output hooks
 * for a version that declares none, so both kinds of version run through one chain.
 */
public final class HookSpecs {
    private static final Set<String> KEYS = Set.of("type", "at", "params", "timeoutMs", "onFailure", "feedback");

    /**
     * The {@code hooks:} list as Jackson reads it (a list of maps). Structural mistakes are
     * reported as {@code hooks[i]: ...}; the types and parameters are checked by {@link HookRegistry#validate}.
     *
     * @throws IllegalArgumentException listing every structural problem
     */
    public static List<HookSpec> parse(List<?> yamlHooks) {
        List<HookSpec> specs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < yamlHooks.size(); i++) {
            try {
                specs.add(parseOne(yamlHooks.get(i)));
            } catch (IllegalArgumentException e) {
                problems.add("hooks[" + i + "]: " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        return List.copyOf(specs);
    }

    @SuppressWarnings("unchecked")
    private static HookSpec parseOne(Object entry) {
        if (!(entry instanceof Map<?, ?> map)) throw new IllegalArgumentException("must be a map with 'type' and 'at'");
        for (Object key : map.keySet()) {
            if (!KEYS.contains(String.valueOf(key))) {
                throw new IllegalArgumentException("unknown key '" + key + "'; known: at, feedback, onFailure, params, timeoutMs, type");
            }
        }
        if (!(map.get("type") instanceof String type)) throw new IllegalArgumentException("'type' must be a string");
        if (!(map.get("at") instanceof String at)) throw new IllegalArgumentException("'at' must be a string");
        Object params = map.get("params");
        if (params != null && !(params instanceof Map)) throw new IllegalArgumentException("'params' must be a map");
        Object timeout = map.get("timeoutMs");
        if (timeout != null && !(timeout instanceof Number)) throw new IllegalArgumentException("'timeoutMs' must be a number");
        Object onFailure = map.get("onFailure");
        if (onFailure != null && !(onFailure instanceof String)) throw new IllegalArgumentException("'onFailure' must be 'allow' or 'block'");
        Object feedback = map.get("feedback");
        if (feedback != null && !(feedback instanceof String f && f.contains("{reason}"))) {
            throw new IllegalArgumentException("'feedback' must be a string with {reason} in it");
        }
        Map<String, Object> p = new LinkedHashMap<>();
        if (params != null) ((Map<Object, Object>) params).forEach((k, v) -> p.put(String.valueOf(k), v));
        return new HookSpec(type, HookPoint.fromYaml(at), p, timeout == null ? 0 : ((Number) timeout).longValue(),
                onFailure == null ? null : HookSpec.OnFailure.fromYaml((String) onFailure), (String) feedback);
    }

    private HookSpecs() { }
}
