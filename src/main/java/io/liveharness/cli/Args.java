package io.liveharness.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value} options and positional arguments, checked against what a command takes. */
public final class Args {
    private final Map<String, String> options = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    public Args(String[] args, Set<String> known) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("--")) {
                String name = a.substring(2);
                String value = null;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                if (!known.contains(name)) throw new UsageException("unknown option --" + name + " (known: " + known + ")");
                if (value == null) {
                    if (i + 1 >= args.length) throw new UsageException("--" + name + " needs a value");
                    value = args[++i];
                }
                options.put(name, value);
            } else {
                positional.add(a);
            }
        }
    }

    public String get(String name, String fallback) { return options.getOrDefault(name, fallback); }

    public int intValue(String name, int fallback) {
        String v = options.get(name);
        if (v == null) return fallback;
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, not '" + v + "'");
        }
    }

    public boolean has(String name) { return options.containsKey(name); }

    public List<String> positional() { return List.copyOf(positional); }
}
