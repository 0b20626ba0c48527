package io.liveharness.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * What one harness version may hold, so a publish cannot fill the store's disk, slow every start
 * that reads the store, or write a file name a shell, a log or an editor shows as something else.
 * Checked before anything is written; each problem names the file (its name escaped where it holds
 * a character that is not printable) and the limit.
 */
final class HarnessLimits {
    static final int MAX_FILES = 128;
    /** Folder levels above a file: {@code skills/after-sales/SKILL.md} is two. */
    static final int MAX_DEPTH = 4;
    static final int MAX_NAME_CHARS = 64;
    static final int MAX_PATH_CHARS = 200;

    private HarnessLimits() { }

    /** Refuses the files if they are too many or too large, or any path is too deep, too long or not printable. */
    static void require(HarnessFiles files) {
        List<String> problems = new ArrayList<>();
        String at = files.origin() + ":0: ";
        if (files.files().size() > MAX_FILES) {
            problems.add(at + "the harness has " + files.files().size() + " files; a harness may hold at most " + MAX_FILES);
        }
        long bytes = files.files().values().stream().mapToLong(b -> b.length).sum();
        if (bytes > HarnessFiles.MAX_BYTES) {
            problems.add(at + "the harness has " + bytes + " bytes; a harness may hold at most " + HarnessFiles.MAX_BYTES + " bytes");
        }
        for (String path : files.files().keySet()) {
            if (problems.size() >= 20) break; // enough to act on; a flood of names would only bury them
            String why = whyRefused(path);
            if (why != null) problems.add(at + "file '" + printable(path) + "' " + why);
        }
        if (!problems.isEmpty()) throw new HarnessException(problems);
    }

    private static String whyRefused(String path) {
        for (int i = 0; i < path.length(); ) {
            int cp = path.codePointAt(i);
            if (!printable(cp)) return "has a name with " + String.format("U+%04X", cp) + ", not a printable character"
                    + " (control, line break, bidi or other format characters are refused)";
            i += Character.charCount(cp);
        }
        String[] segments = path.split("/", -1);
        if (segments.length - 1 > MAX_DEPTH) {
            return "is " + (segments.length - 1) + " folders deep; a harness file may be at most " + MAX_DEPTH + " deep";
        }
        for (String s : segments) {
            int n = s.codePointCount(0, s.length());
            if (n > MAX_NAME_CHARS) return "has a name " + n + " characters long; a name may be at most " + MAX_NAME_CHARS;
        }
        int n = path.codePointCount(0, path.length());
        if (n > MAX_PATH_CHARS) return "has a path " + n + " characters long; a path may be at most " + MAX_PATH_CHARS;
        return null;
    }

    private static boolean printable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> false;
            default -> cp == ' ' || !Character.isWhitespace(cp);
        };
    }

    /** The path as it can be shown: each character that is not printable as {@code \\uXXXX}. */
    static String printable(String path) {
        StringBuilder b = new StringBuilder();
        path.codePoints().limit(MAX_PATH_CHARS).forEach(cp -> {
            if (printable(cp)) b.appendCodePoint(cp);
            else if (cp <= 0xFFFF) b.append(String.format("\\u%04x", cp));
            else b.append(String.format("\\U%08x", cp));
        });
        if (path.codePointCount(0, path.length()) > MAX_PATH_CHARS) b.append("...");
        return b.toString();
    }
}
