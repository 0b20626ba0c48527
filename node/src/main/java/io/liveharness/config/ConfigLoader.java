package io.liveharness.config;

import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a node's configuration file (YAML or JSON) and names the line of anything wrong in it. */
public final class ConfigLoader {
    public static final Path DEFAULT_FILE = Path.of("conf", "liveharness.yaml");

    public static NodeConfig load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": configuration file not found", null);
        }
        try {
            NodeConfig config = YamlFiles.read(file, NodeConfig.class);
            return config == null ? NodeConfig.defaults() : config;
        } catch (YamlFiles.FileException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    /** A configuration file that cannot be used; the message starts with file and line. */
    public static final class ConfigException extends RuntimeException {
        public ConfigException(String message, Throwable cause) { super(message, cause); }
    }

    private ConfigLoader() { }
}
