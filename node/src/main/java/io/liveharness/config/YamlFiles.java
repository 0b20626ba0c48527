package io.liveharness.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a YAML (or JSON) file into a record, strictly: an unknown key or a wrong type is an error
 * whose message starts with {@code file:line}.
 */
public final class YamlFiles {
    /**
     * The longest file read, in code points. SnakeYAML's default (3 MiB) refused a catalog of 3,000
     * rooms' products; these files are the operator's (config, catalog, rooms), never a viewer's or
     * an API client's, so the bound is only against a runaway file.
     */
    static final int MAX_CODE_POINTS = 64 * 1024 * 1024;
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder().loaderOptions(loaderOptions()).build())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    /** A file that cannot be used; the message starts with file and line. */
    public static final class FileException extends RuntimeException {
        public FileException(String message, Throwable cause) { super(message, cause); }
    }

    /** The parsed value, or null for an empty file. */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return YAML.readValue(file.toFile(), type);
        } catch (JsonMappingException e) {
            throw new FileException(file + ":" + lineOf(file, e) + ": " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new FileException(file + ":" + (at == null ? 0 : at.getLineNr()) + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new FileException(file + ":0: cannot read: " + e.getMessage(), e);
        }
    }

    /** The line of the key a mapping error is about (Jackson reports where the enclosing record ended). */
    private static int lineOf(Path file, JsonMappingException e) {
        int fallback = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        try {
            List<String> path = e.getPath().stream().map(JsonMappingException.Reference::getFieldName).toList();
            return YamlLines.lineOf(Files.readAllLines(file), path, fallback);
        } catch (IOException io) {
            return fallback;
        }
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions o = new LoaderOptions();
        o.setCodePointLimit(MAX_CODE_POINTS);
        return o;
    }

    private YamlFiles() { }
}
