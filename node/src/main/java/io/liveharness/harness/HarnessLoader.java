package io.liveharness.harness;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.YamlLines;
import io.liveharness.router.Intent;
import io.liveharness.router.question.Question;
import io.liveharness.schema.JsonSchemas;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and validates one harness version from its files. Every problem is collected, each as
 * {@code file:line: message}, rather than stopping at the first: an operator fixes them all in
 * one go. The layout:
 * <pre>
 *   harness.yaml                 name, description, prohibitions, prompt sections, hooks, MCP server names
 *   prompts/&lt;section&gt;.md         section templates with {{variables}}
 *   skills/&lt;name&gt;/SKILL.md       Agent Skills format (and any scripts/, references/, assets/)
 *   tools/&lt;name&gt;.json            name, description, parameters (JSON Schema), optional handler and argumentNames
 * </pre>
 */
public final class HarnessLoader {
    public static final String MANIFEST = "harness.yaml";
    private static final ObjectMapper YAML = Json.YAML;
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern VARIABLE = Pattern.compile("\\{\\{\\s*([A-Za-z0-9_.]+)\\s*}}");
    private static final Set<String> MANIFEST_KEYS = Set.of("name", "description", "prohibitions", "prompt", "hooks",
            "mcpServers", "corrections");
    /** The hook types on the classpath: the built-ins and any custom jar's, through the SPI. */
    private static final HookValidation HOOKS = HookValidation.load();
    private static final Set<String> SKILL_KEYS = Set.of("name", "description", "license", "compatibility", "metadata",
            "allowed-tools");

    /** What a harness's MCP entry may not say: what runs is the node conf's to declare. */
    private static final List<String> MCP_RUN_KEYS = List.of("stdio", "http", "command", "args", "env", "url");
    private static final Pattern MCP_SERVER = Pattern.compile(Harness.MCP_SERVER_NAME);

    private final HarnessFiles files;
    /** The MCP server names the node's conf declares; null when reading a version already stored. */
    private final Set<String> declaredMcpServers;
    private final List<String> problems = new ArrayList<>();

    private HarnessLoader(HarnessFiles files, Set<String> declaredMcpServers) {
        this.files = files;
        this.declaredMcpServers = declaredMcpServers == null ? null : Set.copyOf(declaredMcpServers);
    }

    /**
     * Reads a version without checking its MCP server names against a node's conf: for versions
     * already stored (checked when they were published; a conf may drop a server later, and then
     * only that server's tools are missing) and for tools that run no node.
     */
    public static Harness load(HarnessFiles files) { return new HarnessLoader(files, null).load(); }

    /** Reads a version to publish it: every MCP server it names must be one {@code declaredMcpServers} has. */
    public static Harness load(HarnessFiles files, Set<String> declaredMcpServers) {
        return new HarnessLoader(files, java.util.Objects.requireNonNull(declaredMcpServers)).load();
    }

    public static Harness load(java.nio.file.Path dir) { return load(HarnessFiles.fromDirectory(dir)); }

    private Harness load() {
        if (!files.has(MANIFEST)) {
            throw new HarnessException(List.of(files.where(MANIFEST) + ":0: every harness needs a " + MANIFEST));
        }
        JsonNode manifest = yaml(MANIFEST, files.text(MANIFEST));
        List<String> lines = files.text(MANIFEST).lines().toList();
        manifest.fieldNames().forEachRemaining(k -> {
            if (!MANIFEST_KEYS.contains(k)) problem(MANIFEST, YamlLines.lineOf(lines, k), "unknown key '" + k + "'; expected one of " + MANIFEST_KEYS);
        });
        String name = manifest.path("name").asText("");
        if (!NAME.matcher(name).matches() || name.length() > 64) {
            problem(MANIFEST, YamlLines.lineOf(lines, "name"), "name '" + name + "' must be 1-64 characters of a-z, 0-9 and single hyphens");
        }
        List<String> prohibitions = strings(manifest.path("prohibitions"), MANIFEST, YamlLines.lineOf(lines, "prohibitions"), "prohibitions");

        List<ToolSpec> tools = tools();
        List<String> mcp = mcpServers(manifest.path("mcpServers"), lines);
        List<Skill> skills = skills(tools, mcp);
        PromptSpec prompt = prompt(manifest.path("prompt"), lines);
        List<HookSpec> hooks = hooks(manifest.path("hooks"), lines, tools, prohibitions);
        Corrections corrections = corrections(manifest.path("corrections"), lines);

        if (!problems.isEmpty()) throw new HarnessException(problems);
        return new Harness(name, name + "-" + files.hash(), manifest.path("description").asText(""), prohibitions,
                List.copyOf(skills), List.copyOf(tools), prompt, hooks, mcp, corrections);
    }

    // --- skills ---------------------------------------------------------------------------------

    private List<Skill> skills(List<ToolSpec> tools, List<String> mcp) {
        List<Skill> skills = new ArrayList<>();
        Set<String> folders = new java.util.TreeSet<>();
        for (String path : files.files().keySet()) {
            if (path.startsWith("skills/")) {
                String[] parts = path.split("/");
                if (parts.length >= 3) folders.add(parts[1]);
                else problem(path, 0, "a skill is a folder skills/<name>/ with a SKILL.md");
            }
        }
        for (String folder : folders) {
            String path = "skills/" + folder + "/SKILL.md";
            if (!files.has(path)) {
                problem(path, 0, "skill folder '" + folder + "' has no SKILL.md");
                continue;
            }
            Skill skill = skill(path, folder, files.text(path));
            if (skill == null) continue;
            for (String tool : skill.allowedTools()) {
                boolean local = tools.stream().anyMatch(t -> t.name().equals(tool));
                boolean remote = mcp.stream().anyMatch(s -> tool.startsWith(s + Harness.MCP_TOOL_SEPARATOR));
                if (!local && !remote) {
                    problem(path, lineOfFrontMatter(files.text(path), "allowed-tools"),
                            "allowed-tools names tool '" + tool + "', which this harness does not define (tools/*.json, or <mcpServer>__<tool>)");
                }
            }
            skills.add(skill);
        }
        return skills;
    }

    private Skill skill(String path, String folder, String text) {
        String normalized = text.replace("\r\n", "\n");
        if (!normalized.startsWith("---\n")) {
            problem(path, 1, "SKILL.md must start with YAML front matter between '---' lines");
            return null;
        }
        int end = normalized.indexOf("\n---", 3);
        if (end < 0) {
            problem(path, 1, "front matter is not closed by a '---' line");
            return null;
        }
        JsonNode meta;
        try {
            meta = YAML.readTree(normalized.substring(4, end + 1));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr() + 1;
            problem(path, line, "front matter does not parse: " + e.getOriginalMessage());
            return null;
        }
        if (meta == null || !meta.isObject()) {
            problem(path, 2, "front matter must be a YAML mapping with at least name and description");
            return null;
        }
        meta.fieldNames().forEachRemaining(k -> {
            if (!SKILL_KEYS.contains(k)) problem(path, lineOfFrontMatter(normalized, k), "unknown front matter field '" + k + "'; the Agent Skills format allows " + SKILL_KEYS);
        });
        String name = meta.path("name").isTextual() ? meta.path("name").asText() : "";
        int nameLine = lineOfFrontMatter(normalized, "name");
        if (name.isEmpty() || name.length() > 64 || !NAME.matcher(name).matches()) {
            problem(path, nameLine, "name '" + name + "' must be 1-64 characters of a-z, 0-9 and single hyphens, not starting or ending with one");
        } else if (!name.equals(folder)) {
            problem(path, nameLine, "name '" + name + "' must equal its folder name '" + folder + "'");
        }
        String description = meta.path("description").isTextual() ? meta.path("description").asText().strip() : "";
        if (description.isEmpty() || description.length() > 1024) {
            problem(path, lineOfFrontMatter(normalized, "description"), "description must be 1-1024 characters (it has " + description.length() + ")");
        }
        String compatibility = optionalText(meta, "compatibility", path, normalized);
        if (compatibility != null && compatibility.length() > 500) {
            problem(path, lineOfFrontMatter(normalized, "compatibility"), "compatibility must be at most 500 characters");
        }
        String license = optionalText(meta, "license", path, normalized);
        List<String> allowedTools = new ArrayList<>();
        if (meta.has("allowed-tools")) {
            if (!meta.get("allowed-tools").isTextual()) {
                problem(path, lineOfFrontMatter(normalized, "allowed-tools"), "allowed-tools must be a space-separated string");
            } else {
                for (String t : meta.get("allowed-tools").asText().trim().split("\\s+")) if (!t.isEmpty()) allowedTools.add(t);
            }
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        JsonNode m = meta.path("metadata");
        if (!m.isMissingNode() && !m.isNull()) {
            if (!m.isObject()) {
                problem(path, lineOfFrontMatter(normalized, "metadata"), "metadata must be a mapping of string keys to string values");
            } else {
                m.fields().forEachRemaining(e -> {
                    if (e.getValue().isValueNode()) metadata.put(e.getKey(), e.getValue().asText());
                    else problem(path, lineOfFrontMatter(normalized, "metadata", e.getKey()), "metadata." + e.getKey() + " must be a string");
                });
            }
        }
        List<Intent> intents = new ArrayList<>();
        for (String i : metadata.getOrDefault("intents", "").split("[\\s,]+")) {
            if (i.isEmpty()) continue;
            Intent.byExactLabel(i).ifPresentOrElse(intents::add, () -> problem(path, lineOfFrontMatter(normalized, "metadata", "intents"),
                    "metadata.intents names '" + i + "', which is not a router intent " + Intent.labels()));
        }
        for (String d : metadata.getOrDefault("declines", "").split("[\\s,]+")) {
            if (!d.isEmpty() && Question.Decline.byLabel(d).isEmpty()) {
                problem(path, lineOfFrontMatter(normalized, "metadata", "declines"),
                        "metadata.declines names '" + d + "', which is not a must-refuse class " + Question.Decline.labels());
            }
        }
        int priority = 0;
        if (metadata.containsKey("priority")) {
            try {
                priority = Integer.parseInt(metadata.get("priority").trim());
            } catch (NumberFormatException e) {
                problem(path, lineOfFrontMatter(normalized, "metadata", "priority"), "metadata.priority must be a whole number");
            }
        }
        String fallback = metadata.getOrDefault("fallback", "");
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            if (!FallbackAnswer.isFallbackKey(e.getKey())) continue;
            int line = lineOfFrontMatter(normalized, "metadata", e.getKey());
            Optional<FallbackAnswer> answer = FallbackAnswer.ofMetadataKey(e.getKey());
            if (answer.isEmpty()) {
                problem(path, line, "metadata." + e.getKey() + " is no fallback template: fallback, fallback-<language> or fallback-<answer>-<language>"
                        + " with <answer> one of " + Arrays.stream(FallbackAnswer.values()).map(FallbackAnswer::key).filter(k -> !k.isEmpty()).toList());
                continue;
            }
            Matcher f = Pattern.compile("\\{(\\w+)}").matcher(e.getValue());
            while (f.find()) {
                if (!answer.get().fields().contains(f.group(1))) {
                    problem(path, line, "metadata." + e.getKey() + " uses {" + f.group(1) + "}; this answer has " + answer.get().fields());
                }
            }
        }
        int bodyStart = normalized.indexOf('\n', end + 1);
        String body = bodyStart < 0 ? "" : normalized.substring(bodyStart + 1).strip();
        return new Skill(name, description, license, compatibility, Map.copyOf(metadata), List.copyOf(allowedTools),
                List.copyOf(intents), priority, fallback, body);
    }

    private String optionalText(JsonNode meta, String key, String path, String text) {
        if (!meta.has(key) || meta.get(key).isNull()) return null;
        if (!meta.get(key).isTextual()) {
            problem(path, lineOfFrontMatter(text, key), key + " must be a string");
            return null;
        }
        return meta.get(key).asText();
    }

    /** Line in SKILL.md: front matter starts on line 2, after the opening '---'. */
    private static int lineOfFrontMatter(String text, String... path) {
        return YamlLines.lineOf(text.lines().toList(), List.of(path), 1);
    }

    // --- tools ----------------------------------------------------------------------------------

    private List<ToolSpec> tools() {
        List<ToolSpec> tools = new ArrayList<>();
        for (String path : files.files().keySet()) {
            if (!path.startsWith("tools/")) continue;
            if (!path.endsWith(".json") || path.indexOf('/', "tools/".length()) >= 0) {
                problem(path, 0, "tools/ holds one <name>.json per tool");
                continue;
            }
            JsonNode tool;
            try {
                tool = JSON.readTree(files.text(path));
            } catch (JsonProcessingException e) {
                problem(path, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "not valid JSON: " + e.getOriginalMessage());
                continue;
            }
            List<String> lines = files.text(path).lines().toList();
            String name = tool.path("name").asText("");
            if (!TOOL_NAME.matcher(name).matches()) {
                problem(path, jsonLine(lines, "name"), "tool name '" + name + "' must be 1-64 letters, digits, '_', '.' or '-'");
                continue;
            }
            if (tools.stream().anyMatch(t -> t.name().equals(name))) {
                problem(path, jsonLine(lines, "name"), "tool '" + name + "' is defined twice");
                continue;
            }
            if (tool.path("description").asText("").isBlank()) {
                problem(path, jsonLine(lines, "description"), "tool '" + name + "' needs a description: the model chooses tools by it");
            }
            JsonNode parameters = tool.get("parameters");
            if (parameters == null || !parameters.isObject()) {
                problem(path, jsonLine(lines, "parameters"), "tool '" + name + "' needs 'parameters', a JSON Schema object");
                continue;
            }
            for (String p : JsonSchemas.checkSchema(parameters.toString())) {
                problem(path, jsonLine(lines, "parameters"), "tool '" + name + "' parameters is not a valid JSON Schema: " + p);
            }
            String handler = tool.path("handler").asText(name);
            Map<String, String> argumentNames = new LinkedHashMap<>();
            JsonNode renames = tool.path("argumentNames");
            if (!renames.isMissingNode()) {
                if (!renames.isObject()) {
                    problem(path, jsonLine(lines, "argumentNames"), "argumentNames must map the model's argument names to the handler's");
                } else {
                    renames.fields().forEachRemaining(e -> {
                        if (!parameters.path("properties").has(e.getKey())) {
                            problem(path, jsonLine(lines, "argumentNames"), "argumentNames renames '" + e.getKey() + "', which parameters.properties does not have");
                        } else if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                            problem(path, jsonLine(lines, "argumentNames"), "argumentNames." + e.getKey() + " must be the handler's argument name");
                        } else {
                            argumentNames.put(e.getKey(), e.getValue().asText());
                        }
                    });
                }
            }
            tools.add(new ToolSpec(name, tool.path("description").asText(""), parameters.toString(), handler, argumentNames));
        }
        return tools;
    }

    private static int jsonLine(List<String> lines, String key) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains("\"" + key + "\"")) return i + 1;
        return 1;
    }

    // --- prompt ---------------------------------------------------------------------------------

    private PromptSpec prompt(JsonNode prompt, List<String> lines) {
        List<PromptSection> sections = new ArrayList<>();
        if (prompt.isMissingNode() || prompt.isNull()) {
            problem(MANIFEST, 1, "'prompt' is required: its sections build the system prompt");
            return new PromptSpec(PromptSpec.DEFAULT_TOKEN_BUDGET, List.of());
        }
        int budget = prompt.path("tokenBudget").asInt(PromptSpec.DEFAULT_TOKEN_BUDGET);
        if (budget < 64) problem(MANIFEST, YamlLines.lineOf(lines, "prompt", "tokenBudget"), "prompt.tokenBudget must be at least 64");
        JsonNode list = prompt.path("sections");
        if (!list.isArray() || list.isEmpty()) {
            problem(MANIFEST, YamlLines.lineOf(lines, "prompt", "sections"), "prompt.sections must list at least one section");
            return new PromptSpec(budget, List.of());
        }
        boolean seenVolatile = false;
        int searchFrom = YamlLines.lineOf(lines, "prompt", "sections");
        for (JsonNode s : list) {
            String name = s.path("name").asText("");
            int line = lineFrom(lines, searchFrom, "name", name);
            searchFrom = line;
            String file = s.path("file").asText("");
            boolean stable = s.path("stable").asBoolean(false);
            if (name.isEmpty()) problem(MANIFEST, line, "a prompt section needs a name");
            if (sections.stream().anyMatch(x -> x.name().equals(name))) problem(MANIFEST, line, "prompt section '" + name + "' appears twice");
            if (stable && seenVolatile) {
                problem(MANIFEST, line, "stable section '" + name + "' comes after a volatile one; stable sections go first so rooms reuse their KV prefix");
            }
            seenVolatile |= !stable;
            String template = files.text(file);
            if (template == null) {
                problem(MANIFEST, line, "prompt section '" + name + "' names file '" + file + "', which the harness does not have");
                continue;
            }
            List<String> templateLines = template.lines().toList();
            for (int i = 0; i < templateLines.size(); i++) {
                Matcher v = VARIABLE.matcher(templateLines.get(i));
                while (v.find()) {
                    if (!PromptVariables.known(v.group(1))) {
                        problem(file, i + 1, "template variable {{" + v.group(1) + "}} is not provided by any section; known: "
                                + new java.util.TreeSet<>(PromptVariables.ALL.keySet()));
                    }
                }
            }
            sections.add(new PromptSection(name, template, stable, s.path("trim").asInt(100), file, line));
        }
        overBudget(sections, budget).ifPresent(why -> problem(MANIFEST, YamlLines.lineOf(lines, "prompt", "tokenBudget"), why));
        return new PromptSpec(budget, List.copyOf(sections));
    }

    /**
     * The sections' own text (their templates, no value filled in) against the budget: the prompt
     * can trim values, never a template, so text past the budget would make every prompt too long
     * (and cost every message its tokenizing) however little the room has to say.
     */
    private static java.util.Optional<String> overBudget(List<PromptSection> sections, int budget) {
        int total = 0;
        PromptSection largest = null;
        int largestTokens = -1;
        for (PromptSection section : sections) {
            int tokens = TokenEstimate.of(VARIABLE.matcher(section.template()).replaceAll(""));
            total += tokens;
            if (tokens > largestTokens) {
                largest = section;
                largestTokens = tokens;
            }
        }
        if (total <= budget || largest == null) return java.util.Optional.empty();
        return java.util.Optional.of("the prompt sections' own text is about " + total + " tokens (estimated), over prompt.tokenBudget ("
                + budget + ") before any value is filled in; prompt section '" + largest.name() + "' is about " + largestTokens
                + " tokens (" + largest.file() + ")");
    }

    /** The line of "key: value" at or after a line: list entries repeat their keys. */
    private static int lineFrom(List<String> lines, int from, String key, String value) {
        for (int i = Math.max(0, from - 1); i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.matches("^[\\s{-]*" + Pattern.quote(key) + "\\s*:.*") && l.contains(value)) return i + 1;
        }
        return from;
    }

    // --- hooks and MCP servers -------------------------------------------------------------------

    /**
     * The hooks (K): each entry read and then checked by the hook types themselves (through the
     * SPI), every problem reported at the entry's line.
     */
    private List<HookSpec> hooks(JsonNode hooks, List<String> lines, List<ToolSpec> tools, List<String> prohibitions) {
        List<HookSpec> specs = new ArrayList<>();
        if (hooks.isMissingNode() || hooks.isNull()) return specs;
        int searchFrom = YamlLines.lineOf(lines, "hooks");
        if (!hooks.isArray()) {
            problem(MANIFEST, searchFrom, "hooks must be a list of {type, at, params}");
            return specs;
        }
        List<Integer> entryLines = new ArrayList<>();
        for (JsonNode h : hooks) {
            int line = lineFrom(lines, searchFrom, "type", h.path("type").asText(""));
            searchFrom = line + 1;
            try {
                specs.add(HookSpecs.parse(List.of(JSON.convertValue(h, Object.class))).getFirst());
                entryLines.add(line);
            } catch (IllegalArgumentException e) {
                problem(MANIFEST, line, "hook '" + h.path("type").asText("") + "': " + e.getMessage().replaceFirst("^hooks\\[0]: ", ""));
            }
        }
        Map<String, String> schemas = new LinkedHashMap<>();
        tools.forEach(t -> schemas.put(t.name(), t.parametersSchemaJson()));
        for (String p : HOOKS.validate(specs, new HookEnvironment(schemas, prohibitions))) {
            java.util.regex.Matcher m = Pattern.compile("^hooks\\[(\\d+)]").matcher(p);
            int line = m.find() && Integer.parseInt(m.group(1)) < entryLines.size() ? entryLines.get(Integer.parseInt(m.group(1))) : searchFrom;
            problem(MANIFEST, line, p);
        }
        return List.copyOf(specs);
    }

    /** {@code corrections:}, the harness's words around what the pipeline tells the model; the defaults for any it leaves out. */
    private Corrections corrections(JsonNode node, List<String> lines) {
        if (node.isMissingNode() || node.isNull()) return Corrections.DEFAULT;
        if (!node.isObject()) {
            problem(MANIFEST, YamlLines.lineOf(lines, "corrections"), "corrections must map a correction to its words; known: " + correctionKeys());
            return Corrections.DEFAULT;
        }
        Map<Corrections.Kind, String> templates = new java.util.EnumMap<>(Corrections.Kind.class);
        node.fields().forEachRemaining(e -> {
            int line = YamlLines.lineOf(lines, "corrections", e.getKey());
            var kind = Corrections.Kind.of(e.getKey());
            if (kind.isEmpty()) {
                problem(MANIFEST, line, "unknown correction '" + e.getKey() + "'; known: " + correctionKeys());
            } else if (!e.getValue().isTextual()) {
                problem(MANIFEST, line, "correction '" + e.getKey() + "' must be a string");
            } else {
                List<String> wrong = Corrections.problems(kind.get(), e.getValue().asText());
                wrong.forEach(p -> problem(MANIFEST, line, p));
                if (wrong.isEmpty()) templates.put(kind.get(), e.getValue().asText());
            }
        });
        return Corrections.DEFAULT.with(templates);
    }

    private static List<String> correctionKeys() {
        return java.util.Arrays.stream(Corrections.Kind.values()).map(Corrections.Kind::key).toList();
    }

    /**
     * {@code mcpServers: [promo, coupons]}: the names of MCP servers the node's conf declares
     * ({@code mcp.servers}), whose tools this harness's skills may allow as {@code <server>__<tool>}.
     * A harness never says what runs: an entry with a command, an environment or a URL is refused,
     * because whoever may publish a harness must not thereby run a process on the node or point it
     * at an address of their choosing.
     */
    private List<String> mcpServers(JsonNode servers, List<String> lines) {
        List<String> out = new ArrayList<>();
        if (servers.isMissingNode() || servers.isNull()) return out;
        int searchFrom = YamlLines.lineOf(lines, "mcpServers");
        if (!servers.isArray()) {
            problem(MANIFEST, searchFrom, "mcpServers must be a list of MCP server names that the node's conf declares (mcp.servers)");
            return out;
        }
        boolean flow = searchFrom > 0 && searchFrom <= lines.size() && lines.get(searchFrom - 1).contains("[");
        for (JsonNode s : servers) {
            if (s.isObject()) {
                String name = s.path("name").asText("");
                int entry = name.isEmpty() ? searchFrom : lineFrom(lines, searchFrom, "name", name);
                String runKey = MCP_RUN_KEYS.stream().filter(s::has).findFirst().orElse(null);
                int line = runKey == null ? entry : lineFrom(lines, entry, runKey, "");
                searchFrom = line + 1;
                problem(MANIFEST, line, "mcpServers entry " + (name.isEmpty() ? "" : "'" + name + "' ")
                        + (runKey == null ? "must be a server name" : "declares '" + runKey + "'")
                        + "; a harness only names MCP servers, and what runs (command, environment, URL) is declared in the node's conf under mcp.servers"
                        + (name.isEmpty() ? "" : " (write '- " + name + "')"));
                continue;
            }
            String name = s.isTextual() ? s.asText() : s.toString();
            // A flow list ([a, b]) has every entry on the mcpServers line; a block list one per line.
            int line = flow ? searchFrom : lineWith(lines, searchFrom, name);
            if (!flow) searchFrom = line + 1;
            if (!s.isTextual() || !MCP_SERVER.matcher(name).matches()) {
                problem(MANIFEST, line, "mcpServers entry '" + name + "' must be a server name matching " + Harness.MCP_SERVER_NAME);
            } else if (out.contains(name)) {
                problem(MANIFEST, line, "mcpServers names '" + name + "' twice");
            } else if (declaredMcpServers != null && !declaredMcpServers.contains(name)) {
                problem(MANIFEST, line, "mcpServers names '" + name + "', which this node's conf does not declare (mcp.servers); declared: "
                        + new java.util.TreeSet<>(declaredMcpServers));
            } else {
                out.add(name);
            }
        }
        return List.copyOf(out);
    }

    /** The first line at or after {@code from} that contains {@code text}; {@code from} if none does. */
    private static int lineWith(List<String> lines, int from, String text) {
        for (int i = Math.max(0, from - 1); i < lines.size(); i++) if (lines.get(i).contains(text)) return i + 1;
        return from;
    }

    // --- helpers --------------------------------------------------------------------------------

    private JsonNode yaml(String path, String text) {
        try {
            JsonNode node = YAML.readTree(text);
            if (node != null && node.isObject()) return node;
            problem(path, 1, "must be a YAML mapping");
        } catch (JsonProcessingException e) {
            problem(path, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "does not parse: " + e.getOriginalMessage());
        }
        return YAML.createObjectNode();
    }

    private List<String> strings(JsonNode node, String path, int line, String what) {
        List<String> out = new ArrayList<>();
        if (node.isMissingNode() || node.isNull()) return out;
        if (!node.isArray()) {
            problem(path, line, what + " must be a list of strings");
            return out;
        }
        node.forEach(n -> out.add(n.asText()));
        return List.copyOf(out);
    }

    private void problem(String path, int line, String message) {
        problems.add(files.where(path) + ":" + line + ": " + message);
    }
}
