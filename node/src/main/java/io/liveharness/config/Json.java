package io.liveharness.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * The project's Jackson configurations, one of each, shared (a configured mapper is thread-safe
 * and costly to build). Never configure these further: a mapper that needs other features is a new
 * constant here, so every reader of a format reads it alike.
 */
public final class Json {
    /** JSON as Jackson's defaults have it: compact output, unknown properties refused. */
    public static final ObjectMapper MAPPER = new ObjectMapper();
    /** The same, written indented: files people read (run summaries, reports, registries). */
    public static final ObjectMapper INDENTED = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** JSON from another process or an older version, whose unknown properties are skipped. */
    public static final ObjectMapper LENIENT = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** YAML data files as Jackson's defaults read them. */
    public static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Json() { }
}
