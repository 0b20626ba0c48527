package io.liveharness.config;

import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a node's configuration file (YAML or JSON) and names the line of anything wrong in it. */
public final class ConfigLoader {
    public static final Path DEFAULT_FILE = Path.of("conf", "liveharness.yaml");

    /** The file, each key the environment sets ({@link EnvOverrides}) overriding it. */
    public static NodeConfig load(Path file) { return load(file, System.getenv()); }

    public static NodeConfig load(Path file, java.util.Map<String, String> env) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": configuration file not found", null);
        }
        java.util.Map<String, String> applied = java.util.Map.of();
        try {
            com.fasterxml.jackson.databind.node.ObjectNode tree;
            try {
                tree = EnvOverrides.root(YamlFiles.readTree(file));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(file + ":1: " + e.getMessage(), e);
            }
            applied = EnvOverrides.apply(tree, env);
            // Read from the file itself when nothing overrides it: its parser knows the line of every key, a tree does not.
            NodeConfig config = applied.isEmpty() ? YamlFiles.read(file, NodeConfig.class) : YamlFiles.convert(file, tree, NodeConfig.class);
            return config == null ? NodeConfig.defaults() : config;
        } catch (YamlFiles.FileException e) {
            throw new ConfigException(fromEnvironment(e, applied).orElse(e.getMessage()), e);
        }
    }

    /** A value the environment gave is named by its variable, not by a line of the file it is not in. */
    private static java.util.Optional<String> fromEnvironment(YamlFiles.FileException e, java.util.Map<String, String> applied) {
        if (!(e.getCause() instanceof com.fasterxml.jackson.databind.JsonMappingException m) || applied.isEmpty()) return java.util.Optional.empty();
        String key = String.join(".", m.getPath().stream().map(com.fasterxml.jackson.databind.JsonMappingException.Reference::getFieldName)
                .filter(java.util.Objects::nonNull).toList());
        return applied.entrySet().stream().filter(a -> a.getValue().equals(key)).findFirst()
                .map(a -> a.getKey() + " (environment, sets " + key + "): " + m.getOriginalMessage());
    }

    /** A configuration file that cannot be used; the message starts with file and line. */
    public static final class ConfigException extends RuntimeException {
        public ConfigException(String message, Throwable cause) { super(message, cause); }
    }

    private ConfigLoader() { }
}
