package io.liveharness.training.expert;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.type.TypeReference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
     * One phrasing of {@code act} in {@code lang}, chosen by {@code pick}, with its fields filled.
     *
     * @throws IllegalArgumentException when the act or a field it needs is missing
     */
    public String render(String lang, String act, Map<String, String> fields, int pick) {
        List<String> options = byLanguage.getOrDefault(lang, Map.of()).get(act);
        if (options == null || options.isEmpty()) throw new IllegalArgumentException("no reply '" + act + "' in " + lang);
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
}
