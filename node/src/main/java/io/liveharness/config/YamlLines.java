package io.liveharness.config;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the line of a key in YAML text by walking its path down the file, each key searched for
 * below the one before. Parsers report where a value ended, not where its key is; operators need
 * the key's line.
 */
public final class YamlLines {

    /** 1-based line of the last key of {@code path}, or {@code fallback} when a key is not found. */
    public static int lineOf(List<String> lines, List<String> path, int fallback) {
        int line = 0;
        for (String segment : path) {
            if (segment == null) continue; // a list index: the next key is below it
            Pattern key = Pattern.compile("^[\\s-]*[\"']?" + Pattern.quote(segment) + "[\"']?\\s*:");
            int found = -1;
            for (int i = line; i < lines.size(); i++) {
                if (key.matcher(lines.get(i)).find()) { found = i; break; }
            }
            if (found < 0) return fallback;
            line = found;
        }
        return line + 1;
    }

    public static int lineOf(List<String> lines, String... path) { return lineOf(lines, List.of(path), 1); }

    private YamlLines() { }
}
