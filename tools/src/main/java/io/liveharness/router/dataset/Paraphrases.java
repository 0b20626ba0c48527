package io.liveharness.router.dataset;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The ways of typing a question that {@link Paraphraser} draws from ({@code data/router/paraphrases.yaml}):
 * homophones, words mixed in from the other script or typed in pinyin, particles, fillers, emoji, the
 * joiners between two questions in one message, and the keyboard rows a letter slips along.
 */
public record Paraphrases(List<List<String>> homophones, List<List<String>> crossScript, List<List<String>> pinyin,
                   Map<String, List<String>> particles, Map<String, List<String>> fillers, List<String> emoji,
                   Map<String, List<String>> joiners, List<String> keyboard) {
    public static final Path DEFAULT_FILE = Path.of("data/router/paraphrases.yaml");

    public Paraphrases {
        homophones = pairs("homophones", homophones);
        crossScript = pairs("crossScript", crossScript);
        pinyin = pairs("pinyin", pinyin);
        particles = byLanguage("particles", particles);
        fillers = byLanguage("fillers", fillers);
        joiners = byLanguage("joiners", joiners);
        if (emoji == null || emoji.isEmpty()) throw new IllegalArgumentException("missing 'emoji': a list of one or more");
        if (keyboard == null || keyboard.isEmpty()) throw new IllegalArgumentException("missing 'keyboard': the rows of letters");
        emoji = List.copyOf(emoji);
        keyboard = List.copyOf(keyboard);
    }

    public static Paraphrases load(Path file) {
        Paraphrases p = YamlFiles.read(file, Paraphrases.class);
        if (p == null) throw Templates.problem(file, 1, "empty: expected homophones, crossScript, pinyin, particles, fillers, emoji, joiners, keyboard");
        return p;
    }

    private static List<List<String>> pairs(String key, List<List<String>> pairs) {
        if (pairs == null || pairs.isEmpty()) throw new IllegalArgumentException("missing '" + key + "': a list of [word, as typed] pairs");
        for (List<String> p : pairs) {
            if (p == null || p.size() != 2 || p.get(0).isBlank() || p.get(1).isBlank()) {
                throw new IllegalArgumentException(key + ": " + p + " is not a pair of two words");
            }
        }
        return List.copyOf(pairs.stream().map(List::copyOf).toList());
    }

    private static Map<String, List<String>> byLanguage(String key, Map<String, List<String>> words) {
        for (String lang : List.of("zh", "en")) {
            if (words == null || words.get(lang) == null || words.get(lang).isEmpty()) {
                throw new IllegalArgumentException("'" + key + "' needs a list for " + lang);
            }
        }
        return Map.copyOf(words);
    }
}
