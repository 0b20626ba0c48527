package io.liveharness.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Conf keys from the environment, so that one image serves every deployment: {@code engine.model}
 * is {@code LIVEHARNESS_ENGINE_MODEL}, {@code http.perAddress.connections} is
 * {@code LIVEHARNESS_HTTP_PER_ADDRESS_CONNECTIONS} (the prefix, then each part of the key with its
 * words split at capitals, upper case, joined by {@code _}). A list takes comma-separated values.
 * The variable wins over the file. Keys under a map of names ({@code mcp.servers},
 * {@code openai.clients}, {@code kafka.consumer}, {@code kafka.producer}) come from the file only.
 * The names are read off {@link NodeConfig}'s records, so a new key has its variable at once.
 */
public final class EnvOverrides {
    public static final String PREFIX = "LIVEHARNESS_";

    /** A key the environment can set: its path in the file and whether it holds a list. */
    record Key(List<String> path, boolean list) {
        String dotted() { return String.join(".", path); }
    }

    private static final Map<String, Key> KEYS = keys();

    /** The variable that sets {@code dottedKey}, as the naming rule makes it. */
    public static String variable(String dottedKey) {
        StringBuilder b = new StringBuilder(PREFIX);
        for (String part : dottedKey.split("\\.")) {
            if (b.length() > PREFIX.length()) b.append('_');
            b.append(part.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT));
        }
        return b.toString();
    }

    /** Every variable and the key it sets, sorted by variable. */
    public static Map<String, String> variables() {
        Map<String, String> out = new TreeMap<>();
        KEYS.forEach((v, k) -> out.put(v, k.dotted()));
        return out;
    }

    /**
     * Writes each variable of {@code env} that names a key into {@code root}, the file's tree;
     * returns variable to key of those applied. A variable that starts like a section's keys
     * ({@code LIVEHARNESS_ENGINE_...}) and names none is refused: a misspelt override must not be
     * ignored in silence. Other {@code LIVEHARNESS_} variables (the launcher's, tokens) are not conf keys.
     */
    static Map<String, String> apply(ObjectNode root, Map<String, String> env) {
        Map<String, String> applied = new LinkedHashMap<>();
        for (var e : new TreeMap<>(env).entrySet()) {
            String name = e.getKey();
            if (!name.startsWith(PREFIX)) continue;
            Key key = KEYS.get(name);
            if (key == null) {
                String section = sectionOf(name);
                if (section != null) {
                    throw new ConfigLoader.ConfigException(name + " (environment): no conf key '" + section
                            + ".…' is named so; the names are " + PREFIX + "<KEY PATH>, e.g. " + variable("engine.model")
                            + " for engine.model (keys under a map, such as kafka.consumer, come from the file only)", null);
                }
                continue;
            }
            ObjectNode at = root;
            for (String part : key.path().subList(0, key.path().size() - 1)) {
                at = at.get(part) instanceof ObjectNode o ? o : at.putObject(part);
            }
            String leaf = key.path().getLast();
            if (key.list()) {
                ArrayNode values = at.putArray(leaf);
                Arrays.stream(e.getValue().split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(values::add);
            } else {
                at.put(leaf, e.getValue());
            }
            applied.put(name, key.dotted());
        }
        return applied;
    }

    /** The conf section a variable's name starts with, or null. */
    private static String sectionOf(String name) {
        for (RecordComponent c : NodeConfig.class.getRecordComponents()) {
            if (name.startsWith(variable(c.getName()) + "_")) return c.getName();
        }
        return null;
    }

    private static Map<String, Key> keys() {
        Map<String, Key> out = new LinkedHashMap<>();
        collect(NodeConfig.class, List.of(), out);
        return out;
    }

    private static void collect(Class<?> record, List<String> at, Map<String, Key> out) {
        for (RecordComponent c : record.getRecordComponents()) {
            List<String> path = new ArrayList<>(at);
            path.add(c.getName());
            Class<?> type = c.getType();
            if (type.isRecord()) {
                collect(type, path, out);
            } else if (!Map.class.isAssignableFrom(type)) {
                boolean list = List.class.isAssignableFrom(type);
                if (list && !(c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] == String.class)) continue;
                Key key = new Key(List.copyOf(path), list);
                Key before = out.put(variable(key.dotted()), key);
                if (before != null) throw new IllegalStateException(before.dotted() + " and " + key.dotted() + " have one variable name");
            }
        }
    }

    /** The tree a file of no keys reads as. */
    static ObjectNode root(JsonNode tree) {
        if (tree == null || tree.isNull() || tree.isMissingNode()) return Json.MAPPER.createObjectNode();
        if (tree instanceof ObjectNode o) return o;
        throw new IllegalArgumentException("a configuration file is a mapping of sections (http:, engine:, ...)");
    }

    private EnvOverrides() { }
}
