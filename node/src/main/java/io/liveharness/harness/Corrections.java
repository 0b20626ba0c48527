package io.liveharness.harness;

import io.liveharness.config.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words the pipeline wraps around what it tells the model: a stop hook's "not yet", a withheld
 * or failed tool result, a tool the skill does not offer, a reply the output hooks blocked. The
 * model reads them, so they are the harness's (its {@code corrections:}), with defaults from
 * {@code corrections.yaml} beside this class for a harness that says none.
 */
public record Corrections(Map<Kind, String> templates) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+)}");

    /** Each correction, its key in harness.yaml and the placeholders its template must have. */
    public enum Kind {
        STOP_BLOCKED("stop-blocked", "reason"),
        TOOL_WITHHELD("tool-withheld", "reason"),
        TOOL_FAILED("tool-failed", "reason"),
        TOOL_UNAVAILABLE("tool-unavailable", "tool", "available"),
        REPLY_BLOCKED("reply-blocked", "reason");

        private final String key;
        private final List<String> placeholders;

        Kind(String key, String... placeholders) {
            this.key = key;
            this.placeholders = List.of(placeholders);
        }

        public String key() { return key; }

        public List<String> placeholders() { return placeholders; }

        public static Optional<Kind> of(String key) { return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst(); }
    }

    public static final Corrections DEFAULT = defaults();

    public Corrections {
        EnumMap<Kind, String> all = new EnumMap<>(Kind.class);
        all.putAll(templates);
        for (Kind k : Kind.values()) {
            if (!all.containsKey(k)) throw new IllegalArgumentException("correction '" + k.key + "' has no template");
            List<String> problems = problems(k, all.get(k));
            if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        }
        templates = java.util.Collections.unmodifiableMap(all);
    }

    /** What is wrong with a template for a kind: a placeholder it lacks, or one the kind does not fill. */
    public static List<String> problems(Kind kind, String template) {
        List<String> out = new ArrayList<>();
        if (template == null || template.isBlank()) {
            out.add("correction '" + kind.key + "' must be a non-empty string");
            return out;
        }
        for (String p : kind.placeholders) {
            if (!template.contains("{" + p + "}")) out.add("correction '" + kind.key + "' must contain {" + p + "}");
        }
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            if (!kind.placeholders.contains(m.group(1))) {
                out.add("correction '" + kind.key + "' uses {" + m.group(1) + "}; it has " + kind.placeholders.stream().map(p -> "{" + p + "}").toList());
            }
        }
        return out;
    }

    /** These corrections with some replaced. */
    public Corrections with(Map<Kind, String> overrides) {
        EnumMap<Kind, String> all = new EnumMap<>(templates);
        all.putAll(overrides);
        return new Corrections(all);
    }

    public String stopBlocked(String reason) { return fill(Kind.STOP_BLOCKED, Map.of("reason", reason)); }

    public String toolWithheld(String reason) { return fill(Kind.TOOL_WITHHELD, Map.of("reason", reason)); }

    public String toolFailed(String reason) { return fill(Kind.TOOL_FAILED, Map.of("reason", reason)); }

    public String toolUnavailable(String tool, Collection<String> available) {
        return fill(Kind.TOOL_UNAVAILABLE, Map.of("tool", tool, "available", String.join(", ", available)));
    }

    public String replyBlocked(String reason) { return fill(Kind.REPLY_BLOCKED, Map.of("reason", reason)); }

    private String fill(Kind kind, Map<String, String> values) {
        // one pass, so a reason that happens to contain "{tool}" is left as it is
        Matcher m = PLACEHOLDER.matcher(templates.get(kind));
        StringBuilder out = new StringBuilder();
        while (m.find()) m.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(m.group(1), m.group())));
        return m.appendTail(out).toString();
    }

    private static Corrections defaults() {
        String resource = "io/liveharness/harness/corrections.yaml";
        try (InputStream in = Corrections.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " is missing from the classpath");
            Map<String, String> read = Json.YAML.readValue(in,
                    new com.fasterxml.jackson.core.type.TypeReference<LinkedHashMap<String, String>>() { });
            EnumMap<Kind, String> templates = new EnumMap<>(Kind.class);
            read.forEach((k, v) -> templates.put(Kind.of(k).orElseThrow(() -> new IllegalStateException(resource + ": unknown correction " + k)), v));
            return new Corrections(templates);
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " does not parse", e);
        }
    }
}
