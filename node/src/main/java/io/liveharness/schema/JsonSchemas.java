package io.liveharness.schema;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.json.schema.Validator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON Schema for tool arguments: is a schema itself valid (checked against its draft's
 * meta-schema, draft 2020-12 unless {@code $schema} says otherwise), and does a tool call's
 * arguments satisfy it, with messages a model can act on ("argument 'productId' is required").
 * Compiled validators are cached by schema text: a harness version's schemas never change.
 */
public final class JsonSchemas {
    /** Beyond this many distinct schemas the cache starts over rather than grow without bound. */
    static final int MAX_CACHED = 1024;
    private static final String BASE_URI = "https://liveharness.io/tool-schema";
    private static final Map<String, Validator> CACHE = new ConcurrentHashMap<>();
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

    /** Meta-schemas shipped inside vertx-json-schema, loaded from the classpath: no file system, no network. */
    private static final class Meta {
        static final SchemaRepository REPOSITORY = load();

        private static SchemaRepository load() {
            SchemaRepository repo = SchemaRepository.create(options(Draft.DRAFT202012));
            for (String resource : List.of("json-schema.org/draft/2020-12/schema",
                    "json-schema.org/draft/2020-12/meta/core", "json-schema.org/draft/2020-12/meta/applicator",
                    "json-schema.org/draft/2020-12/meta/validation", "json-schema.org/draft/2020-12/meta/meta-data",
                    "json-schema.org/draft/2020-12/meta/format-annotation", "json-schema.org/draft/2020-12/meta/content",
                    "json-schema.org/draft/2020-12/meta/unevaluated", "json-schema.org/draft/2019-09/schema",
                    "json-schema.org/draft/2019-09/meta/core", "json-schema.org/draft/2019-09/meta/applicator",
                    "json-schema.org/draft/2019-09/meta/validation", "json-schema.org/draft/2019-09/meta/meta-data",
                    "json-schema.org/draft/2019-09/meta/format", "json-schema.org/draft/2019-09/meta/content",
                    "json-schema.org/draft-07/schema", "json-schema.org/draft-04/schema")) {
                repo.dereference(JsonSchema.of(new JsonObject(read(resource))));
            }
            return repo;
        }

        private static String read(String resource) {
            try (InputStream in = JsonSchemas.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("meta-schema " + resource + " is not on the classpath");
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Problems that make {@code schemaJson} unusable as a JSON Schema; empty when it is fine. */
    public static List<String> checkSchema(String schemaJson) {
        Object schema;
        try {
            schema = Json.decodeValue(schemaJson);
        } catch (DecodeException | NullPointerException e) {
            return List.of("the schema is not JSON: " + firstLine(e.getMessage()));
        }
        if (schema instanceof Boolean) return List.of();
        if (!(schema instanceof JsonObject object)) return List.of("a schema must be a JSON object or a boolean");
        Draft draft;
        try {
            draft = draftOf(object);
        } catch (IllegalArgumentException e) {
            return List.of(e.getMessage());
        }
        OutputUnit result = Meta.REPOSITORY.validator(metaUri(draft), options(draft)).validate(object);
        if (Boolean.TRUE.equals(result.getValid())) return List.of();
        return schemaMessages(result);
    }

    /**
     * Why {@code instanceJson} breaks the schema, one readable message per violation naming the
     * argument; empty when it conforms.
     *
     * @throws IllegalArgumentException when the schema itself is not valid (check it with {@link #checkSchema} first)
     */
    public static List<String> validate(String schemaJson, String instanceJson) {
        Validator validator = compiled(schemaJson);
        Object instance;
        try {
            instance = Json.decodeValue(instanceJson);
        } catch (DecodeException | NullPointerException e) {
            return List.of("the arguments are not valid JSON: " + firstLine(e.getMessage()));
        }
        OutputUnit result = validator.validate(instance);
        if (Boolean.TRUE.equals(result.getValid())) return List.of();
        return instanceMessages(Json.decodeValue(schemaJson), instance, result);
    }

    private static Validator compiled(String schemaJson) {
        Validator cached = CACHE.get(schemaJson);
        if (cached != null) return cached;
        List<String> problems = checkSchema(schemaJson);
        if (!problems.isEmpty()) throw new IllegalArgumentException("invalid JSON Schema: " + String.join("; ", problems));
        Object schema = Json.decodeValue(schemaJson);
        JsonSchema js = schema instanceof JsonObject o ? JsonSchema.of(o) : JsonSchema.of((Boolean) schema);
        Draft draft = schema instanceof JsonObject o ? draftOf(o) : Draft.DRAFT202012;
        Validator validator = Validator.create(js, options(draft));
        if (CACHE.size() >= MAX_CACHED) CACHE.clear();
        CACHE.put(schemaJson, validator);
        return validator;
    }

    /** The repository keys draft-04/07 meta-schemas by their id without the empty fragment. */
    private static String metaUri(Draft draft) {
        String id = draft.getIdentifier();
        return id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
    }

    private static JsonSchemaOptions options(Draft draft) {
        return new JsonSchemaOptions().setDraft(draft).setBaseUri(BASE_URI).setOutputFormat(OutputFormat.Basic);
    }

    private static Draft draftOf(JsonObject schema) {
        Object declared = schema.getValue("$schema");
        if (declared == null) return Draft.DRAFT202012;
        if (!(declared instanceof String uri)) throw new IllegalArgumentException("'$schema' must be a string");
        if (uri.contains("draft/2020-12")) return Draft.DRAFT202012;
        if (uri.contains("draft/2019-09")) return Draft.DRAFT201909;
        if (uri.contains("draft-07")) return Draft.DRAFT7;
        if (uri.contains("draft-04")) return Draft.DRAFT4;
        throw new IllegalArgumentException("'$schema' " + uri + " is not a supported draft (2020-12, 2019-09, draft-07, draft-04)");
    }

    /** The leaf errors only: an error whose keyword location leads to a deeper error just says "a subschema had errors". */
    private static List<OutputUnit> leaves(OutputUnit result) {
        List<OutputUnit> errors = result.getErrors() == null ? List.of() : result.getErrors();
        List<OutputUnit> leaves = new ArrayList<>();
        for (OutputUnit e : errors) {
            String at = e.getKeywordLocation() + "/";
            boolean wrapper = errors.stream().anyMatch(o -> o != e && o.getKeywordLocation().startsWith(at));
            if (!wrapper) leaves.add(e);
        }
        if (leaves.isEmpty() && result.getError() != null) leaves.add(result);
        return leaves;
    }

    /** Meta-schema errors, grouped by the place in the schema they are about; alternatives (anyOf) joined with "or". */
    private static List<String> schemaMessages(OutputUnit result) {
        Map<String, Set<String>> byPlace = new java.util.LinkedHashMap<>();
        for (OutputUnit leaf : leaves(result)) {
            byPlace.computeIfAbsent(pointer(leaf.getInstanceLocation()), k -> new LinkedHashSet<>()).add(leaf.getError());
        }
        List<String> messages = new ArrayList<>();
        byPlace.forEach((place, errors) -> messages.add("schema " + (place.isEmpty() ? "root" : "'" + place + "'")
                + " is invalid: " + String.join(" or ", errors)));
        return messages;
    }

    private static List<String> instanceMessages(Object schema, Object instance, OutputUnit result) {
        Set<String> messages = new LinkedHashSet<>();
        for (OutputUnit leaf : leaves(result)) {
            String location = pointer(leaf.getInstanceLocation());
            String keyword = lastSegment(leaf.getKeywordLocation());
            Object rule = resolve(schema, fragment(leaf.getAbsoluteKeywordLocation()));
            String message = message(keyword, rule, location, schema, instance, leaf.getError());
            if (message != null) messages.add(message);
        }
        return List.copyOf(messages);
    }

    /** One violation in words; null when it is a false report to drop. */
    private static String message(String keyword, Object rule, String location, Object schema, Object instance, String error) {
        String subject = location.isEmpty() ? "the arguments" : "'" + dotted(location) + "'";
        switch (keyword) {
            case "required" -> {
                Matcher m = QUOTED.matcher(error == null ? "" : error);
                String name = m.find() ? m.group(1) : "?";
                return "argument '" + (location.isEmpty() ? "" : dotted(location) + ".") + name + "' is required";
            }
            case "enum" -> {
                return subject + " must be one of " + (rule instanceof JsonArray a ? join(a) : error);
            }
            case "const" -> { return subject + " must be " + Json.encode(rule); }
            case "type" -> { return subject + " must be " + typeWords(rule); }
            case "minimum" -> { return subject + " must be at least " + rule; }
            case "maximum" -> { return subject + " must be at most " + rule; }
            case "exclusiveMinimum" -> { return subject + " must be greater than " + rule; }
            case "exclusiveMaximum" -> { return subject + " must be less than " + rule; }
            case "multipleOf" -> { return subject + " must be a multiple of " + rule; }
            case "minLength" -> { return subject + " must have at least " + rule + " characters"; }
            case "maxLength" -> { return subject + " must have at most " + rule + " characters"; }
            case "pattern" -> { return subject + " must match the pattern " + rule; }
            case "format" -> { return subject + " must be a valid " + rule; }
            case "minItems" -> { return subject + " must have at least " + rule + " items"; }
            case "maxItems" -> { return subject + " must have at most " + rule + " items"; }
            case "uniqueItems" -> { return subject + " must not repeat items"; }
            case "additionalProperties", "unevaluatedProperties" -> {
                // vertx-json-schema also reports a declared property that failed its own schema here; drop that echo
                if (declared(schema, location)) return null;
                return (parent(location).isEmpty() ? "'" + dotted(location) + "' is not an argument of this tool"
                        : subject + " is not allowed here");
            }
            default -> { return subject + ": " + error; }
        }
    }

    /** Whether the schema declares the property at this instance location under {@code properties} (one level is enough for tool arguments). */
    private static boolean declared(Object schema, String location) {
        if (!(schema instanceof JsonObject root)) return false;
        String[] parts = location.split("/");
        JsonObject node = root;
        for (int i = 0; i < parts.length; i++) {
            JsonObject properties = node.getJsonObject("properties");
            if (properties == null || !properties.containsKey(parts[i])) return false;
            if (i == parts.length - 1) return true;
            Object next = properties.getValue(parts[i]);
            if (!(next instanceof JsonObject n)) return false;
            node = n;
        }
        return false;
    }

    private static String typeWords(Object rule) {
        if (rule instanceof JsonArray types) {
            List<String> words = new ArrayList<>();
            for (Object t : types) words.add(typeWord(String.valueOf(t)));
            return String.join(" or ", words);
        }
        return typeWord(String.valueOf(rule));
    }

    private static String typeWord(String type) {
        return switch (type) {
            case "string" -> "a string";
            case "integer" -> "an integer";
            case "number" -> "a number";
            case "boolean" -> "true or false";
            case "object" -> "an object";
            case "array" -> "an array";
            case "null" -> "null";
            default -> type;
        };
    }

    private static String join(JsonArray values) {
        List<String> words = new ArrayList<>();
        for (Object v : values) words.add(v instanceof String s ? s : Json.encode(v));
        return String.join(", ", words);
    }

    /** "#/items/0/id" → "items/0/id"; "#" → "". */
    private static String pointer(String location) {
        if (location == null) return "";
        String p = location.startsWith("#") ? location.substring(1) : location;
        return p.startsWith("/") ? p.substring(1) : p;
    }

    /** "items/0/id" → "items[0].id", the way a model writes a path. */
    private static String dotted(String pointer) {
        StringBuilder out = new StringBuilder();
        for (String part : pointer.split("/")) {
            String name = part.replace("~1", "/").replace("~0", "~");
            if (name.matches("\\d+") && !out.isEmpty()) out.append('[').append(name).append(']');
            else out.append(out.isEmpty() ? "" : ".").append(name);
        }
        return out.toString();
    }

    private static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash < 0 ? "" : pointer.substring(0, slash);
    }

    private static String lastSegment(String keywordLocation) {
        int slash = keywordLocation == null ? -1 : keywordLocation.lastIndexOf('/');
        return slash < 0 ? "" : keywordLocation.substring(slash + 1);
    }

    private static String fragment(String absoluteLocation) {
        int hash = absoluteLocation == null ? -1 : absoluteLocation.indexOf('#');
        return hash < 0 ? "" : pointer(absoluteLocation.substring(hash));
    }

    /** The schema value at a JSON pointer, or null when the pointer leaves the document (a remote $ref). */
    private static Object resolve(Object node, String pointer) {
        if (pointer.isEmpty()) return node;
        Object current = node;
        for (String raw : pointer.split("/")) {
            String part = raw.replace("~1", "/").replace("~0", "~");
            if (current instanceof JsonObject o) current = o.getValue(part);
            else if (current instanceof JsonArray a && part.matches("\\d+") && Integer.parseInt(part) < a.size()) current = a.getValue(Integer.parseInt(part));
            else return null;
        }
        return current;
    }

    private static String firstLine(String s) {
        if (s == null) return "empty";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private JsonSchemas() { }
}
