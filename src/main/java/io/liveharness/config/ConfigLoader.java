package io.liveharness.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a node's configuration file (YAML or JSON) and names the line of anything wrong in it. */
public final class ConfigLoader {
    public static final Path DEFAULT_FILE = Path.of("conf", "liveharness.yaml");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    public static NodeConfig load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": configuration file not found");
        }
        try {
            NodeConfig config = YAML.readValue(file.toFile(), NodeConfig.class);
            return config == null ? NodeConfig.defaults() : config;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? file.toString() : file + ":" + at.getLineNr();
            throw new ConfigException(where + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new ConfigException(file + ": " + e.getMessage(), e);
        }
    }

    /** A configuration file that cannot be used; the message starts with file and line. */
    public static final class ConfigException extends RuntimeException {
        public ConfigException(String message) { super(message); }

        public ConfigException(String message, Throwable cause) { super(message, cause); }
    }

    private ConfigLoader() { }
}
