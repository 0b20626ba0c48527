package io.liveharness.hooks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed reading of a hook's parameters as parsed from YAML. Every failure is an
 * {@link IllegalArgumentException} naming the parameter, so validation can tell the author which
 * line to fix; unknown names are refused so a typo is not silently a default.
 */
public final class HookParams {
    private final Map<String, Object> values;

    private HookParams(Map<String, Object> values) { this.values = values == null ? Map.of() : values; }

    public static HookParams of(Map<String, Object> values) { return new HookParams(values); }

    /** Refuses any parameter not in {@code known}. */
    public HookParams allowOnly(String... known) {
        Set<String> names = Set.of(known);
        for (String name : values.keySet()) {
            if (!names.contains(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "'; known: "
                        + (known.length == 0 ? "none" : String.join(", ", new TreeSet<>(Arrays.asList(known)))));
            }
        }
        return this;
    }

    public boolean has(String name) { return values.containsKey(name); }

    /** A required integer above zero. */
    public int positiveInt(String name) {
        Object v = values.get(name);
        if (v == null) throw new IllegalArgumentException("parameter '" + name + "' is required");
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.longValue() > 0 && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw new IllegalArgumentException("parameter '" + name + "' must be a positive integer, got '" + v + "'");
    }

    /** A required non-empty string. */
    public String string(String name) {
        Object v = values.get(name);
        if (v == null) throw new IllegalArgumentException("parameter '" + name + "' is required");
        if (!(v instanceof String s) || s.isBlank()) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a non-empty string, got '" + v + "'");
        }
        return s;
    }

    /** A required non-empty list of non-empty strings. */
    public List<String> strings(String name) {
        if (!values.containsKey(name)) throw new IllegalArgumentException("parameter '" + name + "' is required");
        List<String> list = strings(name, List.of());
        if (list.isEmpty()) throw new IllegalArgumentException("parameter '" + name + "' must not be empty");
        return list;
    }

    /** An optional list of non-empty strings. */
    public List<String> strings(String name, List<String> absent) {
        Object v = values.get(name);
        if (v == null) return absent;
        if (!(v instanceof List<?> list)) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a list of strings, got '" + v + "'");
        }
        List<String> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String s) || s.isBlank()) {
                throw new IllegalArgumentException("parameter '" + name + "' must be a list of non-empty strings, got item '" + item + "'");
            }
            out.add(s);
        }
        return List.copyOf(out);
    }

    /**
     * An optional tool name (null when absent), one of {@code defined} unless that is empty (a
     * harness being checked before its tools are known): a hook that names a tool to the model
     * names one the model has.
     */
    public String toolName(String name, Set<String> defined) {
        if (!has(name)) return null;
        String tool = string(name);
        if (!defined.isEmpty() && !defined.contains(tool)) {
            throw new IllegalArgumentException("parameter '" + name + "' names '" + tool + "', which this harness does not define; defined: "
                    + String.join(", ", defined));
        }
        return tool;
    }
}
