package io.liveharness.eval.augment;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.liveharness.harness.HarnessFiles;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A harness's files while transformations edit them, with the few operations they share. */
public final class HarnessEdit {
    static final ObjectMapper JSON = Json.INDENTED;
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    private final TreeMap<String, String> files = new TreeMap<>();
    private final List<String> notes = new ArrayList<>();

    public HarnessEdit(HarnessFiles from) {
        from.files().forEach((path, bytes) -> files.put(path, new String(bytes, StandardCharsets.UTF_8)));
    }

    public HarnessFiles files(String origin) { return HarnessFiles.fromText(origin, files); }

    public List<String> notes() { return List.copyOf(notes); }

    void note(String s) { notes.add(s); }

    String text(String path) { return files.get(path); }

    void put(String path, String text) { files.put(path, text); }

    void move(String from, String to) { files.put(to, files.remove(from)); }

    List<String> paths(String prefix, String suffix) {
        return files.keySet().stream().filter(p -> p.startsWith(prefix) && p.endsWith(suffix)).toList();
    }

    /** Replaces a name as a whole word (tool and skill names are snake or kebab case) in every text file. */
    void renameEverywhere(String from, String to) {
        Pattern word = Pattern.compile("(?<![A-Za-z0-9_-])" + Pattern.quote(from) + "(?![A-Za-z0-9_-])");
        files.replaceAll((path, text) -> path.endsWith(".json") && path.startsWith("tools/") ? text
                : word.matcher(text).replaceAll(Matcher.quoteReplacement(to)));
    }

    ObjectNode manifest() {
        try {
            return (ObjectNode) YAML.readTree(files.get("harness.yaml"));
        } catch (Exception e) {
            throw new IllegalStateException("harness.yaml does not parse: " + e.getMessage(), e);
        }
    }

    void manifest(JsonNode n) {
        try {
            files.put("harness.yaml", "# A Harness-State Augmentation variant: see docs/eval.md\n" + YAML.writeValueAsString(n));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    ObjectNode json(String path) {
        try {
            return (ObjectNode) JSON.readTree(files.get(path));
        } catch (Exception e) {
            throw new IllegalStateException(path + " does not parse: " + e.getMessage(), e);
        }
    }

    void json(String path, JsonNode n) {
        try {
            files.put(path, JSON.writeValueAsString(n) + "\n");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A SKILL.md's front matter and body, split at the closing '---'. */
    record SkillText(String frontMatter, String body) {
        static SkillText of(String text) {
            String t = text.replace("\r\n", "\n");
            int end = t.indexOf("\n---", 3);
            return new SkillText(t.substring(4, end + 1), t.substring(t.indexOf('\n', end + 1) + 1));
        }

        String text() { return "---\n" + frontMatter + "---\n" + body; }

        String field(String key) {
            Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + ":\\s*(.*)$").matcher(frontMatter);
            return m.find() ? unquote(m.group(1).strip()) : null;
        }

        SkillText withField(String key, String value) {
            String line = key + ": " + quote(value);
            Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + ":.*$").matcher(frontMatter);
            return new SkillText(m.find() ? m.replaceFirst(Matcher.quoteReplacement(line)) : frontMatter + line + "\n", body);
        }

        SkillText withBody(String b) { return new SkillText(frontMatter, b); }

        private static String quote(String s) {
            try {
                return JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(s);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        private static String unquote(String s) {
            if (s.startsWith("\"")) {
                try {
                    return JSON.readValue(s, String.class);
                } catch (Exception e) {
                    return s;
                }
            }
            return s;
        }
    }

    static <T> T pick(List<T> options, java.util.Random random) { return options.get(random.nextInt(options.size())); }

    /** A word table entry's replacement, or a seeded fallback that keeps the word recognisable. */
    static String synonym(Map<String, List<String>> table, String word, java.util.Random random) {
        List<String> options = table.get(word);
        return options == null ? word + "x" : pick(options, random);
    }
}
