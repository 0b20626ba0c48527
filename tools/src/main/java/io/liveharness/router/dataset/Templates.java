package io.liveharness.router.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.YamlFiles;
import io.liveharness.config.YamlLines;
import io.liveharness.router.Intent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Message templates per intent, in {@link SlotFiller}'s slot syntax, in the file's order: the
 * generator splits and names them by position. Two files hold them: the hand-written bank the
 * test split is drawn from ({@link #BANK_FILE}) and the training-only templates ({@link #TRAINING_ONLY_FILE}).
 */
record Templates(Map<Intent, List<String>> byIntent) {
    static final Path BANK_FILE = Path.of("data/router/templates.yaml");
    static final Path TRAINING_ONLY_FILE = Path.of("data/router/training-only-templates.yaml");

    public Templates {
        byIntent = Collections.unmodifiableMap(new EnumMap<>(byIntent));
    }

    /** Reads a templates file: every intent label once, each with a list of one or more non-blank templates. */
    static Templates load(Path file) {
        JsonNode root = YamlFiles.read(file, JsonNode.class);
        if (root == null || !root.isObject()) throw problem(file, 1, "expected a map of intent label to a list of templates");
        Map<Intent, List<String>> out = new EnumMap<>(Intent.class);
        for (var e : root.properties()) {
            Intent intent = Intent.byExactLabel(e.getKey()).orElseThrow(() -> problem(file, line(file, e.getKey()),
                    "'" + e.getKey() + "' is not an intent label (labels: " + String.join(", ", Intent.labels()) + ")"));
            JsonNode list = e.getValue();
            if (!list.isArray() || list.isEmpty()) throw problem(file, line(file, e.getKey()), e.getKey() + " must be a list of one or more templates");
            List<String> templates = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                JsonNode t = list.get(i);
                if (!t.isTextual() || t.asText().isBlank()) {
                    throw problem(file, line(file, e.getKey()), e.getKey() + "[" + i + "] must be a non-blank string, not " + t);
                }
                templates.add(t.asText());
            }
            out.put(intent, List.copyOf(templates));
        }
        for (Intent intent : Intent.values()) {
            if (!out.containsKey(intent)) throw problem(file, 1, "no templates for '" + intent.label() + "'");
        }
        return new Templates(out);
    }

    List<String> of(Intent intent) { return byIntent.get(intent); }

    static YamlFiles.FileException problem(Path file, int line, String what) {
        return new YamlFiles.FileException(file + ":" + line + ": " + what, null);
    }

    static int line(Path file, String... keyPath) {
        try {
            return YamlLines.lineOf(Files.readAllLines(file), keyPath);
        } catch (IOException e) {
            return 1;
        }
    }
}
