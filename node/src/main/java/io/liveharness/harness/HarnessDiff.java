package io.liveharness.harness;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import java.util.List;
import java.util.TreeSet;

/**
 * What changed between two harness versions, file by file, as unified diffs (three lines of context
 * around each change): what an operator reads before moving a channel.
 */
public final class HarnessDiff {
    private static final int CONTEXT_LINES = 3;

    public static String between(HarnessFiles a, HarnessFiles b) {
        StringBuilder out = new StringBuilder();
        TreeSet<String> paths = new TreeSet<>(a.files().keySet());
        paths.addAll(b.files().keySet());
        for (String path : paths) {
            String x = a.text(path);
            String y = b.text(path);
            if (x != null && x.equals(y)) continue;
            if (x == null) out.append("added   ").append(path).append('\n');
            else if (y == null) out.append("removed ").append(path).append('\n');
            else out.append("changed ").append(path).append('\n');
            List<String> before = x == null ? List.of() : x.lines().toList();
            List<String> after = y == null ? List.of() : y.lines().toList();
            List<String> unified = UnifiedDiffUtils.generateUnifiedDiff(path, path, before, DiffUtils.diff(before, after), CONTEXT_LINES);
            // the first two lines are the ---/+++ file names, already said above
            for (String line : unified.subList(Math.min(2, unified.size()), unified.size())) out.append("    ").append(line).append('\n');
        }
        return out.isEmpty() ? "no differences\n" : out.toString();
    }

    private HarnessDiff() { }
}
