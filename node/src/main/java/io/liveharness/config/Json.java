package io.liveharness.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

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
    /**
     * The longest YAML file read, in code points. SnakeYAML's default (3 MiB) refused a catalog of
     * 3,000 rooms' products. YAML comes from the operator and the project (config, catalog, rooms,
     * data) or in a published harness, which {@code HarnessFiles} bounds at 8 MiB before parsing;
     * so this bound is only against a runaway file.
     */
    public static final int MAX_YAML_CODE_POINTS = 64 * 1024 * 1024;
    /** YAML data files as Jackson's defaults read them. */
    public static final ObjectMapper YAML = new ObjectMapper(yamlFactory());

    /** A YAML factory that reads up to {@link #MAX_YAML_CODE_POINTS}, for a mapper configured otherwise. */
    public static YAMLFactory yamlFactory() {
        LoaderOptions o = new LoaderOptions();
        o.setCodePointLimit(MAX_YAML_CODE_POINTS);
        return YAMLFactory.builder().loaderOptions(o).build();
    }

    private Json() { }
}
