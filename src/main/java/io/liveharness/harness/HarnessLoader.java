package io.liveharness.harness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a harness folder ({@code harness.yaml}, {@code skills/<name>/SKILL.md},
 * {@code tools/<name>.json}) into a {@link Harness}, collecting every problem with its file and
 * line rather than stopping at the first.
 */
public final class HarnessLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SKILL_NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    public static Harness load(Path dir) {
        List<String> problems = new ArrayList<>();
        Path manifest = dir.resolve("harness.yaml");
        JsonNode root = readYaml(manifest, problems);
        List<Skill> skills = new ArrayList<>();
        List<ToolSpec> tools = new ArrayList<>();
        for (Path skillFile : list(dir.resolve("skills"), problems).stream().map(p -> p.resolve("SKILL.md")).toList()) {
            Skill skill = readSkill(skillFile, problems);
            if (skill != null) skills.add(skill);
        }
        for (Path toolFile : list(dir.resolve("tools"), problems)) {
            if (toolFile.toString().endsWith(".json")) {
                ToolSpec tool = readTool(toolFile, problems);
                if (tool != null) tools.add(tool);
            }
        }
        for (Skill skill : skills) {
            for (String tool : skill.allowedTools()) {
                if (tools.stream().noneMatch(t -> t.name().equals(tool))) {
                    problems.add(dir.resolve("skills").resolve(skill.name()).resolve("SKILL.md")
                            + ":1: allowed-tools names tool '" + tool + "', which the harness does not define");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new HarnessException(problems);
        }
        List<String> prohibitions = new ArrayList<>();
        root.path("prohibitions").forEach(p -> prohibitions.add(p.asText()));
        List<String> banned = new ArrayList<>();
        root.path("output").path("bannedTerms").forEach(b -> banned.add(b.asText()));
        OutputRules output = new OutputRules(root.path("output").path("maxReplyChars").asInt(0), banned);
        String name = root.path("name").asText(dir.getFileName().toString());
        return new Harness(name, name + "-" + contentHash(dir), List.copyOf(prohibitions), List.copyOf(skills),
                List.copyOf(tools), output);
    }

    private static Skill readSkill(Path file, List<String> problems) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problems.add(file + ":0: cannot read: " + e.getMessage());
            return null;
        }
        if (!text.startsWith("---\n")) {
            problems.add(file + ":1: SKILL.md must start with YAML front matter between '---' lines");
            return null;
        }
        int end = text.indexOf("\n---", 4);
        if (end < 0) {
            problems.add(file + ":1: front matter is not closed by a '---' line");
            return null;
        }
        JsonNode meta;
        try {
            meta = YAML.readTree(text.substring(4, end + 1));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr() + 1;
            problems.add(file + ":" + line + ": front matter does not parse: " + e.getOriginalMessage());
            return null;
        }
        String name = meta.path("name").asText("");
        String folder = file.getParent().getFileName().toString();
        if (name.isEmpty() || name.length() > 64 || !SKILL_NAME.matcher(name).matches()) {
            problems.add(file + ":" + lineOf(text, "name:") + ": name '" + name
                    + "' must be 1-64 characters of a-z, 0-9 and single hyphens");
        } else if (!name.equals(folder)) {
            problems.add(file + ":" + lineOf(text, "name:") + ": name '" + name + "' must equal its folder '" + folder + "'");
        }
        String description = meta.path("description").asText("");
        if (description.isEmpty() || description.length() > 1024) {
            problems.add(file + ":" + lineOf(text, "description:") + ": description must be 1-1024 characters");
        }
        List<String> allowedTools = new ArrayList<>();
        for (String t : meta.path("allowed-tools").asText("").split("[\\s,]+")) {
            if (!t.isBlank()) allowedTools.add(t);
        }
        JsonNode metadata = meta.path("metadata");
        List<String> intents = new ArrayList<>();
        metadata.path("intents").forEach(i -> intents.add(i.asText()));
        String body = text.substring(text.indexOf('\n', end + 1) + 1).strip();
        return new Skill(name, description, List.copyOf(allowedTools), List.copyOf(intents),
                metadata.path("priority").asInt(0), metadata.path("fallback").asText(""), body);
    }

    private static ToolSpec readTool(Path file, List<String> problems) {
        JsonNode tool;
        try {
            tool = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            problems.add(file + ":" + line + ": not valid JSON: " + e.getOriginalMessage());
            return null;
        } catch (IOException e) {
            problems.add(file + ":0: cannot read: " + e.getMessage());
            return null;
        }
        String name = tool.path("name").asText("");
        if (name.isEmpty()) {
            problems.add(file + ":1: a tool needs a 'name'");
            return null;
        }
        if (!tool.path("parameters").isObject()) {
            problems.add(file + ":1: tool '" + name + "' needs 'parameters', a JSON Schema object");
            return null;
        }
        return new ToolSpec(name, tool.path("description").asText(""), tool.get("parameters").toString());
    }

    private static JsonNode readYaml(Path file, List<String> problems) {
        try {
            JsonNode node = YAML.readTree(file.toFile());
            return node == null ? YAML.createObjectNode() : node;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            problems.add(file + ":" + line + ": does not parse: " + e.getOriginalMessage());
        } catch (IOException e) {
            problems.add(file + ":0: cannot read: " + e.getMessage());
        }
        return YAML.createObjectNode();
    }

    private static List<Path> list(Path dir, List<String> problems) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            problems.add(dir + ":0: cannot list: " + e.getMessage());
            return List.of();
        }
    }

    private static int lineOf(String text, String key) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(key)) return i + 1;
        }
        return 1;
    }

    /** SHA-256 over every file's relative path and bytes, in path order: the version's identity. */
    static String contentHash(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                sha.update(dir.relativize(file).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(Files.readAllBytes(file));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new HarnessException(List.of(dir + ":0: cannot hash: " + e.getMessage()));
        }
    }

    private HarnessLoader() { }
}
