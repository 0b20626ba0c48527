package io.liveharness.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a YAML (or JSON) file into a record, strictly: an unknown key or a wrong type is an error
 * whose message starts with {@code file:line}.
 */
public final class YamlFiles {
    private static final ObjectMapper YAML = new ObjectMapper(Json.yamlFactory())
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

    /** The file as a tree, or null for an empty file. */
    public static JsonNode readTree(Path file) {
        try {
            return YAML.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new FileException(file + ":" + (at == null ? 0 : at.getLineNr()) + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new FileException(file + ":0: cannot read: " + e.getMessage(), e);
        }
    }

    /** {@code tree}, read from {@code file} and changed since, as a record; an error names the key's line in the file where it can. */
    public static <T> T convert(Path file, JsonNode tree, Class<T> type) {
        try {
            return YAML.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            throw new FileException(file + ":" + lineOf(file, e) + ": " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            throw new FileException(file + ":0: " + e.getOriginalMessage(), e);
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

    private YamlFiles() { }
}
