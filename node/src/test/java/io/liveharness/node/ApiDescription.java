package io.liveharness.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The node's OpenAPI description as a contract a test holds requests and responses to: which
 * operation a request is, and whether a body, a parameter, a status and a media type are what it
 * says. Schemas are checked by networknt's JSON Schema validator in the OpenAPI 3.1 dialect, with
 * every {@code $ref} resolved inside the document (the validator is on the node's classpath
 * already: the MCP SDK's {@code mcp-json-jackson2} brings it, at the version the SDK checks with).
 */
final class ApiDescription {
    private static final String BASE = "https://liveharness.test/openapi.json";

    /** One operation: {@code METHOD /path/{param}} and its node in the document. */
    record Operation(String method, String path, String pointer, JsonNode node) {
        String key() { return method + " " + path; }

        boolean planned() { return node.path("x-liveharness-planned").asBoolean(false); }

        /** Served only by a node on Kafka: an embedded node has no such route. */
        boolean clusterOnly() { return "kafka".equals(node.path("x-liveharness-when").asText()); }
    }

    private final JsonNode doc;
    private final SchemaRegistry schemas;
    private final Map<String, Operation> operations = new LinkedHashMap<>();
    private final Map<Pattern, String> templates = new LinkedHashMap<>();

    ApiDescription(String yaml) {
        try {
            doc = new YAMLMapper().readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!doc.path("openapi").asText().startsWith("3.1")) throw new AssertionError("not OpenAPI 3.1: " + doc.path("openapi"));
        schemas = SchemaRegistry.withDialect(Dialects.getOpenApi31(), b -> b.schemas(Map.of(BASE, doc.toString())));
        doc.path("paths").properties().forEach(p -> {
            String path = p.getKey();
            // "/console/{file}" also names "/console/" itself
            templates.put(Pattern.compile(path.replaceAll("\\{[^}]+}", path.startsWith("/console/") ? "[^/]*" : "[^/]+")), path);
            p.getValue().properties().forEach(m -> {
                if (!List.of("get", "put", "post", "delete", "patch").contains(m.getKey())) return;
                String method = m.getKey().toUpperCase(Locale.ROOT);
                String pointer = "/paths/" + escape(path) + "/" + m.getKey();
                operations.put(method + " " + path, new Operation(method, path, pointer, m.getValue()));
            });
        });
    }

    List<Operation> operations() { return List.copyOf(operations.values()); }

    /** The operation a request is, or null when the document has none for it. */
    Operation find(String method, String requestPath) {
        String path = requestPath.contains("?") ? requestPath.substring(0, requestPath.indexOf('?')) : requestPath;
        if (operations.containsKey(method + " " + path)) return operations.get(method + " " + path); // a literal path wins
        for (var t : templates.entrySet()) {
            if (t.getKey().matcher(path).matches() && operations.containsKey(method + " " + t.getValue())) {
                return operations.get(method + " " + t.getValue());
            }
        }
        return null;
    }

    boolean has(String route) { return operations.containsKey(route); }

    /** The security schemes an operation takes (its own {@code security}, else the document's); empty: no credential. */
    List<String> schemes(Operation op) {
        JsonNode security = op.node().has("security") ? op.node().get("security") : doc.path("security");
        List<String> out = new ArrayList<>();
        security.forEach(requirement -> requirement.fieldNames().forEachRemaining(out::add));
        return out;
    }

    /** What is wrong with a request body, as the operation's schema for it says; empty when nothing. */
    List<String> checkRequestBody(Operation op, String contentType, JsonNode body) {
        JsonNode rb = op.node().path("requestBody");
        if (rb.isMissingNode()) return body == null ? List.of() : List.of(op.key() + " takes no body");
        if (body == null) return rb.path("required").asBoolean() ? List.of(op.key() + " needs a body") : List.of();
        String type = bare(contentType);
        if (!rb.path("content").has(type)) return List.of(op.key() + " does not take " + type);
        return check(op.pointer() + "/requestBody/content/" + escape(type) + "/schema", body);
    }

    /** What is wrong with a path or query parameter's value. */
    List<String> checkParameter(Operation op, String in, String name, String value) {
        JsonNode params = op.node().path("parameters");
        for (int i = 0; i < params.size(); i++) {
            JsonNode p = resolve(params.get(i));
            if (p.path("in").asText().equals(in) && p.path("name").asText().equals(name)) {
                JsonNode schema = resolve(p.path("schema"));
                // a query's text is a number where the schema says integer
                JsonNode typed = schema.path("type").asText().equals("integer") && value.matches("-?\\d{1,18}")
                        ? JsonNodeFactory.instance.numberNode(Long.parseLong(value)) : JsonNodeFactory.instance.textNode(value);
                String pointer = params.get(i).has("$ref") ? params.get(i).path("$ref").asText().substring(1) + "/schema"
                        : op.pointer() + "/parameters/" + i + "/schema";
                return check(pointer, typed);
            }
        }
        return List.of(op.key() + " has no " + in + " parameter '" + name + "'");
    }

    /** What is wrong with a response: a status, a media type or a body the operation does not describe. */
    List<String> checkResponse(Operation op, int status, String contentType, String body) {
        JsonNode responses = op.node().path("responses");
        String code = Integer.toString(status);
        JsonNode response = responses.has(code) ? responses.get(code) : responses.path("default");
        if (response.isMissingNode()) return List.of(op.key() + " does not describe a " + status + " response");
        String pointer = responses.has(code) ? op.pointer() + "/responses/" + code : op.pointer() + "/responses/default";
        if (response.has("$ref")) {
            pointer = response.path("$ref").asText().substring(1);
            response = resolve(response);
        }
        JsonNode content = response.path("content");
        if (content.isMissingNode() || content.isEmpty()) return List.of();
        String type = bare(contentType);
        if (!content.has(type)) return List.of(op.key() + " " + status + " is not described as " + type + " but as " + names(content));
        if (!type.endsWith("json")) return List.of();
        JsonNode tree;
        try {
            tree = new YAMLMapper().readTree(body); // JSON is YAML
        } catch (IOException e) {
            return List.of(op.key() + " " + status + " body is not JSON: " + body);
        }
        return check(pointer + "/content/" + escape(type) + "/schema", tree);
    }

    /** What is wrong with {@code value} as the schema at {@code pointer} in the document says. */
    List<String> check(String pointer, JsonNode value) {
        Schema schema = schemas.getSchema(SchemaLocation.of(BASE + "#" + pointer));
        List<String> out = new ArrayList<>();
        for (Error e : schema.validate(value)) out.add(pointer + ": " + e);
        return out;
    }

    private JsonNode resolve(JsonNode n) {
        while (n.has("$ref")) n = doc.at(n.path("$ref").asText().substring(1));
        return n;
    }

    private static String names(JsonNode content) {
        List<String> out = new ArrayList<>();
        content.fieldNames().forEachRemaining(out::add);
        return out.toString();
    }

    private static String bare(String contentType) {
        if (contentType == null) return "";
        int semi = contentType.indexOf(';');
        return (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    private static String escape(String s) { return s.replace("~", "~0").replace("/", "~1"); }
}
