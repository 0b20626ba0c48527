package io.liveharness.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** `--name value` and `--flag` options of one command; unknown names are a usage error. */
record Options(Map<String, String> values) {

    static Options parse(String[] args, int from, Set<String> valued, Set<String> flags) {
        Map<String, String> values = new HashMap<>();
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) throw new UsageException("unexpected argument '" + a + "'");
            String name = a.substring(2);
            if (flags.contains(name)) {
                values.put(name, "true");
            } else if (valued.contains(name)) {
                if (i + 1 >= args.length) throw new UsageException("--" + name + " needs a value");
                values.put(name, args[++i]);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
        return new Options(values);
    }

    String get(String name, String fallback) { return values.getOrDefault(name, fallback); }

    boolean has(String name) { return values.containsKey(name); }

    double number(String name, double fallback) {
        String v = values.get(name);
        try {
            return v == null ? fallback : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " needs a number, got '" + v + "'");
        }
    }
}
