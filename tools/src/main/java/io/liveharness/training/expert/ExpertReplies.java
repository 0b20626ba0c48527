package io.liveharness.training.expert;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.type.TypeReference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The expert's phrasings ({@code data/expert/replies.yaml}): per language and act, a few templates with {fields}. */
public final class ExpertReplies {
    public static final Path DEFAULT_FILE = Path.of("data/expert/replies.yaml");
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");
    private final Map<String, Map<String, List<String>>> byLanguage;

    private ExpertReplies(Map<String, Map<String, List<String>>> byLanguage) { this.byLanguage = byLanguage; }

    public static ExpertReplies load(Path file) {
        try {
            return new ExpertReplies(Json.YAML.readValue(file.toFile(), new TypeReference<>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the expert's replies " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * One phrasing of {@code act} in {@code lang} that {@code fields} can fill, chosen by {@code pick};
     * a field left out of {@code fields} leaves out the phrasings that need it.
     *
     * @throws IllegalArgumentException when the act is missing, or every phrasing of it needs a field not given
     */
    public String render(String lang, String act, Map<String, String> fields, int pick) {
        List<String> options = phrasings(lang, act).stream().filter(t -> fillable(t, fields)).toList();
        if (options.isEmpty()) {
            List<String> needed = new ArrayList<>();
            Matcher m = FIELD.matcher(phrasings(lang, act).getFirst());
            while (m.find()) if (!fields.containsKey(m.group(1))) needed.add("{" + m.group(1) + "}");
            throw new IllegalArgumentException("reply '" + act + "' needs " + String.join(", ", needed));
        }
        String template = options.get(Math.floorMod(pick, options.size()));
        Matcher m = FIELD.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = fields.get(m.group(1));
            if (v == null) throw new IllegalArgumentException("reply '" + act + "' needs {" + m.group(1) + "}");
            m.appendReplacement(out, Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Whether {@code act} has a phrasing in {@code lang} that {@code fields} can fill. */
    public boolean canRender(String lang, String act, Map<String, String> fields) {
        return phrasings(lang, act).stream().anyMatch(t -> fillable(t, fields));
    }

    private List<String> phrasings(String lang, String act) {
        List<String> options = byLanguage.getOrDefault(lang, Map.of()).get(act);
        if (options == null || options.isEmpty()) throw new IllegalArgumentException("no reply '" + act + "' in " + lang);
        return options;
    }

    private static boolean fillable(String template, Map<String, String> fields) {
        return FIELD.matcher(template).results().allMatch(r -> fields.containsKey(r.group(1)));
    }
}
