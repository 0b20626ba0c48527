package io.liveharness.eval.devset;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dev set's viewer messages and rubric words ({@code data/eval/devset.yaml}): messages per
 * intent, case and language (paraphrases, slots in braces), and named word lists for rubrics.
 *
 * @param file where it was read from, for errors
 */
public record DevSetVocabulary(Path file, Map<String, Map<String, Map<String, List<String>>>> messages, Map<String, List<String>> words) {
    public static final Path DEFAULT_FILE = Path.of("data/eval/devset.yaml");
    private static final Pattern SLOT = Pattern.compile("\\{([a-z]+)}");

    /** The file's shape; Jackson reads it strictly (an unknown key or a wrong type names file and line). */
    private record Raw(Map<String, Map<String, Map<String, List<String>>>> messages, Map<String, List<String>> words) { }

    public static DevSetVocabulary load(Path file) {
        Raw raw = YamlFiles.read(file, Raw.class);
        if (raw == null) throw new YamlFiles.FileException(file + ":1: empty: expected 'messages' and 'words'", null);
        if (raw.messages() == null || raw.messages().isEmpty()) throw new YamlFiles.FileException(file + ":1: missing 'messages'", null);
        if (raw.words() == null || raw.words().isEmpty()) throw new YamlFiles.FileException(file + ":1: missing 'words'", null);
        raw.messages().forEach((intent, cases) -> cases.forEach((key, langs) -> langs.forEach((lang, lines) -> {
            if (lines == null || lines.isEmpty() || lines.stream().anyMatch(l -> l == null || l.isBlank())) {
                throw new YamlFiles.FileException(file + ": messages." + intent + "." + key + "." + lang + " must be a list of one or more non-blank messages", null);
            }
        })));
        raw.words().forEach((name, list) -> {
            if (list == null || list.isEmpty() || list.stream().anyMatch(w -> w == null || w.isEmpty())) {
                throw new YamlFiles.FileException(file + ": words." + name + " must be a list of one or more words", null);
            }
        });
        return new DevSetVocabulary(file, raw.messages(), raw.words());
    }

    /** The paraphrases of one case's message in one language; a missing one fails naming the file. */
    public List<String> messages(String intent, String key, String lang) {
        List<String> out = messages.getOrDefault(intent, Map.of()).getOrDefault(key, Map.of()).get(lang);
        if (out == null) throw new IllegalArgumentException(file + ": no messages." + intent + "." + key + "." + lang);
        return out;
    }

    public boolean hasMessages(String intent, String key) {
        return messages.getOrDefault(intent, Map.of()).containsKey(key);
    }

    /** A named word list; a missing one fails naming the file. */
    public List<String> words(String name) {
        List<String> out = words.get(name);
        if (out == null) throw new IllegalArgumentException(file + ": no words." + name);
        return out;
    }

    public boolean hasWords(String name) { return words.containsKey(name); }

    /** {@code text} with each {slot} replaced by its value ({@code slots}: name, value, name, value...); an unfilled slot is an error. */
    public String fill(String text, String... slots) {
        String out = text;
        for (int i = 0; i + 1 < slots.length; i += 2) out = out.replace("{" + slots[i] + "}", slots[i + 1]);
        Matcher left = SLOT.matcher(out);
        if (left.find()) throw new IllegalArgumentException(file + ": '" + text + "' has a slot {" + left.group(1) + "} this case does not fill");
        return out;
    }
}
